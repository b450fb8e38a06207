import type { Config } from '@oclif/core';
import { closest } from './errors.js';

/** What of oclif's Config the suggestion needs (a stub in tests). */
export type CommandIndex = Pick<Config, 'bin' | 'commandIDs' | 'findCommand' | 'findTopic'>;

/**
 * The message for a command that does not exist (`docs cr lst`, `docs crr list`), with the likely
 * intended one: the words that name a topic are kept, the first unknown word is matched against
 * what that topic holds, and a following word is kept when it completes a command
 * (`crr list` → `cr list`). oclif gives the id with `:` between the words.
 */
export function unknownCommandMessage(config: CommandIndex, id: string): string {
  const bin = config.bin;
  const words = id.split(':').filter((w) => w !== '');
  let known = 0;
  while (known < words.length - 1 && config.findTopic(words.slice(0, known + 1).join(':'))) known++;
  const prefix = words.slice(0, known);
  const typo = words[known] ?? '';

  const children = new Set<string>();
  // Topics are named by the commands under them: a topic declared for commands not written yet is no answer.
  for (const name of config.commandIDs.filter((c) => !config.findCommand(c)?.hidden)) {
    const parts = name.split(':');
    if (parts.length > known && prefix.every((w, i) => parts[i] === w)) children.add(parts[known] ?? '');
  }
  const where = prefix.length > 0 ? `a \`${bin} ${prefix.join(' ')}\` command` : `a ${bin} command or topic`;
  const help = `\`${bin}${prefix.length > 0 ? ` ${prefix.join(' ')}` : ''} --help\``;
  const guess = closest(typo, children);
  if (!guess) return `"${typo}" is not ${where}. See ${help} for the list.`;

  let suggestion = [...prefix, guess];
  const next = words[known + 1];
  if (next !== undefined && config.findCommand([...suggestion, next].join(':'))) suggestion = [...suggestion, next];
  return `"${typo}" is not ${where}. Did you mean \`${bin} ${suggestion.join(' ')}\`? See ${help}.`;
}
