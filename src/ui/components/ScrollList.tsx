import { Box, Text } from 'ink';
import type { ReactNode } from 'react';

/** The first item to show so that `selected` stays in a window of `height` rows, kept near the middle. */
export function windowStart(count: number, selected: number, height: number): number {
  if (count <= height) return 0;
  const start = selected - Math.floor(height / 2);
  return Math.max(0, Math.min(start, count - height));
}

/**
 * A list taller than the screen, showing the rows around the selected one. The caller owns the
 * selection (and the keys that move it): this only draws.
 */
export function ScrollList<T>({
  items,
  selected,
  height,
  renderItem,
  keyOf,
  empty = 'Nothing here.',
}: {
  items: readonly T[];
  selected: number;
  height: number;
  renderItem: (item: T, isSelected: boolean) => ReactNode;
  keyOf: (item: T, index: number) => string;
  empty?: string;
}) {
  if (items.length === 0) return <Text dimColor>{empty}</Text>;
  const rows = Math.max(1, height);
  const start = windowStart(items.length, selected, rows);
  const shown = items.slice(start, start + rows);
  return (
    <Box flexDirection="column">
      {shown.map((item, i) => (
        <Box key={keyOf(item, start + i)}>{renderItem(item, start + i === selected)}</Box>
      ))}
    </Box>
  );
}

/** The selection after a key press in a list of `count` items (arrows, j/k, page and home/end keys). */
export function moveSelection(
  selected: number,
  count: number,
  input: string,
  key: { upArrow?: boolean; downArrow?: boolean; pageUp?: boolean; pageDown?: boolean; home?: boolean; end?: boolean },
  page = 10,
): number {
  if (count === 0) return 0;
  let next = selected;
  if (key.upArrow || input === 'k') next -= 1;
  else if (key.downArrow || input === 'j') next += 1;
  else if (key.pageUp) next -= page;
  else if (key.pageDown) next += page;
  else if (key.home || input === 'g') next = 0;
  else if (key.end || input === 'G') next = count - 1;
  return Math.max(0, Math.min(count - 1, next));
}
