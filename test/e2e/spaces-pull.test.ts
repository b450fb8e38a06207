import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, ensureBuilt, tempDir, type RunningEmulator } from '../helpers/e2e.js';
// The commands and the emulator run in this process; what needs a terminal runs bin/run.js under `script`.
import { docs, startEmulator } from '../helpers/inproc.js';
import { docsOnTty } from '../helpers/tty.js';

/**
 * `docs spaces pull` against the emulator, and the round trip the layout exists for: pull a space,
 * commit the folder, import it through Git Sync into a new space, and find the same pages.
 * Every file of the run (pulls, repositories) lives under one temporary root.
 */

interface TreePage {
  id: string;
  title: string;
  path: string;
  description?: string;
  pages?: TreePage[];
}
interface Shape {
  title: string;
  path: string;
  description: string | undefined;
  markdown: string;
  pages: Shape[];
}

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let env: Record<string, string>;
let root: string;
let n = 0;
const fresh = (name: string) => join(root, `${name}-${++n}`);

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !relative(dir, join(e.parentPath, e.name)).startsWith('.git'))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** Titles, paths, descriptions, nesting, order and each page's markdown, read straight from the API. */
async function shapeOf(space: string, cr?: string): Promise<Shape[]> {
  const base = cr ? `/v1/spaces/${space}/change-requests/${cr}/content` : `/v1/spaces/${space}/content`;
  const { pages } = await api<{ pages: TreePage[] }>(emulator, 'GET', `${base}/pages`);
  const walk = (list: TreePage[]): Promise<Shape[]> =>
    Promise.all(
      list.map(async (p) => ({
        title: p.title,
        path: p.path,
        description: p.description,
        markdown: (await api<{ markdown: string }>(emulator, 'GET', `${base}/page/${p.id}?format=markdown`)).markdown,
        pages: await walk(p.pages ?? []),
      })),
    );
  return walk(pages);
}

/** Commit the folder as a repository and import it into a copy of another space, replacing its pages. */
async function importIntoNewSpace(dir: string): Promise<string> {
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Pulled');
  const { id } = await api<{ id: string }>(emulator, 'POST', `/v1/spaces/${DEMO.spaces.handbook}/duplicate`);
  await api(emulator, 'POST', `/v1/spaces/${id}/git/import`, { url: `file://${dir}`, ref: 'refs/heads/main' });
  return id;
}

/** A space of 30 pages with colliding slugs, awkward titles and deep nesting, built once by a Git import. */
let awkward: Promise<string> | undefined;
function awkwardSpace(): Promise<string> {
  awkward ??= (async () => {
    const repo = fresh('awkward-source');
    const files: Record<string, string> = {
      'README.md': '# Home\n\nStart here.\n',
      'setup.md': '---\ndescription: Install it, then: run it.\n---\n\n# Setup\n\nLower case.\n',
      'Setup.md': '# Setup (again) [beta]\n\nSame slug, other file.\n',
      'csharp.md': '# C# #\n\n```sh\n# not a title\n```\n',
      'empty.md': '# Empty\n',
      'deep/README.md': '# Deep\n\nLevel one.\n',
      'deep/deeper/README.md': '---\ndescription: >-\n  Two lines,\n  "folded".\n---\n# Deeper\n\nLevel two.\n',
      'deep/deeper/deepest.md': '# Deepest — ünïcödé\n\nLevel three.\n',
    };
    for (let i = 1; i <= 20; i++) files[`many/page-${String(i).padStart(2, '0')}.md`] = `# Page ${i}\n\nNumber ${i}.\n`;
    files['many/README.md'] = '# Many\n';
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
    return importIntoNewSpace(repo);
  })();
  return awkward;
}

beforeAll(async () => {
  ensureBuilt();
  root = tempDir('docs-e2e-pull-');
  emulator = await startEmulator([], { files: true });
  env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs spaces pull', () => {
  it('writes one file per page in folders mirroring the tree, and SUMMARY.md in order', async () => {
    const dir = fresh('guides');
    const res = await docs(['spaces', 'pull', SPACE, dir], { env });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`${dir}\t6\t7\n`);
    expect(filesUnder(dir)).toEqual([
      'README.md',
      'SUMMARY.md',
      'configuration.md',
      'installation/README.md',
      'installation/linux.md',
      'installation/macos.md',
      'quickstart.md',
    ]);
    expect(readFileSync(join(dir, 'SUMMARY.md'), 'utf8')).toBe(
      [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '* [Quickstart](quickstart.md)',
        '* [Installation](installation/README.md)',
        '  * [macOS](installation/macos.md)',
        '  * [Linux](installation/linux.md)',
        '* [Configuration](configuration.md)',
        '',
      ].join('\n'),
    );
    const { markdown } = await api<{ markdown: string }>(
      emulator,
      'GET',
      `/v1/spaces/${SPACE}/content/page/page_install_linux?format=markdown`,
    );
    expect(readFileSync(join(dir, 'installation', 'linux.md'), 'utf8')).toBe(`# Linux\n\n${markdown}`);
  });

  it('--json prints the directory, the page count and the files written', async () => {
    const dir = fresh('json');
    const res = await docs(['spaces', 'pull', SPACE, dir, '--json'], { env });
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    const out = JSON.parse(res.stdout) as { directory: string; pages: number; files: string[] };
    expect(out).toEqual({
      directory: dir,
      pages: 6,
      files: [
        'README.md',
        'quickstart.md',
        'installation/README.md',
        'installation/macos.md',
        'installation/linux.md',
        'configuration.md',
        'SUMMARY.md',
      ],
    });
  });

  it('refuses a non-empty folder without --force (exit 2, nothing written), and writes into it with --force', async () => {
    const dir = fresh('busy');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine\n');
    writeFileSync(join(dir, 'quickstart.md'), 'old\n');
    const refused = await docs(['spaces', 'pull', SPACE, dir], { env });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `Error: ${dir} is not empty; pass --force to write into it anyway (files of the same name are overwritten)\n`,
    );
    expect(filesUnder(dir)).toEqual(['notes.txt', 'quickstart.md']);

    const forced = await docs(['spaces', 'pull', SPACE, dir, '--force'], { env });
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'quickstart.md'), 'utf8')).toMatch(/^# Quickstart\n\nInstall the CLI/);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine\n');
    expect(filesUnder(dir)).toHaveLength(8);
  });

  it('with --force, refuses a folder holding a symbolic link to elsewhere on a path it would write, before writing anything', async () => {
    const dir = fresh('linked');
    const elsewhere = fresh('elsewhere');
    mkdirSync(dir);
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(dir, 'installation'));
    const res = await docs(['spaces', 'pull', SPACE, dir, '--force'], { env });
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      `Error: refusing to write installation/README.md: ${join(dir, 'installation')} is a symbolic link (remove it, or pull into another folder)\n`,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['installation']);
  });

  it('refuses a file as the folder, and an unknown space without creating the folder', async () => {
    const file = fresh('file');
    writeFileSync(file, 'x');
    const res = await docs(['spaces', 'pull', SPACE, file], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`Error: ${file} is not a directory\n`);

    const dir = fresh('nospace');
    const missing = await docs(['spaces', 'pull', 'space_nope', dir], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^Error: space "?space_nope"? not found/);
    expect(existsSync(dir)).toBe(false);
  });

  it("--cr pulls the change request's content", async () => {
    const dir = fresh('cr');
    const res = await docs(['spaces', 'pull', SPACE, dir, '--cr', '1'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`${dir}\t7\t8\n`);
    expect(readFileSync(join(dir, 'installation', 'windows.md'), 'utf8')).toBe(
      '# Windows\n\nInstall with winget: `winget install Acme.Cli`.\n',
    );
    expect(readFileSync(join(dir, 'SUMMARY.md'), 'utf8')).toContain(
      '  * [Linux](installation/linux.md)\n  * [Windows](installation/windows.md)\n',
    );
    expect(existsSync(join(fresh('primary'), 'installation', 'windows.md'))).toBe(false);
  });

  it('round trip: the pulled folder imported through Git Sync gives the same tree and markdown', async () => {
    const dir = fresh('roundtrip');
    expect((await docs(['spaces', 'pull', SPACE, dir], { env })).code).toBe(0);
    const copy = await importIntoNewSpace(dir);
    expect(await shapeOf(copy)).toEqual(await shapeOf(SPACE));

    const again = fresh('roundtrip-again');
    expect((await docs(['spaces', 'pull', copy, again], { env })).code).toBe(0);
    for (const file of filesUnder(dir)) expect(readFileSync(join(again, file), 'utf8'), file).toBe(readFileSync(join(dir, file), 'utf8'));
    expect(filesUnder(again)).toEqual(filesUnder(dir));
  });

  it('round trip of the change request content', async () => {
    const dir = fresh('roundtrip-cr');
    expect((await docs(['spaces', 'pull', SPACE, dir, '--cr', '1'], { env })).code).toBe(0);
    expect(await shapeOf(await importIntoNewSpace(dir))).toEqual(await shapeOf(SPACE, '1'));
  });

  it('round trip of a larger space with colliding slugs, awkward titles and deep nesting; no progress when piped', async () => {
    const source = await awkwardSpace();
    const sourceShape = await shapeOf(source);
    expect(sourceShape.map((p) => p.title)).toEqual(['Home', 'C#', 'Deep', 'Empty', 'Many', 'Setup', 'Setup (again) [beta]']);
    expect(sourceShape[5]?.description).toBe('Install it, then: run it.');
    expect(sourceShape[2]?.pages[0]?.description).toBe('Two lines, "folded".');

    const dir = fresh('awkward');
    const res = await docs(['spaces', 'pull', source, dir], { env });
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe(`${dir}\t29\t30\n`);
    expect(filesUnder(dir)).toEqual(expect.arrayContaining(['setup.md', 'setup-2.md', 'deep/deeper/deepest.md', 'many/page-20.md']));
    expect(await shapeOf(await importIntoNewSpace(dir))).toEqual(sourceShape);
  });

  it.skipIf(spawnSync('script', ['--version']).status !== 0)('shows progress on a terminal for a large space, then clears it', async () => {
    const dir = fresh('tty');
    // `script` gives the command a terminal; its output is the terminal's transcript.
    // Not spawnSync: the emulator runs in this process and must answer meanwhile.
    const run = await docsOnTty(['spaces', 'pull', await awkwardSpace(), dir], {
      exactEnv: { PATH: process.env.PATH, HOME: root, NO_COLOR: '1', ...env },
    });
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Pulling 1\/\d+ pages…/);
    // The spinner's line is erased with an ANSI escape sequence (ESC [0K) before the result is printed.
    // eslint-disable-next-line no-control-regex
    expect(run.output).toMatch(/\x1b\[0K✓ Pulled \d+ pages/);
  });
});
