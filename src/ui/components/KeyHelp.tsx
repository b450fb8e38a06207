import { Text } from 'ink';
import { displayWidth, truncate } from '../format.js';

export type KeyBinding = readonly [key: string, label: string];

/** The keys a key line keeps to the last: the help, and the way back or out. */
const kept = ([key]: KeyBinding): boolean => key === '?' || key === 'esc' || /^q\b/.test(key);

/**
 * The key line's text at `width`: the bindings in order, whole. When they do not all fit, the last ones go
 * first, but `?` (where the rest are listed) and `q`/`esc` stay; only if even those do not fit is the line cut.
 */
export function keyLine(keys: readonly KeyBinding[], width: number): string {
  const shown = [...keys];
  const text = () => shown.map(([key, label]) => `${key} ${label}`).join(' · ');
  while (displayWidth(text()) > width) {
    const i = shown.findLastIndex((binding) => !kept(binding));
    if (i < 0) break;
    shown.splice(i, 1);
  }
  return truncate(text(), width);
}

/** The help line at the bottom of every screen: `↑↓ move · enter open · q quit`, whole bindings that fit the width. */
export function KeyHelp({ keys, width }: { keys: readonly KeyBinding[]; width: number }) {
  return (
    <Text dimColor wrap="truncate">
      {keyLine(keys, width)}
    </Text>
  );
}
