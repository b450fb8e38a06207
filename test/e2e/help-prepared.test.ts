import { spawn as spawnPty } from '@lydell/node-pty';
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanup, ensureBuilt, oclifOnlyScript, ROOT, tempDir } from '../helpers/e2e.js';
import { traceModules } from '../helpers/modules.js';

/*
 * bin/run.js prints `docs --version`, the root help and the topics' help itself, from package.json and the text
 * the build prepared (dist/help/), without loading oclif. Each of those outputs must be what oclif prints: every
 * case here runs both, bin/run.js and oclif's own `execute` on the same bundle, and compares stdout, stderr and
 * the exit code. That bin/run.js printed them without loading the CLI is checked in startup.test.ts.
 */

let oclifOnly: string;
let home: string;

beforeAll(() => {
  ensureBuilt();
  home = tempDir();
  oclifOnly = oclifOnlyScript();
});

afterAll(() => cleanup());

interface Printed {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, argv: string[], env: Record<string, string>): Printed {
  const res = spawnSync(process.execPath, [script, ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: home, ...env },
    encoding: 'utf8',
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

function same(argv: string[], env: Record<string, string> = {}): Printed {
  const mine = run(BIN, argv, env);
  const theirs = run(oclifOnly, argv, env);
  expect(mine, `docs ${argv.join(' ')} ${JSON.stringify(env)}`).toEqual(theirs);
  return mine;
}

const topics = readdirSync(join(ROOT, 'dist', 'help'))
  .filter((file) => file.startsWith('topic '))
  .map((file) => file.slice('topic '.length, -'.json'.length).split(' '));

describe('what bin/run.js prints itself is what oclif prints', () => {
  it('the build prepared the root help and every topic', () => {
    expect(readdirSync(join(ROOT, 'dist', 'help'))).toContain('root.json');
    expect(topics.map((words) => words.join(' '))).toEqual(expect.arrayContaining(['cr', 'spaces', 'sites spaces', 'comments replies']));
  });

  it('docs --version', () => {
    const printed = same(['--version']);
    expect(printed.stdout).toMatch(/^docs-cli\/\d+\.\d+\.\d+\S* \S+-\S+ node-v\d+\.\d+\.\d+\n$/);
    expect(printed.status).toBe(0);
  });

  it('docs, docs --help, docs -h, at the widths oclif wraps to', () => {
    for (const argv of [[], ['--help'], ['-h'], ['--help', '-h']]) same(argv);
    for (const columns of ['40', '41', '45', '60', '79', '100', '140', '400']) same(['--help'], { OCLIF_COLUMNS: columns });
    // Narrower than oclif's terminal minimum (only OCLIF_COLUMNS can ask for it): left to oclif.
    same(['--help'], { OCLIF_COLUMNS: '30' });
  });

  it("every topic's help, as `docs <topic> --help` and as `docs <topic>`", () => {
    for (const words of topics) same([...words, '--help']);
    for (const words of [['cr'], ['sites', 'spaces'], ['emulator', 'seed']]) {
      same(words);
      same(['-h', ...words]);
      for (const columns of ['40', '52', '90', '200']) same([...words, '--help'], { OCLIF_COLUMNS: columns });
    }
    // Some 90 processes, half of them oclif's own help: past 30 s when CI runs two suites side by side on two cores.
  }, 180_000);

  it('a theme, colour, commands and unknown words are left to oclif, with the same output', () => {
    const themed = tempDir();
    writeFileSync(join(themed, 'theme.json'), JSON.stringify({ sectionHeader: 'red', commandSummary: 'green' }));
    const withTheme = same(['cr', '--help'], { DOCS_CONFIG_DIR: themed, FORCE_COLOR: '1' });
    expect(withTheme.stdout).toContain('\u001B[');
    same(['--help'], { FORCE_COLOR: '1' });
    for (const argv of [['spaces', 'get', '--help'], ['crr'], ['cr', 'lst', '--help'], ['../oclif', '--help'], ['-v'], ['--version', 'x']])
      same(argv);
  });

  it('on a terminal too (bold headings where oclif makes them bold), without loading the CLI', async () => {
    /** Everything `node <argv>` writes to a pseudo-terminal of 100 columns, with stdout and stderr both on it. */
    const onPty = (argv: string[], env: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const pty = spawnPty(process.execPath, argv, {
          name: env.TERM!,
          cols: 100,
          rows: 40,
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
        });
        let out = '';
        pty.onData((data) => (out += data));
        pty.onExit(() => setTimeout(() => resolve(out), 50));
      });
    for (const term of ['xterm-256color', 'dumb']) {
      for (const argv of [['--help'], ['cr', '--help'], ['sites', 'spaces']]) {
        const trace = traceModules();
        // The tracing preload registers its hook with module.register(), which Node.js 26 calls deprecated on stderr:
        // that warning is the test's own, not the CLI's, so it is silenced for this comparison.
        const mine = await onPty(['--no-deprecation', '--import', trace.preload, BIN, ...argv], { TERM: term });
        const theirs = await onPty([oclifOnly, ...argv], { TERM: term });
        expect(mine, `${term}: docs ${argv.join(' ')}`).toBe(theirs);
        if (term !== 'dumb') expect(mine).toContain('\u001B[1mUSAGE\u001B[22m');
        expect(
          trace.sources().filter((s) => s.startsWith(join(ROOT, 'dist'))),
          argv.join(' '),
        ).toEqual([]);
      }
    }
  });
});
