import { Box, Text } from 'ink';
import { displayWidth, truncate } from '../format.js';
import type { KeyBinding } from './KeyHelp.js';

/**
 * The `?` help of both views: every key with what it does, under a title. When the keys are more than
 * the rows, they are laid out in columns side by side, so that all of them show on a small terminal;
 * only when even columns cannot hold them does the last row say how many are left out.
 */
export function KeyList({ title, keys, height, width }: { title: string; keys: readonly KeyBinding[]; height: number; width: number }) {
  const rows = Math.max(1, height - 1);
  const keyWidth = Math.max(1, ...keys.map(([k]) => displayWidth(k)));
  const widest = keyWidth + 2 + Math.max(1, ...keys.map(([, label]) => displayWidth(label)));
  const fit = Math.max(1, Math.floor((width + 2) / (keyWidth + 2 + 12)));
  const columns = Math.max(1, Math.min(fit, Math.ceil(keys.length / rows)));
  const columnWidth = Math.min(widest, Math.floor((width - 2 * (columns - 1)) / columns));
  const capacity = rows * columns;
  const shown = keys.length > capacity ? keys.slice(0, capacity - 1) : keys;
  const groups: KeyBinding[][] = [];
  for (let i = 0; i < shown.length; i += rows) groups.push(shown.slice(i, i + rows));
  return (
    <Box flexDirection="column">
      <Text bold>{truncate(`${title} (any key closes this)`, width)}</Text>
      <Box flexDirection="row" gap={2}>
        {groups.map((group, g) => (
          <Box key={g} flexDirection="column" width={columnWidth}>
            {group.map(([key, label]) => (
              <Text key={key} wrap="truncate">
                <Text color="cyan">{key + ' '.repeat(keyWidth - displayWidth(key))}</Text>
                {`  ${truncate(label, columnWidth - keyWidth - 2)}`}
              </Text>
            ))}
            {g === groups.length - 1 && keys.length > shown.length ? (
              <Text dimColor>{truncate(`… ${keys.length - shown.length} more: make the terminal larger`, columnWidth)}</Text>
            ) : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
