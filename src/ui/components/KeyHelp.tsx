import { Text } from 'ink';
import { truncate } from '../format.js';

export type KeyBinding = readonly [key: string, label: string];

/** The help line at the bottom of every screen: `↑↓ move · enter open · q quit`, cut to the width. */
export function KeyHelp({ keys, width }: { keys: readonly KeyBinding[]; width: number }) {
  const text = keys.map(([key, label]) => `${key} ${label}`).join(' · ');
  return (
    <Text dimColor wrap="truncate">
      {truncate(text, width)}
    </Text>
  );
}
