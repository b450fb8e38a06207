import { UsageError } from './errors.js';

/**
 * Interactive commands need a terminal on both ends: keys come from stdin and the screen is drawn
 * on stdout. Without one (a pipe, CI) they stop before any request with exit 2 and name the
 * commands that do the same work non-interactively.
 */
export function requireTerminal(
  command: string,
  instead: readonly string[],
  streams: { stdin: { isTTY?: boolean }; stdout: { isTTY?: boolean } } = process,
): void {
  if (streams.stdin.isTTY === true && streams.stdout.isTTY === true) return;
  const list = instead.map((c) => `\`${c}\``);
  const alternatives = list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : (list[0] ?? '');
  throw new UsageError(`\`${command}\` is interactive and needs a terminal; without one, use ${alternatives}`);
}
