import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';

/** Git export and import keep every path inside the repository (repoProjectDirectory, page paths, symlinks in the tree). */

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let root: string;
let outside: string;
const after: string[] = [];

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

async function post(path: string, body: unknown): Promise<{ status: number; message?: string }> {
  const res = await fetch(`${emulator.url}/v1/spaces/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, ...(text ? { message: (JSON.parse(text) as { error?: { message: string } }).error?.message } : {}) };
}

/** A bare repository whose main branch holds `link` → `target` (a symlink committed to the tree). */
function repoWithLink(name: string, link: string, target: string): string {
  const work = join(root, `${name}-work`);
  mkdirSync(work);
  git(work, 'init', '-q');
  writeFileSync(join(work, 'README.md'), '# Home\n');
  symlinkSync(target, join(work, link));
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'link');
  const bare = join(root, `${name}.git`);
  git(root, 'clone', '-q', '--bare', work, bare);
  return bare;
}

beforeAll(async () => {
  ensureBuilt();
  root = tempDir('docs-e2e-gitpaths-');
  outside = mkdtempSync(join(tmpdir(), 'docs-e2e-outside-'));
  emulator = await startEmulator([], { files: true });
}, 60_000);
afterAll(async () => {
  await emulator?.stop();
  for (const dir of [outside, ...after]) rmSync(dir, { recursive: true, force: true });
  cleanup();
});

describe('repositories', () => {
  it('refuses a repository whose git directory is outside the files root, or that borrows objects from one', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'docs-e2e-elsewhere-'));
    after.push(elsewhere);
    const real = join(elsewhere, 'real');
    git(elsewhere, 'init', '-q', real);
    writeFileSync(join(real, 'README.md'), '# Outside\n');
    git(real, 'add', '-A');
    git(real, 'commit', '-q', '-m', 'outside');
    const pointer = join(root, 'pointer');
    mkdirSync(pointer);
    writeFileSync(join(pointer, '.git'), `gitdir: ${join(real, '.git')}\n`);
    const viaPointer = await post(`${SPACE}/git/import`, { url: pointer, ref: 'refs/heads/main' });
    expect(viaPointer.status).toBe(400);
    expect(viaPointer.message).toContain('is outside the directory given with --files-root');
    const borrowed = join(root, 'borrowed.git');
    git(root, 'clone', '-q', '--bare', '--shared', real, borrowed);
    const viaAlternates = await post(`${SPACE}/git/import`, { url: borrowed, ref: 'refs/heads/main' });
    expect(viaAlternates.status).toBe(400);
    expect(viaAlternates.message).toContain('objects/info/alternates');
  });
});

describe('repoProjectDirectory', () => {
  it('refuses absolute paths, .., backslashes and NUL with a 400 naming the field, and writes nothing outside', async () => {
    const bare = join(root, 'export.git');
    git(root, 'init', '-q', '--bare', bare);
    const away = `docs-e2e-anywhere-${process.pid}-${Date.now()}`;
    const hostile = [
      `../../../${basename(tmpdir())}/${away}`,
      `../${away}`,
      '..',
      'docs/../..',
      outside,
      join(outside, 'x'),
      'docs\\..\\..',
      'docs\0',
      'C:/docs',
    ];
    const before = readdirSync(outside);
    for (const dir of hostile) {
      for (const op of ['git/export', 'git/import']) {
        const res = await post(`${SPACE}/${op}`, {
          url: bare,
          ref: 'refs/heads/main',
          repoProjectDirectory: dir,
          ...(op === 'git/export' ? { commitMessage: 'Docs' } : {}),
        });
        expect(res.status, `${op} ${JSON.stringify(dir)}`).toBe(400);
        expect(res.message).toMatch(/^repoProjectDirectory: /);
      }
    }
    expect(readdirSync(outside)).toEqual(before);
    expect(existsSync(join(tmpdir(), away))).toBe(false);
    expect(existsSync(join(tmpdir(), '..', away))).toBe(false);
    // Nothing was pushed either.
    expect(git(bare, 'for-each-ref')).toBe('');
  });

  it('refuses a project directory that is a symlink in the repository, on export and import', async () => {
    const bare = repoWithLink('linked', 'docs', outside);
    for (const op of ['git/export', 'git/import']) {
      const res = await post(`${SPACE}/${op}`, {
        url: bare,
        ref: 'refs/heads/main',
        repoProjectDirectory: 'docs',
        ...(op === 'git/export' ? { commitMessage: 'Docs' } : {}),
      });
      expect(res.status, op).toBe(400);
      expect(res.message).toContain('repoProjectDirectory: docs runs through a symbolic link');
    }
    expect(readdirSync(outside)).toEqual([]);
  });

  it('does not write through a symlinked .gitbook directory of the repository', async () => {
    const bare = repoWithLink('gitbook-link', '.gitbook', outside);
    const res = await post(`${SPACE}/git/export`, { url: bare, ref: 'refs/heads/main', commitMessage: 'Docs' });
    expect(res.status).toBe(400);
    expect(res.message).toContain('symbolic link');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a docs/ subdirectory still round-trips', async () => {
    const bare = join(root, 'roundtrip.git');
    git(root, 'init', '-q', '--bare', bare);
    expect(
      (await post(`${SPACE}/git/export`, { url: bare, ref: 'refs/heads/main', repoProjectDirectory: 'docs/', commitMessage: 'Docs' }))
        .status,
    ).toBe(204);
    const tree = git(bare, 'ls-tree', '-r', '--name-only', 'main').split('\n');
    expect(tree).toContain('docs/README.md');
    expect(tree).toContain('docs/SUMMARY.md');
    expect(tree.every((path) => path.startsWith('docs/'))).toBe(true);
    const copy = DEMO.spaces.handbook;
    expect((await post(`${copy}/git/import`, { url: bare, ref: 'refs/heads/main', repoProjectDirectory: './docs' })).status).toBe(204);
    const titles = async (space: string) => {
      const res = await fetch(`${emulator.url}/v1/spaces/${space}/content/pages`, {
        headers: { authorization: `Bearer ${emulator.tokens.admin}` },
      });
      const walk = (pages: { title: string; pages?: unknown[] }[]): string[] =>
        pages.flatMap((p) => [p.title, ...walk((p.pages ?? []) as never)]);
      return walk(((await res.json()) as { pages: { title: string }[] }).pages);
    };
    expect(await titles(copy)).toEqual(await titles(SPACE));
  });
});
