import { describe, expect, it } from 'vitest';
import { unknownCommandMessage, type CommandIndex } from '../../src/cli/suggest.js';

const ids = [
  'api',
  'auth:login',
  'auth:status',
  'config:get',
  'config:set',
  'cr:list',
  'cr:get',
  'cr:merge',
  'cr:update-branch',
  'emulator:start',
  'teams:members:add',
];
const topics = new Set(
  ids.flatMap((id) =>
    id
      .split(':')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join(':')),
  ),
);
// `sites` is declared as a topic but has no command yet.
topics.add('sites');
const index: CommandIndex = {
  bin: 'docs',
  commandIDs: ids,
  findCommand: ((id: string) => (ids.includes(id) ? { id } : null)) as CommandIndex['findCommand'],
  findTopic: ((name: string) => (topics.has(name) ? { name } : null)) as CommandIndex['findTopic'],
};

describe('unknownCommandMessage', () => {
  it.each([
    ['cr:lst', '"lst" is not a `docs cr` command. Did you mean `docs cr list`? See `docs cr --help`.'],
    ['cr:mrege:42', '"mrege" is not a `docs cr` command. Did you mean `docs cr merge`? See `docs cr --help`.'],
    ['cr:upd', '"upd" is not a `docs cr` command. Did you mean `docs cr update-branch`? See `docs cr --help`.'],
    ['crr:list', '"crr" is not a docs command or topic. Did you mean `docs cr list`? See `docs --help`.'],
    ['cnofig', '"cnofig" is not a docs command or topic. Did you mean `docs config`? See `docs --help`.'],
    ['teams:membrs:add', '"membrs" is not a `docs teams` command. Did you mean `docs teams members add`? See `docs teams --help`.'],
    ['frobnicate', '"frobnicate" is not a docs command or topic. See `docs --help` for the list.'],
    ['sites:list', '"list" is not a `docs sites` command. See `docs sites --help` for the list.'],
  ])('%s', (id, message) => {
    expect(unknownCommandMessage(index, id)).toBe(message);
  });
});
