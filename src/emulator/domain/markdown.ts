import { titleSlug } from '../../api/slug.js';

/**
 * The little markdown the emulator needs to understand: titles, sections (for search), links (for
 * link reports and backlinks), a JSON document rendering (for `format=document`) and the reverse.
 * Deliberately line-based: pages are authored by tests, seeds and imports, not by a rich editor.
 */

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/** The first `# heading` as the title, and the markdown without it. */
export function splitTitle(markdown: string): { title?: string; body: string } {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const index = lines.findIndex((line) => line.trim() !== '');
  const match = index >= 0 ? /^#\s+(.*?)\s*#*\s*$/.exec(lines[index] ?? '') : null;
  if (!match || !match[1]) return { body: markdown };
  const rest = lines.slice(index + 1);
  while (rest.length > 0 && rest[0]?.trim() === '') rest.shift();
  return { title: match[1], body: rest.join('\n') };
}

export interface Section {
  /** Heading text; undefined for the text before the first heading. */
  heading?: string;
  level: number;
  anchor?: string;
  /** Plain text of the section's paragraphs, one string per paragraph. */
  paragraphs: string[];
}

/** Strip inline markdown so search bodies and document leaves read as plain text. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(.*?)\1/g, '$2')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/^>\s?/, '')
    .trim();
}

export function sections(markdown: string): Section[] {
  const out: Section[] = [{ level: 0, paragraphs: [] }];
  let paragraph: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = plainText(paragraph.join(' '));
    if (text) out[out.length - 1]?.paragraphs.push(text);
    paragraph = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    const heading = fenced ? null : HEADING.exec(line);
    if (heading && heading[2]) {
      flush();
      const title = plainText(heading[2]);
      out.push({ heading: title, level: heading[1]?.length ?? 1, anchor: titleSlug(title), paragraphs: [] });
    } else if (line.trim() === '' || /^\s*(?:[-*+]|\d+[.)])\s+/.test(line)) {
      flush();
      if (line.trim() !== '') paragraph.push(line);
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return out.filter((s) => s.heading !== undefined || s.paragraphs.length > 0);
}

export interface MarkdownLink {
  text: string;
  target: string;
  image: boolean;
}

/** Inline links and images `[text](target "title")`, outside code. */
export function extractLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  // Without a backtick (no code to cut out, no fence), only a line with `](` can hold a link.
  const code = markdown.includes('`');
  if (!code && !markdown.includes('](')) return links;
  const fences = code || markdown.includes('~~~');
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (fences && /^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const text = code ? line.replace(/`[^`]*`/g, '') : line;
    if (!text.includes('](')) continue;
    for (const m of text.matchAll(/(!?)\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ image: m[1] === '!', text: m[2] ?? '', target: m[3] ?? '' });
    }
  }
  return links;
}

/* ---------- JSON document (`format=document`) ---------- */

type TextNode = { object: 'text'; leaves: { object: 'leaf'; text: string; marks: never[] }[] };
const textNode = (text: string): TextNode => ({ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] });

/** A minimal JSON document (headings and paragraphs) in the spec's `JSONDocument` shape. */
export function markdownToDocument(markdown: string): { object: 'document'; data: Record<string, never>; nodes: unknown[] } {
  const nodes: unknown[] = [];
  let key = 0;
  for (const section of sections(markdown)) {
    if (section.heading !== undefined) {
      const level = Math.min(Math.max(section.level, 1), 3);
      nodes.push({
        object: 'block',
        type: `heading-${level}`,
        key: `b${key++}`,
        data: { id: section.anchor },
        nodes: [textNode(section.heading)],
      });
    }
    for (const paragraph of section.paragraphs) {
      nodes.push({ object: 'block', type: 'paragraph', key: `b${key++}`, nodes: [textNode(paragraph)] });
    }
  }
  return { object: 'document', data: {}, nodes };
}

/** Markdown from a JSON document: every block's text on its own paragraph; headings keep their level. */
export function documentToMarkdown(document: unknown): string {
  const blocks: string[] = [];
  const textOf = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const n = node as { leaves?: { text?: unknown }[]; nodes?: unknown[]; text?: unknown };
    if (Array.isArray(n.leaves)) return n.leaves.map((l) => (typeof l.text === 'string' ? l.text : '')).join('');
    if (typeof n.text === 'string') return n.text;
    return Array.isArray(n.nodes) ? n.nodes.map(textOf).join('') : '';
  };
  const nodes = (document as { nodes?: unknown[] } | null)?.nodes;
  for (const block of Array.isArray(nodes) ? nodes : []) {
    const type = (block as { type?: unknown }).type;
    const text = textOf(block);
    const level = typeof type === 'string' ? /^heading-(\d)$/.exec(type)?.[1] : undefined;
    blocks.push(level ? `${'#'.repeat(Number(level))} ${text}` : text);
  }
  return blocks.join('\n\n');
}

/** Most markdown texts kept in `linkTargets` (the pages of a few large spaces). */
const TARGETS_KEPT = 50_000;
const targetsByText = new Map<string, readonly string[]>();

/**
 * The link targets of a page's markdown, extracted once per text: the same text always has the same
 * targets, so an unchanged page of a new revision (a Git import, a merge) is not parsed again, and
 * a changed one is, whatever revision it is in. A revision's pages are read here when it is written
 * (revisions.ts createRevision), as a server indexes links on write, so the first link report after
 * a large import does not parse every page.
 */
export function linkTargets(markdown: string): readonly string[] {
  let targets = targetsByText.get(markdown);
  if (targets === undefined) {
    targets = extractLinks(markdown).map((link) => link.target);
    if (targetsByText.size >= TARGETS_KEPT) targetsByText.delete(targetsByText.keys().next().value!);
    targetsByText.set(markdown, targets);
  }
  return targets;
}
