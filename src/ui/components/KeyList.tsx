import { Box, Text } from 'ink';
import { displayWidth, truncate } from '../format.js';
import { wrapTokens } from '../wrap.js';
import type { KeyBinding } from './KeyHelp.js';

/** The rows of the key list at `width`: each key with its description wrapped between words under itself. */
export function keyListRows(keys: readonly KeyBinding[], width: number): { key: string; text: string }[] {
  const keyWidth = Math.min(Math.max(1, ...keys.map(([k]) => displayWidth(k))), Math.floor(width / 3));
  const room = Math.max(8, width - keyWidth - 2);
  return keys.flatMap(([key, label]) =>
    wrapTokens(label, room).map((text, i) => ({ key: i === 0 ? truncate(key, keyWidth).padEnd(keyWidth) : ' '.repeat(keyWidth), text })),
  );
}

/**
 * The `?` help of both views: every key with what it does, under a title, one key a row and the description
 * wrapped between words (never cut). When the rows are more than the height, they scroll from `top`, and the
 * title says which rows show and how to move.
 */
export function KeyList({
  title,
  keys,
  height,
  width,
  top = 0,
  scrolls = false,
}: {
  title: string;
  keys: readonly KeyBinding[];
  height: number;
  width: number;
  top?: number;
  /** The screen scrolls the list with ↑↓ (scrollKeyList): the title says so. */
  scrolls?: boolean;
}) {
  const rows = keyListRows(keys, width);
  const room = Math.max(1, height - 1);
  const first = Math.max(0, Math.min(top, rows.length - room));
  const shown = rows.slice(first, first + room);
  const closes = `(any ${scrolls ? 'other ' : ''}key closes this)`;
  const lines = `lines ${first + 1}–${first + shown.length} of ${rows.length}`;
  // The longest form that fits the width: on a narrow terminal the words go before the position does.
  const forms =
    rows.length > room
      ? [
          `${title} ${closes} · ${lines}${scrolls ? ', ↑↓ scroll' : ''}`,
          `${title} · ${lines}${scrolls ? ' · ↑↓ scroll, other keys close' : ''}`,
          `${title} · ${lines}${scrolls ? ' · ↑↓ scroll' : ''}`,
          `${title} · ${first + 1}–${first + shown.length}/${rows.length}`,
        ]
      : [`${title} ${closes}`, title];
  const heading = forms.find((form) => displayWidth(form) <= width) ?? truncate(forms.at(-1) ?? title, width);
  return (
    <Box flexDirection="column">
      <Text bold>{heading}</Text>
      {shown.map((row, i) => (
        <Text key={first + i} wrap="truncate">
          <Text color="cyan">{row.key}</Text>
          {`  ${row.text}`}
        </Text>
      ))}
    </Box>
  );
}

/** Where the key list starts after `input`: ↑↓, j k, space and b scroll it; undefined for a key that closes it. */
export function scrollKeyList(
  top: number,
  input: string,
  key: { upArrow?: boolean; downArrow?: boolean; pageUp?: boolean; pageDown?: boolean },
  height: number,
  count: number,
): number | undefined {
  const last = Math.max(0, count - Math.max(1, height - 1));
  const page = Math.max(1, height - 2);
  let next: number;
  if (key.downArrow || input === 'j') next = top + 1;
  else if (key.upArrow || input === 'k') next = top - 1;
  else if (key.pageDown || input === ' ') next = top + page;
  else if (key.pageUp || input === 'b') next = top - page;
  else return undefined;
  return Math.max(0, Math.min(last, next));
}
