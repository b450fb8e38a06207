import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/schemas/content.js';
import {
  escapeData,
  escapeProperty,
  githubCommands,
  jobSummary,
  junitXml,
  sarifLog,
  type CheckRun,
} from '../../src/cli/format/check-formats.js';
import type { CheckResult } from '../../src/content/check.js';
import { sarifErrors } from '../helpers/sarif.js';

/**
 * The CI formats of `cr check` and `spaces check` on a hand-made report: files from the Git Sync
 * layout, escaping of what GitHub and XML treat specially, schema-valid SARIF, and JUnit a reader parses.
 */

const page = (title: string, slug: string, path: string, pages: Page[] = []): Page => ({
  id: `p_${slug}`,
  type: 'document',
  title,
  slug,
  path,
  pages,
});
const tree: Page[] = [
  page('Welcome', 'welcome', 'welcome'),
  page('Guides', 'guides', 'guides', [
    page('Set up, then run: 100%', 'set-up', 'guides/set-up'),
    page('Ünïcode', 'unicode', 'guides/unicode'),
  ]),
  page('FAQ', 'faq', 'faq'),
];
const run: CheckRun = {
  title: 'docs cr check 3',
  kinds: ['broken-link', 'empty-page', 'outdated', 'open-comment'],
  scope: 'sp_1/cr_1',
  version: '1.2.3',
  tree,
};
const report: CheckResult = {
  ok: false,
  findings: [
    { kind: 'outdated', page: null, message: 'change request #3 is behind the primary content', introduced: true },
    { kind: 'broken-link', page: 'guides/set-up', message: 'broken link to a,b:c 50%\r\nnext line', introduced: true },
    { kind: 'broken-link', page: 'guides/set-up', message: 'broken link to <x & "y">', introduced: false },
    { kind: 'empty-page', page: 'faq', message: '"FAQ" has no content', introduced: true },
    { kind: 'open-comment', page: 'guides/unicode', message: 'open comment c1 by Ada: "bell\u0007 | pipe"', introduced: true },
  ],
};

describe('--format github', () => {
  it('escapes data and properties as GitHub documents', () => {
    expect(escapeData('a%b\r\nc:d,e')).toBe('a%25b%0D%0Ac:d,e');
    expect(escapeProperty('a%b\r\nc:d,e')).toBe('a%25b%0D%0Ac%3Ad%2Ce');
  });

  it('writes one ::error per finding, with the file of the Git Sync layout and the kind as title', () => {
    expect(githubCommands(report, run).split('\n')).toEqual([
      '::error title=outdated::change request #3 is behind the primary content',
      '::error file=guides/set-up.md,title=broken-link::broken link to <x & "y"> (already in primary content)',
      '::error file=guides/set-up.md,title=broken-link::broken link to a,b:c 50%25%0D%0Anext line',
      '::error file=guides/unicode.md,title=open-comment::open comment c1 by Ada: "bell\u0007 | pipe"',
      '::error file=faq.md,title=empty-page::"FAQ" has no content',
      '',
    ]);
    expect(githubCommands({ ok: true, findings: [] }, run)).toBe('');
  });

  it('puts --path-prefix before each file, and escapes it as a property', () => {
    const out = githubCommands(report, { ...run, pathPrefix: 'docs,v1/' });
    expect(out).toContain('::error file=docs%2Cv1/guides/set-up.md,title=broken-link::');
  });

  it('summarises the findings as a markdown table, cells escaped', () => {
    const summary = jobSummary(report, run);
    expect(summary.startsWith('### `docs cr check 3`: 5 findings\n\n| Kind | Page | File | Message |\n| --- | --- | --- | --- |\n')).toBe(
      true,
    );
    expect(summary).toContain('| outdated |  |  | change request #3 is behind the primary content |');
    expect(summary).toContain('| broken-link | guides/set-up | guides/set-up.md | broken link to a,b:c 50% next line |');
    expect(summary).toContain('bell\u0007 \\| pipe');
    expect(summary.split('\n').filter((l) => l.startsWith('| ')).length).toBe(2 + 5);
    expect(jobSummary({ ok: true, findings: [] }, run)).toBe('### `docs cr check 3`: no findings\n\n');
  });
});

describe('--format sarif', () => {
  it('is valid SARIF 2.1.0, one rule per kind, results located by file', () => {
    const log = JSON.parse(sarifLog(report, run)) as {
      version: string;
      runs: {
        tool: { driver: { name: string; version: string; rules: { id: string }[] } };
        results: { ruleId: string; ruleIndex: number; level: string; baselineState?: string; locations: unknown[] }[];
      }[];
    };
    expect(sarifErrors(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    const [only] = log.runs;
    expect(only?.tool.driver).toMatchObject({ name: 'docs', version: '1.2.3' });
    expect(only?.tool.driver.rules.map((r) => r.id)).toEqual(run.kinds);
    expect(only?.results.map((r) => [r.ruleId, r.ruleIndex, r.level, r.baselineState])).toEqual([
      ['outdated', 2, 'error', 'new'],
      ['broken-link', 0, 'error', 'unchanged'],
      ['broken-link', 0, 'error', 'new'],
      ['open-comment', 3, 'error', 'new'],
      ['empty-page', 1, 'error', 'new'],
    ]);
    expect(only?.results.map((r) => r.locations)).toEqual(
      ['SUMMARY.md', 'guides/set-up.md', 'guides/set-up.md', 'guides/unicode.md', 'faq.md'].map((uri) => [
        { physicalLocation: { artifactLocation: { uri } } },
      ]),
    );
  });

  it('a clean report is valid too, with no results', () => {
    const log = JSON.parse(sarifLog({ ok: true, findings: [] }, { ...run, tree: undefined })) as { runs: { results: unknown[] }[] };
    expect(sarifErrors(log)).toEqual([]);
    expect(log.runs[0]?.results).toEqual([]);
  });

  it('the same findings in another order give the same bytes', () => {
    const shuffled = { ...report, findings: [...report.findings].reverse() };
    expect(sarifLog(shuffled, run)).toBe(sarifLog(report, run));
    expect(githubCommands(shuffled, run)).toBe(githubCommands(report, run));
    expect(junitXml(shuffled, run, true)).toBe(junitXml(report, run, true));
  });
});

describe('--format junit', () => {
  it('parses with a JUnit reader: a case per page checked and for the change request, a failure per finding', async () => {
    const xml = junitXml(report, run, true);
    const parsed = (await parse(xml)) as {
      tests?: number;
      testsuite?: {
        name?: string;
        tests?: number;
        failures?: number;
        testcase?: { name?: string; classname?: string; failure?: { type?: string; message?: string; inner?: string }[] }[];
      }[];
    };
    const suites = parsed.testsuite ?? [];
    expect(suites).toHaveLength(1);
    const suite = suites[0];
    expect(suite?.name).toBe('docs cr check 3');
    expect(suite?.tests).toBe(6);
    expect(suite?.failures).toBe(4);
    const cases = suite?.testcase ?? [];
    expect(cases.map((c) => c.name)).toEqual(['change request', 'welcome', 'guides', 'guides/set-up', 'guides/unicode', 'faq']);
    expect(cases.every((c) => c.classname === 'sp_1/cr_1')).toBe(true);
    const setUp = cases[3]?.failure ?? [];
    expect(setUp.map((f) => f.type)).toEqual(['broken-link', 'broken-link']);
    expect(setUp.map((f) => f.message)).toEqual([
      'broken link to <x & "y"> (already in primary content)',
      'broken link to a,b:c 50%\r\nnext line',
    ]);
    // A control character XML 1.0 cannot hold is replaced, not written.
    expect(cases[4]?.failure?.[0]?.message).toBe('open comment c1 by Ada: "bell\uFFFD | pipe"');
    expect(cases[1]?.failure).toBeUndefined();
    expect(xml).not.toMatch(/time=|timestamp=/);
  });

  it('spaces check has no change request case', async () => {
    const xml = junitXml({ ok: true, findings: [] }, { ...run, title: 'docs spaces check sp_1', scope: 'sp_1' }, false);
    const parsed = (await parse(xml)) as { testsuite?: { testcase?: { name?: string; classname?: string }[] }[] };
    expect(parsed.testsuite?.[0]?.testcase?.map((c) => [c.name, c.classname])).toEqual([
      ['welcome', 'sp_1'],
      ['guides', 'sp_1'],
      ['guides/set-up', 'sp_1'],
      ['guides/unicode', 'sp_1'],
      ['faq', 'sp_1'],
    ]);
  });
});
