import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Config } from '@oclif/core';
import { normalizeArgv } from '@oclif/core/help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanup, ensureBuilt, oclifOnlyScript, ROOT, tempDir } from '../helpers/e2e.js';

/*
 * bin/run.js has oclif load only the part of the manifest for the command it runs (bin/manifest.js, written by
 * bin/split-manifest.js at build). What oclif runs must not change: the parts are the whole manifest's entries, the
 * command is found in argv as oclif finds it, whatever needs every command gets the whole manifest, and a run
 * prints what oclif's own `execute` with the whole manifest prints.
 */

interface Manifest {
  version: string;
  commands: Record<string, { id: string; hiddenAliases?: string[]; aliases?: string[] }>;
}
interface Index {
  version: string;
  helpFlags: string[];
  commands: Record<string, { args: boolean; whole?: true; of?: string }>;
}

const DIR = join(ROOT, 'dist', 'manifest');
let whole: Manifest;
let index: Index;
let home: string;
let oclifOnly: string;
// bin/manifest.js is plain JavaScript, as bin/run.js that imports it.
let commandId: (argv: string[], commands: Index['commands']) => string | undefined;
let commandManifest: (root: string, argv: string[]) => string | undefined;
let runsCommand: (root: string, argv: string[]) => string | undefined;

beforeAll(async () => {
  ({ commandId, commandManifest, runsCommand } = (await import(pathToFileURL(join(ROOT, 'bin', 'manifest.js')).href)) as {
    commandId: typeof commandId;
    commandManifest: typeof commandManifest;
    runsCommand: typeof runsCommand;
  });
  ensureBuilt();
  whole = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as Manifest;
  index = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as Index;
  home = tempDir();
  oclifOnly = oclifOnlyScript();
});

afterAll(() => cleanup());

describe('the parts of the manifest', () => {
  it("each command's part holds the whole manifest's entry for it, and the index names every id and alias", () => {
    const aliases = Object.values(whole.commands).flatMap((c) => [...(c.aliases ?? []), ...(c.hiddenAliases ?? [])]);
    expect(aliases.length).toBeGreaterThan(0);
    expect(Object.keys(index.commands).sort()).toEqual([...Object.keys(whole.commands), ...aliases].sort());
    expect(index.version).toBe(whole.version);
    expect(index.helpFlags.sort()).toEqual(['--help', '-h']);
    const parts = readdirSync(DIR).filter((f) => f !== 'index.json');
    const wholeOnly = Object.keys(index.commands).filter((id) => index.commands[id]!.whole);
    expect(wholeOnly.sort()).toEqual(['help', 'mcp']);
    expect(parts.sort()).toEqual(
      Object.keys(whole.commands)
        .filter((id) => !wholeOnly.includes(id))
        .map((id) => `${id.split(':').join(' ')}.json`)
        .sort(),
    );
    for (const file of parts) {
      const id = file.slice(0, -'.json'.length).split(' ').join(':');
      expect(JSON.parse(readFileSync(join(DIR, file), 'utf8'))).toEqual({ commands: { [id]: whole.commands[id] }, version: whole.version });
    }
    for (const alias of aliases) expect(whole.commands[index.commands[alias]!.of!]).toBeDefined();
  });

  it('a command whose source reads the other commands or the topics gets the whole manifest', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
    const commands = join(ROOT, 'src', 'commands');
    const readers = files(commands)
      .filter((file) =>
        /config\.(commands|commandIDs|topics|findTopic|findCommand|runCommand|getAllCommands)\b/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(commands, file).replace(/\.ts$/, '').split('/').join(':'));
    expect(readers).toEqual(['mcp']);
    for (const id of readers) expect(index.commands[id]?.whole).toBe(true);
  });
});

describe('finding the command in argv', () => {
  it("is oclif's normalizeArgv, for every id and alias followed by arguments, flags and unknown words", async () => {
    const config = await Config.load({ root: ROOT });
    const cases: string[][] = [
      [],
      [''],
      ['--json'],
      ['-h'],
      ['nosuch'],
      ['nosuch', 'more'],
      ['spaces:get', 'x'],
      ['spaces', '', 'get'],
      ['spaces', '--', 'get'],
    ];
    for (const id of Object.keys(index.commands)) {
      const words = id.split(':');
      cases.push(
        words,
        [...words, 'x'],
        [...words, 'x', 'y'],
        [...words, '--json'],
        [...words, 'a=b'],
        [...words, 'nosuch', 'x'],
        [...words, '--', 'x'],
        [...words.slice(0, -1), 'nosuch', 'x'],
        [...words.slice(0, -1), '--json', words.at(-1)!],
        ['--json', ...words],
        ['--space=x', ...words, 'y'],
        [...words, '--space=x', 'y'],
        [...words, '--space', 'x', 'y'],
        [...words, '--', '--json'],
        ['--', ...words],
      );
    }
    for (const argv of cases) expect(commandId(argv, index.commands), JSON.stringify(argv)).toBe(normalizeArgv(config, [...argv])[0]);
  });

  it('runsCommand names the command oclif runs, an alias as the command it stands for (bin/run.js opens the views by it)', async () => {
    const config = await Config.load({ root: ROOT });
    const argvs = [['cr', 'review'], ['cr', 'review', '42', '--space', 'x'], ['cr:review'], ['spaces', 'browse', '--cr', '3']];
    for (const argv of argvs)
      expect(runsCommand(ROOT, argv), JSON.stringify(argv)).toBe(config.findCommand(normalizeArgv(config, [...argv])[0]!)?.id);
    // oclif finds an alias as a command of that id; the command it stands for is the one whose view opens.
    expect(runsCommand(ROOT, ['sites', 'spaces', 'delete', 'x'])).toBe('sites:spaces:remove');
    for (const argv of [[], ['cr'], ['--json', 'cr', 'review'], ['cr', 'nosuch'], ['nosuch']])
      expect(runsCommand(ROOT, argv), JSON.stringify(argv)).toBeUndefined();
  });

  it('a command gets its part; help, topics, unknown commands, help and mcp get the whole manifest', () => {
    const part = (id: string) => join(DIR, `${id.split(':').join(' ')}.json`);
    expect(commandManifest(ROOT, ['spaces', 'get', 'x', '--json'])).toBe(part('spaces:get'));
    expect(commandManifest(ROOT, ['spaces:get', 'x'])).toBe(part('spaces:get'));
    expect(commandManifest(ROOT, ['sites', 'spaces', 'delete', 'x'])).toBe(part('sites:spaces:remove'));
    expect(commandManifest(ROOT, ['cr', 'list', '--', '--help'])).toBe(part('cr:list'));
    for (const argv of [
      [],
      ['spaces', 'get', '--help'],
      ['-h', 'cr', 'list'],
      ['spaces'],
      ['cr', 'nosuch'],
      ['help', 'cr'],
      ['mcp'],
      ['--version'],
    ])
      expect(commandManifest(ROOT, argv), JSON.stringify(argv)).toBeUndefined();
  });
});

describe('a command run from its part of the manifest', () => {
  function run(script: string, argv: string[], preload?: string) {
    const res = spawnSync(process.execPath, [...(preload ? ['--import', preload] : []), script, ...argv], {
      cwd: ROOT,
      // Nothing listens on port 9: a request fails the same way for both.
      env: {
        PATH: process.env.PATH,
        HOME: home,
        DOCS_CONFIG_DIR: home,
        DOCS_TOKEN: 'a-token',
        DOCS_API_URL: 'http://127.0.0.1:9',
        NO_COLOR: '1',
      },
      encoding: 'utf8',
    });
    return { status: res.status, stdout: res.stdout, stderr: res.stderr };
  }

  it('prints what oclif prints with the whole manifest: output, errors and exit codes', () => {
    const cases = [
      ['config', 'list'],
      ['spaces', 'get'],
      ['spaces', 'get', 'x', '--bogus'],
      ['spaces:get', 'x', '--json'],
      ['members', 'list', '--org', 'o', '--limit', 'lots'],
      ['sites', 'spaces', 'delete', '--bogus'],
      ['cr', 'merge', '42', '--space', 's', '--dry-run'],
      ['config', 'get', 'nosuch'],
    ];
    const codes = new Set<number | null>();
    for (const argv of cases) {
      const mine = run(BIN, argv);
      expect(mine, `docs ${argv.join(' ')}`).toEqual(run(oclifOnly, argv));
      codes.add(mine.status);
    }
    expect([...codes].sort()).toEqual(expect.arrayContaining([0, 2]));
    expect(codes.size).toBeGreaterThan(2);
  });

  it('oclif reads the part, not the whole manifest; the help reads the whole one', () => {
    const dir = tempDir();
    const log = join(dir, 'read.log');
    const preload = join(dir, 'preload.mjs');
    writeFileSync(
      preload,
      [
        "import { appendFileSync, readFileSync } from 'node:fs';",
        "import { createRequire } from 'node:module';",
        "const fs = createRequire(import.meta.url)('node:fs');",
        'const read = fs.readFileSync;',
        `fs.readFileSync = function (path, ...rest) { if (String(path).endsWith('.json')) appendFileSync(${JSON.stringify(log)}, String(path) + '\\n'); return read.call(this, path, ...rest); };`,
      ].join('\n'),
    );
    const manifests = (argv: string[]) => {
      writeFileSync(log, '');
      run(BIN, argv, preload);
      return readFileSync(log, 'utf8')
        .split('\n')
        .filter((p) => p.endsWith('manifest.json') || (p.startsWith(DIR) && !p.endsWith('index.json')))
        .map((p) => relative(ROOT, p));
    };
    expect(manifests(['config', 'list'])).toEqual([join('dist', 'manifest', 'config list.json')]);
    expect(manifests(['sites', 'spaces', 'delete', 'x'])).toEqual([join('dist', 'manifest', 'sites spaces remove.json')]);
    expect(manifests(['config', 'list', '--help'])).toEqual(['oclif.manifest.json']);
    expect(manifests(['cr', 'nosuch'])).toEqual(['oclif.manifest.json']);
  });
});
