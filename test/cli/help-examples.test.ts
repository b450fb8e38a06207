import { fileURLToPath } from 'node:url';
import { type Command, Config, Help } from '@oclif/core';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * People paste examples from `--help`. oclif wraps a long example at the terminal width (adding ` \`),
 * and a break inside quotes or a word changes the command, so each line of an example must come out
 * whole on one line of an 80-column help. An example may split itself: the lines of an example's
 * `command` are joined by oclif with ` \` at places the example chose.
 */
const WIDTH = 80;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

class Help80 extends Help {
  constructor(config: Config) {
    super(config, { maxWidth: WIDTH, stripAnsi: true });
  }
  text(command: Command.Loadable): string {
    return this.formatCommand(command);
  }
}

/**
 * The lines an example should show as they are, with oclif's `$ ` in front of `docs …` commands. The
 * lines of a string example are separate commands; those of an object's `command` are one command.
 */
function expectedLines(example: Command.Example, bin: string, id: string): { lines: string[]; continued: boolean } {
  const render = (s: string) => s.replaceAll('<%= config.bin %>', bin).replaceAll('<%= command.id %>', id);
  const dollar = (line: string) => (line.startsWith(`${bin} `) ? `$ ${line}` : line);
  if (typeof example === 'string') return { lines: render(example).split(/\r?\n/).filter(Boolean).map(dollar), continued: false };
  const [first = '', ...rest] = render(example.command).split(/\r?\n/);
  return { lines: [dollar(first), ...rest], continued: rest.length > 0 };
}

function examplesSection(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf('EXAMPLES');
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && /^[A-Z]/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** What is wrong with the examples of one command as its help shows them. */
function problems(help: Help80, command: Command.Loadable, bin: string): string[] {
  const id = command.id.replaceAll(':', ' ');
  const section = examplesSection(help.text(command));
  const shown = section.map((line) => line.trim().replace(/ \\$/, ''));
  const found = section.filter((line) => line.length > WIDTH).map((line) => `${id}: wider than ${WIDTH} columns: ${line.trim()}`);
  let from = 0;
  for (const example of command.examples ?? []) {
    const { lines, continued } = expectedLines(example, bin, id);
    // oclif joins the lines of one command with ` \`: a `docs` there that no pipe or && leads to runs as an argument.
    const joined = lines.some((l, i) => i > 0 && l.startsWith(`${bin} `) && !/(\||&&)$/.test(lines[i - 1] ?? ''));
    if (continued && joined) found.push(`${id}: two commands in one: ${lines[0]}`);
    for (const line of lines) {
      const at = shown.indexOf(line, from);
      if (at < 0) found.push(`${id}: wrapped: ${line}`);
      else from = at + 1;
    }
  }
  return found;
}

describe('examples in help at 80 columns', () => {
  let config: Config;
  beforeAll(async () => {
    config = await Config.load(ROOT);
  });

  it('shows every example command whole, each of its lines on one line', () => {
    const help = new Help80(config);
    const examples = config.commands.flatMap((command) => command.examples ?? []);
    expect(examples.length).toBeGreaterThan(200);
    const broken = config.commands.flatMap((command) => problems(help, command, config.bin));
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('catches a command wrapped inside quotes, and two commands joined into one', () => {
    const help = new Help80(config);
    const command = config.findCommand('api');
    if (!command) throw new Error('no api command');
    const long = `${config.bin} api PATCH /v1/spaces/sp_abc/change-requests/3 -f subject="A new subject" -f status=open`;
    const split = `${config.bin} api PATCH /v1/spaces/sp_abc/change-requests/3\n-f subject="A new subject" -f status=open`;
    const twice = `${config.bin} api GET /v1/orgs\n${config.bin} api GET /v1/user`;
    const check = (cmd: string) => problems(help, { ...command, examples: [{ description: 'A typed body', command: cmd }] }, config.bin);
    expect(check(long)).toEqual([`api: wrapped: $ ${long}`]);
    expect(check(split)).toEqual([]);
    expect(check(twice)).toEqual([`api: two commands in one: $ ${config.bin} api GET /v1/orgs`]);
  });
});

/** The `docs …` commands of an example's text, each with the `--flags` it passes (up to a pipe, `&&`, `;` or `)`). */
function invocations(text: string, bin: string, ids: string[]): Array<{ id: string; flags: string[] }> {
  const words = text.replaceAll('<%= config.bin %>', bin).split(/\s+/);
  const found: Array<{ id: string; flags: string[] }> = [];
  const known = (id: string) => ids.some((other) => other === id || other.startsWith(`${id} `));
  words.forEach((word, i) => {
    if (word !== bin && !word.endsWith(`$(${bin}`)) return;
    let id = '';
    for (let j = i + 1; j < words.length && known(`${id} ${words[j]}`.trim()); j++) id = `${id} ${words[j]}`.trim();
    const flags: string[] = [];
    for (const next of words.slice(i + 1)) {
      if (/^(\||&&|;)/.test(next)) break;
      const flag = /^--([a-z][a-z0-9-]*)/.exec(next);
      if (flag?.[1]) flags.push(flag[1]);
      if (next.includes(')')) break;
    }
    if (ids.includes(id)) found.push({ id, flags });
  });
  return found;
}

describe('flags in examples', () => {
  it('are the flags help lists (no alias, nothing hidden)', async () => {
    const config = await Config.load(ROOT);
    const ids = config.commands.map((c) => c.id.replaceAll(':', ' '));
    const wrong: string[] = [];
    let checked = 0;
    for (const command of config.commands) {
      for (const example of command.examples ?? []) {
        const text = typeof example === 'string' ? example : example.command;
        for (const { id, flags } of invocations(text.replaceAll('<%= command.id %>', command.id.replaceAll(':', ' ')), config.bin, ids)) {
          checked++;
          const target = config.findCommand(id.replaceAll(' ', ':'));
          const listed = Object.entries(target?.flags ?? {})
            .filter(([, f]) => !f.hidden)
            .flatMap(([name, f]) => (f.type === 'boolean' && f.allowNo ? [name, `no-${name}`] : [name]));
          for (const flag of flags) if (!listed.includes(flag) && flag !== 'help') wrong.push(`${command.id}: ${id} --${flag}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('finds the command and flags of each docs invocation', () => {
    const ids = ['git import', 'git export', 'teams create'];
    expect(invocations('echo x | docs git import --url - --directory docs | cut -f1', 'docs', ids)).toEqual([
      { id: 'git import', flags: ['url', 'directory'] },
    ]);
    expect(invocations('id=$(docs teams create --title T\n--member a | cut -f1) && docs git export --ref x', 'docs', ids)).toEqual([
      { id: 'teams create', flags: ['title', 'member'] },
      { id: 'git export', flags: ['ref'] },
    ]);
  });
});
