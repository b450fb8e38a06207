import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { KeyHelp, type KeyBinding } from '../components/KeyHelp.js';
import { StatusLine } from '../components/StatusLine.js';
import { truncate } from '../format.js';
import { useTerminalSize } from '../hooks.js';
import { useFirstScreen } from '../keys.js';
import { useBrowser } from './context.js';

const GLOBAL_KEYS: readonly KeyBinding[] = [
  ['?', 'this help'],
  ['q/esc', 'back (quit on the first screen)'],
  ['ctrl-c', 'quit'],
];

/** Rows left for a screen's body under the header lines and above the status and key lines. */
export function useBodySize(headerLines: number): { columns: number; rows: number } {
  const { columns, rows } = useTerminalSize();
  // One row is left free: output as tall as the terminal makes Ink clear the whole screen on each render.
  return { columns, rows: Math.max(1, rows - 1 - headerLines - 2) };
}

/**
 * One screen of the browser: a title line (and an optional second header line), the body, a
 * status line and the key line. With `?` the body gives way to the full list of keys.
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
  title: string;
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
  const { columns } = useTerminalSize();
  const { helpOpen } = useBrowser();
  useFirstScreen(!loading);
  const body = useBodySize(1 + lines.length);
  const all = [...keys, ...more, ...GLOBAL_KEYS];
  const keyWidth = Math.max(...all.map(([k]) => k.length));
  return (
    <Box flexDirection="column" width={columns}>
      <Text bold color="cyan" wrap="truncate">
        {truncate(title, columns)}
      </Text>
      {lines.map((line, i) => (
        <Text key={i} dimColor wrap="truncate">
          {truncate(line, columns)}
        </Text>
      ))}
      <Box flexDirection="column" height={body.rows} overflow="hidden">
        {helpOpen ? (
          <>
            <Text bold>Keys (any key closes this)</Text>
            {all.slice(0, body.rows - 1).map(([key, label]) => (
              <Text key={key} wrap="truncate">
                {truncate(`${key.padEnd(keyWidth)}  ${label}`, columns)}
              </Text>
            ))}
          </>
        ) : (
          children
        )}
      </Box>
      <StatusLine loading={loading} error={error} notice={notice} width={columns} />
      <KeyHelp keys={typing ? keys : [...keys, ['?', 'help'], ['q', 'back']]} width={columns} />
    </Box>
  );
}

/** A list row: the selected one is marked `❯` and drawn inverse (the mark stays without colour). */
export function Row({ text, selected, width, dim }: { text: string; selected: boolean; width: number; dim?: string }) {
  const main = truncate(`${selected ? '❯' : ' '} ${text}`, width);
  const rest = dim ? truncate(`  ${dim}`, Math.max(0, width - [...main].length)) : '';
  return (
    <Text wrap="truncate" inverse={selected}>
      {main}
      <Text dimColor={!selected}>{rest}</Text>
    </Text>
  );
}
