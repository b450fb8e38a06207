import { formatPatch } from 'diff';
import type { DiffHunk, PageDiff } from './diff.js';

/**
 * A page as a file in a patch, laid out the way Git Sync writes pages: `<path>.md` holding
 * `# <title>`, a blank line, then the markdown. So a new title is an ordinary change of line 1,
 * and the patch applies with `git apply` or `patch -p1` to such a tree. The page's own hunks
 * (markdown only) move down two lines; an added or removed page also adds or removes its title.
 */

/** The file a page is written to in a patch: its path with `.md`. */
export const pageFile = (path: string) => `${path}.md`;

const heading = (title: string | undefined) => `# ${(title ?? '').replace(/\s+/g, ' ')}`;

/** The hunks of the whole file from the page's markdown hunks and its titles. */
function fileHunks(page: PageDiff): DiffHunk[] {
  const only = page.hunks[0];
  if (page.pathBefore === undefined || page.pathAfter === undefined) {
    // Added or removed: one hunk holding every line, title first.
    const sign = page.pathBefore === undefined ? '+' : '-';
    const lines = [`${sign}${heading(page.titleAfter ?? page.titleBefore)}`, sign, ...(only?.lines ?? [])];
    const count = lines.filter((l) => l[0] === sign).length;
    return [
      sign === '+'
        ? { oldStart: 1, oldLines: 0, newStart: 1, newLines: count, lines }
        : { oldStart: 1, oldLines: count, newStart: 1, newLines: 0, lines },
    ];
  }
  const shifted = page.hunks.map((h) => ({ ...h, oldStart: h.oldStart + 2, newStart: h.newStart + 2 }));
  if (page.titleBefore === page.titleAfter) return shifted;
  const title = [`-${heading(page.titleBefore)}`, `+${heading(page.titleAfter)}`, ' '];
  const first = shifted[0];
  // A markdown hunk starting on the first line of the body joins the title's, as diff would show it.
  if (first && first.oldStart === 3 && first.newStart === 3) {
    return [
      { oldStart: 1, oldLines: first.oldLines + 2, newStart: 1, newLines: first.newLines + 2, lines: [...title, ...first.lines] },
      ...shifted.slice(1),
    ];
  }
  return [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: title }, ...shifted];
}

/**
 * Plain unified diff text of one page, git style: `diff --git`, `--- a/<path>.md` /
 * `+++ b/<path>.md` headers, /dev/null for added and removed pages, `rename from/to` for moved
 * ones (header only when nothing else changed).
 */
export function unifiedPatch(page: PageDiff): string {
  const before = page.pathBefore !== undefined ? pageFile(page.pathBefore) : undefined;
  const after = page.pathAfter !== undefined ? pageFile(page.pathAfter) : undefined;
  return formatPatch({
    oldFileName: before !== undefined ? `a/${before}` : '/dev/null',
    newFileName: after !== undefined ? `b/${after}` : '/dev/null',
    oldHeader: undefined,
    newHeader: undefined,
    hunks: fileHunks(page),
    isGit: true,
    isCreate: before === undefined,
    isDelete: after === undefined,
    isRename: before !== undefined && after !== undefined && before !== after,
  });
}
