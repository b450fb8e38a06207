import { Box, measureElement, Text, useStdout, type DOMElement } from 'ink';
import { useEffect, useRef, type ReactNode } from 'react';
import { KeyHelp, type KeyBinding } from '../components/KeyHelp.js';
import { KeyList, keyListRows } from '../components/KeyList.js';
import { StatusLine } from '../components/StatusLine.js';
import { clipWords, displayWidth } from '../format.js';
import { useTerminalSize } from '../hooks.js';
import { linkLines, supportsHyperlinks } from '../hyperlink.js';
import { useFirstScreen } from '../keys.js';
import { wrapTokens } from '../wrap.js';
import { useBrowser, useScreen } from './context.js';

const GLOBAL_KEYS: readonly KeyBinding[] = [
  ['?', 'this help'],
  ['q/esc', 'back (quit on the first screen)'],
  ['ctrl-c', 'quit'],
];

/**
 * The size of the current screen's body: the rows the frame's flex layout left it under the header
 * (which wraps, so its height depends on the width) and above the status and key lines, as Frame
 * measured them after the last draw. Until the screen has been drawn once, an estimate from
 * `headerLines`, the lines the screen expects above its body.
 */
export function useBodySize(headerLines = 1): { columns: number; rows: number } {
  const { columns, rows } = useTerminalSize();
  const { bodyRows } = useBrowser();
  const screen = useScreen();
  const measured = bodyRows?.screen === screen ? bodyRows.rows : undefined;
  return { columns, rows: Math.max(1, measured ?? frameRows(rows) - headerLines - 2) };
}

/** One row is left free: output as tall as the terminal makes Ink clear the whole screen on each render. */
const frameRows = (rows: number): number => Math.max(3, rows - 1);

/**
 * A header line wrapped to the width between words (wrapTokens): a URL moves to a line of its own whole, and
 * one longer than the width breaks after a `/` in it, never inside a name. With `links`, every piece of a
 * URL is an OSC 8 link to the whole URL (supportsHyperlinks says when the terminal shows them).
 */
export function wrapHeader(text: string, columns: number, links = false): string {
  const lines = wrapTokens(text, Math.max(2, columns));
  return (links ? linkLines(text, lines) : lines).join('\n');
}

const CRUMB = ' › ';
const FOLDED = '…› ';

/**
 * A breadcrumb (`Acme Docs › Product › Guides › 🚀 Getting Started › Pages`) on one line of `columns`: when it is
 * wider, whole names are folded away from the left into `…›`, never cut. The last name (the screen's own) is never
 * folded: when it alone is wider than a line, it wraps between words under the header (wrapHeader).
 */
export function foldTrail(parts: readonly string[], columns: number): string {
  for (let skip = 0; skip < parts.length; skip += 1) {
    const text = (skip > 0 ? FOLDED : '') + parts.slice(skip).join(CRUMB);
    if (displayWidth(text) <= columns || skip === parts.length - 1) return text;
  }
  return '';
}

/**
 * One screen of the browser: a title (and optional header lines under it), the body, a status
 * line and the key line. The title and the header lines wrap to the width; the body takes the
 * rows that are left, and the screen reads how many with useBodySize. With `?` the body gives way
 * to the full list of keys.
 */
export function Frame({
  title,
  lines = [],
  keys,
  more = [],
  typing = false,
  loading,
  error,
  notice,
  children,
}: {
  /** The screen's name, or a breadcrumb of names ending with it (folded from the left to fit: foldTrail). */
  title: string | readonly string[];
  /** Header lines under the title (content shown, path and URL). */
  lines?: readonly string[];
  keys: readonly KeyBinding[];
  /** Keys listed only in the `?` help, so that the key line fits 80 columns. */
  more?: readonly KeyBinding[];
  /** A text input has the keys: `?` and `q` are letters then, so they are not offered. */
  typing?: boolean;
  loading?: string | false;
  error?: unknown;
  notice?: string;
  children: ReactNode;
}) {
  const { columns, rows } = useTerminalSize();
  const { helpOpen, helpTop, helpSize, setBodyRows, stack, sign } = useBrowser();
  // On the first screen q quits, and the key line says so.
  const q: KeyBinding = ['q', stack.length <= 1 ? 'quit' : 'back'];
  const { stdout } = useStdout();
  const links = supportsHyperlinks(stdout);
  useFirstScreen(!loading);
  const screen = useScreen();
  const bodyRef = useRef<DOMElement>(null);
  // After each draw: the rows the layout gave the body, for the screen's scrolling.
  useEffect(() => {
    if (bodyRef.current) setBodyRows({ screen, rows: Math.max(1, Math.floor(measureElement(bodyRef.current).height)) });
  });
  const all = [...keys, ...more, ...GLOBAL_KEYS];
  const body = useBodySize(1);
  if (helpOpen) helpSize.current = { height: body.rows, count: keyListRows(all, columns).length };
  return (
    <Box flexDirection="column" width={columns} height={frameRows(rows)}>
      <Box flexShrink={0}>
        <Text bold color="cyan">
          {wrapHeader(typeof title === 'string' ? title : foldTrail(title, columns), columns, links)}
        </Text>
      </Box>
      {lines.map((line, i) => (
        <Box key={i} flexShrink={0}>
          <Text dimColor>{wrapHeader(line, columns, links)}</Text>
        </Box>
      ))}
      <Box ref={bodyRef} flexDirection="column" flexGrow={1} flexShrink={1} overflow="hidden">
        {/* Its lines keep their height: what does not fit is cut at the bottom, not squeezed out of the middle. */}
        <Box flexDirection="column" flexShrink={0}>
          {helpOpen ? <KeyList title="Keys" keys={all} height={body.rows} width={columns} top={helpTop} scrolls /> : children}
        </Box>
      </Box>
      <Box flexShrink={0}>
        <StatusLine loading={loading} error={error} notice={notice} sign={sign} width={columns} />
      </Box>
      <Box flexShrink={0}>
        <KeyHelp keys={typing ? keys : [...keys, ['?', 'help'], q]} width={columns} />
      </Box>
    </Box>
  );
}

/**
 * A list row: the selected one is marked `❯` and drawn inverse (the mark stays without colour).
 * The text is cut to the width by display width, between words, and the dim part gets what is left.
 */
export function Row({ text, selected, width, dim }: { text: string; selected: boolean; width: number; dim?: string }) {
  // Cut between words, by display width: what is left ends with a whole word and …
  const main = clipWords(`${selected ? '❯' : ' '} ${text}`, width);
  const room = width - displayWidth(main);
  const rest = dim && room > 3 ? clipWords(`  ${dim}`, room) : '';
  return (
    <Text wrap="truncate" inverse={selected}>
      {main}
      <Text dimColor={!selected}>{rest}</Text>
    </Text>
  );
}
