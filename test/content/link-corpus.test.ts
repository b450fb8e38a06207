import { describe, expect, it } from 'vitest';
import { classify, linkContext } from '../../src/content/link-check.js';
import { extractLinks } from '../../src/content/markdown-links.js';
import { CASES, CORPUS_PAGE, corpusMarkdown, PAGES } from '../fixtures/link-corpus.js';

/**
 * Every link of the corpus (test/fixtures/link-corpus.ts) gets the verdict the corpus gives it, on
 * its line, and nothing else is found: no false positive, no link missed.
 */

const corpus = CORPUS_PAGE();
const pages = [...PAGES, corpus];
const context = linkContext(pages, new Map(pages.map((p) => [p.id, p.markdown])), new Set(['app.docs.test']));

describe('the link corpus', () => {
  it('has at least 200 links, of every verdict', () => {
    const links = CASES.flatMap((c) => c.links);
    expect(links.length).toBeGreaterThanOrEqual(200);
    for (const verdict of ['ignored', 'in-app', 'external', 'page', 'anchor', 'broken-anchor', 'unresolved'])
      expect(links.some((l) => l.verdict === verdict)).toBe(true);
  });

  it('each case: the links it holds, with their verdicts and lines', () => {
    const { markdown, startLines } = corpusMarkdown();
    const found = extractLinks(markdown).map((link) => ({
      target: link.target,
      line: link.line,
      verdict: classify(link.target, corpus, context).verdict,
    }));
    const expected: { target: string; line: number; verdict: string }[] = [];
    CASES.forEach((c, i) => {
      for (const l of c.links) expected.push({ target: l.target, line: (startLines[i] as number) + (l.line ?? 1) - 1, verdict: l.verdict });
    });
    // Compared case by case first, for a message that names the case.
    for (const [i, c] of CASES.entries()) {
      const from = startLines[i] as number;
      const to = from + c.markdown.split('\n').length;
      const inCase = found.filter((f) => f.line >= from && f.line < to);
      expect(inCase, c.name).toEqual(c.links.map((l) => ({ target: l.target, line: from + (l.line ?? 1) - 1, verdict: l.verdict })));
    }
    expect(found).toEqual(expected);
  });
});
