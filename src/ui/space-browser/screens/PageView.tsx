import { Text } from 'ink';
import { stripVTControlCharacters } from 'node:util';
import { useMemo } from 'react';
import type { Page } from '../../../api/schemas/content.js';
import type { Space } from '../../../api/schemas/space.js';
import { useRequest } from '../../hooks.js';
import { displayWidth, wrapLines } from '../../format.js';
import { anchorAt, lineAt, textOffsets, TOP, type Anchor } from '../anchor.js';
import { useBrowser, useScreenKeys, useScreenState, type Trail } from '../context.js';
import { markdownOf, scopePage } from '../../../api/scope.js';
import { contentLabel, contentScope, spaceTrail } from '../data.js';
import { Frame, useBodySize } from '../Frame.js';
import { loadMarkdownRenderer } from '../markdown.js';

/** What a page without markdown shows instead (groups, links, computed pages). */
function noContent(page: Page): string {
  if (page.type === 'group') return 'This page is a group: it has sub-pages and no content of its own.';
  if (page.type === 'link') return `This page is a link${typeof page.href === 'string' && page.href ? ` to ${page.href}` : ''}.`;
  return `This page is of type ${page.type}: it has no markdown content.`;
}

/** The first line to show after a scroll key, kept within the text. */
export function scrollTo(
  top: number,
  total: number,
  height: number,
  input: string,
  key: { upArrow?: boolean; downArrow?: boolean; pageUp?: boolean; pageDown?: boolean; home?: boolean; end?: boolean },
): number {
  const last = Math.max(0, total - height);
  let next = top;
  if (key.downArrow || input === 'j') next += 1;
  else if (key.upArrow || input === 'k') next -= 1;
  else if (key.pageDown || input === ' ' || input === 'f') next += Math.max(1, height - 1);
  else if (key.pageUp || input === 'b') next -= Math.max(1, height - 1);
  else if (key.home || input === 'g') next = 0;
  else if (key.end || input === 'G') next = last;
  return Math.max(0, Math.min(last, next));
}

/** A page's content, rendered for the terminal and scrollable, under its path and URL. */
export function PageView({ space, pageId, trail }: { space: Space; pageId: string; trail?: Trail | undefined }) {
  const { client, push, changeRequestOf } = useBrowser();
  const cr = changeRequestOf(space.id);
  const page = useRequest(
    (signal) => scopePage(client, contentScope(space.id, cr), pageId, { signal }),
    [client, space.id, cr?.id, pageId],
  );
  const renderer = useRequest(() => loadMarkdownRenderer(), []);
  // Title, location and content lines.
  const body = useBodySize(3);
  // Kept by text position, so that the same text stays at the top when a resize lays the page out again.
  const [anchor, setAnchor] = useScreenState<Anchor>('anchor', TOP);
  const markdown = page.data ? markdownOf(page.data) : undefined;
  const lines = useMemo(() => {
    if (!page.data) return [];
    if (markdown === undefined) return wrapLines(noContent(page.data), body.columns);
    if (!renderer.data) return [];
    // Paragraphs are laid out to the width; what is still wider (code, tables, long URLs) wraps, so nothing is cut.
    return renderer
      .data(markdown, Math.max(20, body.columns - 2))
      .flatMap((line) => (displayWidth(stripVTControlCharacters(line)) > body.columns ? wrapLines(line, body.columns) : [line]));
  }, [page.data, markdown, renderer.data, body.columns]);
  const offsets = useMemo(() => textOffsets(lines), [lines]);
  const first = Math.min(lineAt(offsets, anchor), Math.max(0, lines.length - body.rows));

  useScreenKeys(
    (input, key) => {
      if (input === '/') return push({ kind: 'search', space, ...(trail ? { trail } : {}) });
      if (input === 'R') return page.reload();
      // From the latest position: keys typed faster than the screen redraws all count.
      setAnchor((prev) => {
        const top = Math.min(lineAt(offsets, prev), Math.max(0, lines.length - body.rows));
        const next = scrollTo(top, lines.length, body.rows, input, key);
        return next === top ? prev : anchorAt(offsets, next);
      });
    },
    { known: '/R fb' },
  );

  const p = page.data;
  const location = p ? [`/${p.path ?? ''}`, p.urls?.app].filter(Boolean).join(' · ') : 'Loading…';
  const loading =
    page.state === 'loading' ? 'Loading the page…' : markdown !== undefined && renderer.state === 'loading' ? 'Preparing the text…' : false;
  const shown = lines.slice(first, first + body.rows);
  const position = lines.length > body.rows ? `lines ${first + 1}–${first + shown.length} of ${lines.length}` : undefined;
  return (
    <Frame
      title={spaceTrail(space, trail, p?.title ?? pageId)}
      lines={[location, contentLabel(cr)]}
      keys={[
        ['↑↓/jk', 'scroll'],
        ['space/b', 'page down/up'],
        ['/', 'search'],
      ]}
      more={[
        ['pgdn/pgup', 'page down/up'],
        ['g/G', 'top/end'],
        ['R', 'refresh'],
      ]}
      loading={loading}
      error={page.state === 'error' ? page.error : renderer.state === 'error' ? renderer.error : undefined}
      {...(position !== undefined ? { notice: position } : {})}
    >
      {shown.map((line, i) => (
        <Text key={first + i} wrap="truncate">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Frame>
  );
}
