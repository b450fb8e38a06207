import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { BIN, ROOT, tempDir } from '../helpers/e2e.js';
import { tracedRun } from '../helpers/modules.js';
import { docsOnPty } from '../helpers/pty.js';
import { demoEmulatorForFile } from '../helpers/setup.js';

/*
 * What each dependency patch of bin/bundle.js changes, one test each, each failing on a build without that patch
 * (DOCS_BUNDLE_WITHOUT=<name> node bin/bundle.js): bench/README.md ("Dependency patches") lists them with what they
 * save. The two that change what a request loads most (oclif's lazy requires, undici's lazy HTTP/2) are checked in
 * startup.test.ts, oclif's WSL check there too (no is-wsl, no node:child_process), and the manifest path in
 * manifest-prepared.test.ts (oclif reads the command's part of the manifest).
 */

const demo = demoEmulatorForFile();

const REQUEST = ['spaces', 'get', DEMO.spaces.handbook, '--json'];

/** `docs <argv>` with `preload` (a CommonJS file) required first; fails unless it exits with 0. */
function runWith(preload: string, argv: string[], extra: Record<string, string> = {}): void {
  const res = spawnSync(process.execPath, ['--require', preload, BIN, ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...demo.env, NO_COLOR: '1', ...extra },
    encoding: 'utf8',
  });
  expect(res.status, res.stderr).toBe(0);
}

/** A preload made of `lines`, which writes what `result` (an expression) gives to a file at exit; and that file. */
function preloadWriting(lines: string[], result: string): { preload: string; read: () => unknown } {
  const dir = tempDir();
  const out = join(dir, 'result.json');
  const preload = join(dir, 'preload.cjs');
  writeFileSync(
    preload,
    [...lines, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(${result})));`].join('\n'),
  );
  return { preload, read: () => JSON.parse(readFileSync(out, 'utf8')) as unknown };
}

describe("oclif's start-up, as the bundle patches it", () => {
  it('a request runs no semver: the Node.js version check at import is left out', () => {
    const trace = tracedRun(REQUEST, demo.env);
    const sources = trace.sources();
    // The trace sees what runs in oclif's vendor script.
    expect(sources).toContain('/node_modules/@oclif/core/lib/config/plugin.js');
    expect(sources.filter((s) => s.includes('/node_modules/semver/'))).toEqual([]);
  });

  it("a request runs no `debug` without DEBUG; with DEBUG=* oclif's loggers write as before", () => {
    const trace = tracedRun(REQUEST, demo.env);
    const sources = trace.sources();
    expect(sources).toContain('/node_modules/@oclif/core/lib/config/plugin.js');
    expect(sources.filter((s) => s.includes('/node_modules/debug/'))).toEqual([]);
    const debug = spawnSync(process.execPath, [BIN, ...REQUEST], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...demo.env, NO_COLOR: '1', DEBUG: '*' },
      encoding: 'utf8',
    });
    expect(debug.status, debug.stderr).toBe(0);
    expect(debug.stderr).toMatch(/config/);
  });

  it("a command's help sorts the commands without localeCompare (no ICU collator is built)", () => {
    // The help loads the whole manifest (a request, its command's part: one command, nothing to sort).
    const { preload, read } = preloadWriting(
      [
        'let calls = 0;',
        'const compare = String.prototype.localeCompare;',
        'String.prototype.localeCompare = function (...args) { calls += 1; return compare.apply(this, args); };',
      ],
      'calls',
    );
    runWith(preload, ['cr', 'list', '--help']);
    expect(read()).toBe(0);
  });

  it('a request reads its JSON files (package.json, the manifest) at once, not through fs.promises.readFile', () => {
    const { preload, read } = preloadWriting(
      [
        'const sync = [], promised = [];',
        "const fs = require('node:fs');",
        'const readSync = fs.readFileSync;',
        'fs.readFileSync = function (path, ...rest) { if (String(path).endsWith(".json")) sync.push(String(path)); return readSync.call(this, path, ...rest); };',
        'const read = fs.promises.readFile;',
        'fs.promises.readFile = function (path, ...rest) { if (String(path).endsWith(".json")) promised.push(String(path)); return read.call(this, path, ...rest); };',
      ],
      '{ sync, promised }',
    );
    runWith(preload, REQUEST);
    const { sync, promised } = read() as { sync: string[]; promised: string[] };
    expect(promised).toEqual([]);
    expect(sync).toContain(join(ROOT, 'package.json'));
    expect(sync).toContain(join(ROOT, 'dist', 'manifest', 'spaces get.json'));
  });
});

describe("the views' start-up, as the bundle patches it", () => {
  /** `docs cr review` on a terminal until its list shows, with `preload` required first. */
  async function review(preload: string): Promise<void> {
    const run = docsOnPty(['cr', 'review', '--space', DEMO.spaces.guides], { env: { ...demo.env, NODE_OPTIONS: `--require ${preload}` } });
    await run.waitFor('Document Windows');
    run.type('q');
    expect((await run.exitedWithin(15_000)).code).toBe(0);
  }

  it("Ink's layout engine decodes its WebAssembly without fetch: a view loads no Node.js undici", async () => {
    const { preload, read } = preloadWriting([], 'process.moduleLoadList');
    await review(preload);
    // The list on the screen is Ink's, laid out by yoga-layout: its WebAssembly was decoded.
    const modules = read() as string[];
    expect(modules).toContain('NativeModule net');
    expect(modules.filter((m) => m.includes('internal/deps/undici'))).toEqual([]);
  }, 60_000);

  it("string-width measures a view's narrow text without its grapheme segmenter", async () => {
    // string-width (both copies the views bundle) makes its segmenter with no arguments; the views' own code passes
    // its options. Counted: segment() calls on the segmenters made with none.
    const { preload, read } = preloadWriting(
      [
        'const made = new WeakSet(); let calls = 0;',
        'const Segmenter = Intl.Segmenter;',
        'Intl.Segmenter = new Proxy(Segmenter, { construct(target, args, newTarget) { const s = Reflect.construct(target, args, newTarget); if (args.length === 0) made.add(s); return s; } });',
        'const segment = Segmenter.prototype.segment;',
        'Segmenter.prototype.segment = function (...args) { if (made.has(this)) calls += 1; return segment.apply(this, args); };',
      ],
      'calls',
    );
    await review(preload);
    expect(read()).toBe(0);
  }, 60_000);
});
