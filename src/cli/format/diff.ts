import { unifiedPatch, type ContentDiff, type PageDiff } from '../../content/diff.js';
import type { Style } from '../output.js';

/** `docs cr diff`: the patch (coloured on a terminal), `--stat` and `--name-only`. */

export type Paint = (style: Style, text: string) => string;
export const plain: Paint = (_style, text) => text;

/** Every page's git-style patch; colour only changes how lines look, never what they say. */
export function renderPatch(diff: ContentDiff, paint: Paint = plain): string {
  return diff.pages.map((page) => colourPatch(unifiedPatch(page), paint)).join('');
}

function colourPatch(text: string, paint: Paint): string {
  if (paint === plain) return text;
  let inHunks = false;
  const lines = text.replace(/\n$/, '').split('\n');
  return `${lines
    .map((line) => {
      if (line.startsWith('@@')) {
        inHunks = true;
        return paint('cyan', line);
      }
      if (!inHunks) return paint('bold', line);
      if (line.startsWith('+')) return paint('green', line);
      if (line.startsWith('-')) return paint('red', line);
      if (line.startsWith('\\')) return paint('dim', line);
      return line;
    })
    .join('\n')}\n`;
}

/** The page a line of `--stat` or `--name-only` is about: where it is now, or was when removed. */
export const pagePath = (page: PageDiff): string => page.pathAfter ?? page.pathBefore ?? page.id;

const statName = (page: PageDiff): string =>
  page.pathBefore !== undefined && page.pathAfter !== undefined && page.pathBefore !== page.pathAfter
    ? `${page.pathBefore} => ${page.pathAfter}`
    : pagePath(page);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Like `git diff --stat`: lines added and removed per page, bars scaled to the width, then a total. */
export function renderStat(diff: ContentDiff, width = 80, paint: Paint = plain): string {
  const names = diff.pages.map(statName);
  const counts = diff.pages.map((p) => String(p.added + p.removed));
  const nameWidth = Math.max(0, ...names.map((n) => n.length));
  const countWidth = Math.max(0, ...counts.map((c) => c.length));
  const most = Math.max(0, ...diff.pages.map((p) => p.added + p.removed));
  const room = Math.max(10, width - nameWidth - countWidth - 5);
  const scale = (n: number) => (most <= room || n === 0 ? n : Math.max(1, Math.round((n * room) / most)));
  const rows = diff.pages.map((page, i) => {
    const bar = paint('green', '+'.repeat(scale(page.added))) + paint('red', '-'.repeat(scale(page.removed)));
    return ` ${(names[i] as string).padEnd(nameWidth)} | ${(counts[i] as string).padStart(countWidth)}${bar ? ` ${bar}` : ''}`;
  });
  const total = [plural(diff.pages.length, 'page changed', 'pages changed')];
  if (diff.added > 0 || diff.removed === 0) total.push(`${plural(diff.added, 'insertion', 'insertions')}(+)`);
  if (diff.removed > 0) total.push(`${plural(diff.removed, 'deletion', 'deletions')}(-)`);
  return `${[...rows, ` ${total.join(', ')}`].join('\n')}\n`;
}

export function renderNames(diff: ContentDiff): string {
  return diff.pages.map((page) => `${pagePath(page)}\n`).join('');
}
