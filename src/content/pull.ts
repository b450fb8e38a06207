import type { Page } from '../api/schemas/content.js';
import { titleSlug } from '../api/slug.js';

/**
 * The layout of `docs spaces pull`: a space's page tree as a folder of markdown files, the way
 * GitBook's Git Sync writes it, so the folder can be committed and synced back.
 * - The first top-level page is `README.md`; a page with subpages is a folder with a `README.md`;
 *   any other page is `<slug>.md` in its parent's folder. Git Sync gives `README.md` the slug of
 *   its title, so a first page whose slug is something else is written under its slug instead
 *   (listed first in SUMMARY.md, it stays the first page) and keeps its slug when synced back.
 * - `SUMMARY.md` lists every page in reading order, nested by indentation. Git Sync reads the tree
 *   from it, so it decides titles' order and nesting on import; files it does not list are ignored.
 * - Each file starts with `# <title>` followed by the page's markdown as the API returns it (Git
 *   Sync takes the first heading as the title and the rest as the page's content); a page's
 *   description goes before it, in front matter (`description: …` between `---` lines).
 * - A top-level group is a `## Title` section of SUMMARY.md; its pages are listed under it and
 *   live in a folder named after the group. A group deeper in the tree (not something GitBook
 *   makes) is written like a page without content.
 * - A link page is a SUMMARY.md entry pointing at its URL, with no file.
 * Paths never come from the API as written: each segment is sanitised (see `safeSegment`), so a
 * slug like `../x`, `/etc` or `a/b` stays one harmless name inside the target folder.
 */

export interface PlannedFile {
  /** Relative, `/`-separated, made of safe segments only. */
  path: string;
  page: Page;
}

export interface Layout {
  /** Pages that get a file, in reading order. */
  files: PlannedFile[];
  /** The text of SUMMARY.md. */
  summary: string;
}

export const SUMMARY_FILE = 'SUMMARY.md';

const MAX_SEGMENT = 80;
// README/index are folder pages and SUMMARY the table of contents to Git Sync; the others are
// device names on Windows, where `con.md` cannot be created. A slug of these is written `<slug>-page`,
// so Git Sync gives that page back the slug `<slug>-page`.
export const RESERVED = /^(readme|index|summary|con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * One path segment from a slug or title: letters, digits, `.`, `_` and `-` only (no separators,
 * no `..`, no NUL, nothing markdown link syntax would need escaped), no leading or trailing dot or
 * dash, at most 80 characters. The first candidate with something left wins (a slug of `..` falls
 * back to the title); nothing left gives `page`; a reserved name gets `-page` appended.
 */
export function safeSegment(...candidates: string[]): string {
  for (const raw of candidates) {
    let segment = raw
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
    segment = [...segment]
      .slice(0, MAX_SEGMENT)
      .join('')
      .replace(/[-.]+$/, '');
    if (segment) return RESERVED.test(segment) ? `${segment}-page` : segment;
  }
  return 'page';
}

/** The nested pages of a page (link and computed pages have none). */
export function subpages(page: Page): Page[] {
  const pages = (page as { pages?: unknown }).pages;
  return Array.isArray(pages) ? (pages as Page[]) : [];
}

/** Names taken among siblings; case-insensitive, as the file systems of macOS and Windows are. */
class SiblingNames {
  private readonly taken = new Set<string>();

  claim(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
const linkText = (title: string) => oneLine(title).replace(/[[\]]/g, '');
const summaryEntry = (depth: number, title: string, target: string) => `${'  '.repeat(depth)}* [${linkText(title)}](${target})`;

function linkHref(page: Page): string {
  const loose = page as { href?: unknown; target?: { url?: unknown } };
  const href = typeof loose.href === 'string' ? loose.href : typeof loose.target?.url === 'string' ? loose.target.url : '';
  // A URL with spaces or parentheses would end the markdown link early.
  return href ? `<${href.replace(/[<>\s]/g, encodeURIComponent)}>` : '#';
}

/** Where each page goes, and SUMMARY.md. Pure: the markdown is fetched for `files` afterwards. */
export function planLayout(pages: readonly Page[]): Layout {
  const files: PlannedFile[] = [];
  const lines = ['# Table of contents', ''];
  let readmeTaken = false;

  const walk = (list: readonly Page[], folder: string, depth: number) => {
    const names = new SiblingNames();
    for (const page of list) {
      const name = names.claim(safeSegment(page.slug ?? '', page.title.toLowerCase()));
      const own = `${folder}${name}`;
      const children = subpages(page);
      if (page.type === 'link') {
        lines.push(summaryEntry(depth, page.title, linkHref(page)));
        continue;
      }
      if (page.type === 'group' && depth === 0) {
        lines.push('', `## ${oneLine(page.title)}`, '');
        walk(children, `${own}/`, 0);
        continue;
      }
      let path: string;
      if (depth === 0 && folder === '' && !readmeTaken && page.slug === titleSlug(page.title)) path = 'README.md';
      else path = children.length > 0 ? `${own}/README.md` : `${own}.md`;
      readmeTaken = true;
      files.push({ path, page });
      lines.push(summaryEntry(depth, page.title, encodeURI(path)));
      walk(children, `${own}/`, depth + 1);
    }
  };
  walk(pages, '', 0);
  return { files, summary: `${lines.join('\n')}\n` };
}

/**
 * A page's file: its description as front matter (a JSON string is a valid YAML double-quoted
 * scalar), its title as the first heading, then its markdown unchanged. A title ending in `#`
 * gets a closing `#`, or the heading syntax would drop it when read back.
 */
export function pageFile(title: string, markdown: string | undefined, description?: string): string {
  const heading = oneLine(title);
  const front = description ? `---\ndescription: ${JSON.stringify(description)}\n---\n\n` : '';
  const text = `${front}# ${/#$/.test(heading) ? `${heading} #` : heading}\n`;
  return markdown ? `${text}\n${markdown}` : text;
}

/**
 * The line of a page's file (`pageFile`) that line `line` of its markdown is on: after the front
 * matter (4 lines with a description), the title heading and the blank line after it.
 */
export const fileLine = (line: number, description?: string): number => line + (description ? 4 : 0) + 2;
