import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import type { SeedSource } from '../../src/emulator/seed/index.js';
import { startEmulator as startInProcess, type RunningEmulator } from '../../src/emulator/server.js';
import { cleanup, docs, filesRoot, tempDir } from '../helpers/inproc.js';
import { repoWith } from '../helpers/setup.js';
import { settledLogLines } from '../helpers/request-log.js';

/**
 * `docs orgs backup` against the emulator: the demo organization with its files, the incremental run counted in the
 * request log, and the round trip of a restore (the backed-up folder committed to Git, imported into an empty space,
 * backed up again: the same files, byte for byte).
 */

/** Every file under `dir`, by relative path, with its bytes. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.set(relative(dir, path).split('\\').join('/'), readFileSync(path).toString('base64'));
    }
  };
  walk(dir);
  return out;
}

async function logLines(file: string): Promise<{ path: string; status: number }[]> {
  return (await settledLogLines(file)).map((l) => JSON.parse(l) as { path: string; status: number });
}

describe('docs orgs backup of the demo organization', () => {
  let emulator: RunningEmulator;
  let log: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    log = join(tempDir(), 'requests.jsonl');
    emulator = await startInProcess({ seed: 'demo', log });
    env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: DEMO.tokens.admin, DOCS_API_URL: emulator.url };
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it('writes every space in the pull layout with its files, then a second run reads only the listing', async () => {
    const dir = join(tempDir(), 'backup');
    const first = await docs(['orgs', 'backup', DEMO.org, dir, '--json'], { env, timeoutMs: 60_000 });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const total = lines.pop();
    const spaces = lines as { space: string; status: string; folder: string; pages: number; files: number }[];
    expect(total).toMatchObject({ total: true, spaces: spaces.length, written: spaces.length, unchanged: 0, failed: 0 });
    expect(spaces.length).toBeGreaterThanOrEqual(3);
    expect(spaces.map((s) => s.space)).toContain(DEMO.spaces.guides);
    for (const s of spaces) {
      expect(s.status).toBe('written');
      const manifest = JSON.parse(readFileSync(join(dir, s.folder, 'manifest.json'), 'utf8')) as Record<string, unknown>;
      expect(manifest).toMatchObject({ format: 1, space: { id: s.space, organization: DEMO.org }, pages: s.pages, files: s.files });
      expect(manifest.revision).toMatch(/^rev_/);
      if (s.pages > 0) expect(existsSync(join(dir, s.folder, 'content', 'SUMMARY.md'))).toBe(true);
    }
    // The guides' logo, as the seed holds it, and the page that shows it links to the copy.
    const guides = spaces.find((s) => s.space === DEMO.spaces.guides)!;
    expect(guides.files).toBeGreaterThanOrEqual(1);
    const logo = readFileSync(join(dir, guides.folder, 'content', '.gitbook', 'assets', 'logo.svg'), 'utf8');
    expect(logo).toContain('<circle cx="32" cy="32" r="30" fill="#e4572e"/>');
    const index = JSON.parse(readFileSync(join(dir, 'backup.json'), 'utf8')) as { organization: { id: string }; spaces: unknown[] };
    expect(index.organization.id).toBe(DEMO.org);
    expect(index.spaces).toHaveLength(spaces.length);

    const before = (await logLines(log)).length;
    const second = await docs(['orgs', 'backup', DEMO.org, dir, '--json'], { env, timeoutMs: 60_000 });
    expect(second.code).toBe(0);
    const again = second.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status?: string; total?: boolean });
    expect(again.filter((l) => !l.total).every((l) => l.status === 'unchanged')).toBe(true);
    const requests = (await logLines(log)).slice(before).filter((e) => e.path.startsWith('/v1/'));
    // The listing of the spaces (members, collections, sites and their lists) and the organization: no space read.
    expect(requests.some((e) => /\/content\//.test(e.path))).toBe(false);
    expect(requests.length).toBeLessThanOrEqual(spaces.length + 4 + 16);
  }, 90_000);

  it('with --change-requests, writes each open change request of a space in its own folder', async () => {
    const dir = join(tempDir(), 'crs');
    const run = await docs(['orgs', 'backup', DEMO.org, dir, '--change-requests', '--json'], { env, timeoutMs: 60_000 });
    expect(run.code).toBe(0);
    const guides = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { space?: string; folder: string; changeRequests?: number })
      .find((l) => l.space === DEMO.spaces.guides)!;
    expect(guides.changeRequests).toBeGreaterThanOrEqual(1);
    const manifest = JSON.parse(readFileSync(join(dir, guides.folder, 'manifest.json'), 'utf8')) as { changeRequests: number[] };
    expect(manifest.changeRequests).toHaveLength(guides.changeRequests!);
    for (const number of manifest.changeRequests)
      expect(existsSync(join(dir, guides.folder, 'change-requests', String(number), 'SUMMARY.md'))).toBe(true);
    // Without the flag, a space backed up with its change requests counts as unchanged; the reverse does not.
    const again = await docs(['orgs', 'backup', DEMO.org, dir, '--json'], { env, timeoutMs: 60_000 });
    expect(JSON.parse(again.stdout.trim().split('\n').pop()!)).toMatchObject({ written: 0, failed: 0 });
  }, 90_000);

  it('takes the folder alone with the organization from the profile, and refuses no folder at all', async () => {
    const profileEnv = { ...env, DOCS_CONFIG_DIR: tempDir() };
    await docs(['config', 'set', 'org', DEMO.org], { env: profileEnv });
    const dir = join(tempDir(), 'b2');
    const run = await docs(['orgs', 'backup', dir], { env: profileEnv, timeoutMs: 60_000 });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^Backed up \d+ spaces into .*: \d+ written, 0 unchanged, 0 failed\.\n$/);
    const none = await docs(['orgs', 'backup'], { env: profileEnv });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('Error: missing the folder to back up into: `docs orgs backup [ORG] DIR`\n');
  }, 90_000);
});

describe('restoring a backed-up space', () => {
  const seed: SeedSource = {
    users: [{ id: 'usr_admin', displayName: 'Admin', email: 'admin@restore.test', tokens: ['restore-admin-token'] }],
    organizations: [
      {
        id: 'org_restore',
        title: 'Restore',
        members: [{ user: 'usr_admin', role: 'admin' as const }],
        spaces: [
          {
            id: 'space_source',
            title: 'Source',
            pages: [
              { id: 'p_intro', title: 'Introduction', markdown: 'Welcome. See the [setup](setup/README.md).\n' },
              {
                id: 'p_setup',
                title: 'Setup',
                markdown: 'Install it.\n\n![Logo](../.gitbook/assets/logo.svg)\n',
                pages: [{ id: 'p_linux', title: 'Linux', markdown: 'Use the tarball.\n' }],
              },
            ],
            files: [{ id: 'file_logo', name: 'logo.svg', contentType: 'image/svg+xml', text: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
          },
          { id: 'space_target', title: 'Target', pages: [] },
        ],
      },
    ],
  };
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startInProcess({ seed, filesRoot: filesRoot() });
  });
  afterAll(async () => {
    await emulator?.close();
    cleanup();
  });

  it('commit the folder, import it into an empty space, back it up: the same pages and files', async () => {
    const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: 'restore-admin-token', DOCS_API_URL: emulator.url };
    const dir = join(tempDir(), 'backup');
    expect((await docs(['orgs', 'backup', 'org_restore', dir], { env, timeoutMs: 60_000 })).code).toBe(0);
    const source = join(dir, 'spaces', 'space_source', 'content');
    const files = tree(source);
    expect([...files.keys()].sort()).toEqual(['.gitbook/assets/logo.svg', 'README.md', 'SUMMARY.md', 'setup/README.md', 'setup/linux.md']);

    // 1. The folder in a Git repository.
    const contents = Object.fromEntries([...files].map(([path, b64]) => [path, Buffer.from(b64, 'base64').toString('utf8')]));
    const repo = repoWith(tempDir(), 'restore', contents);
    // 2. Imported into the empty space.
    const imported = await docs(['git', 'import', 'space_target', '--url', repo, '--ref', 'main', '--yes'], { env, timeoutMs: 60_000 });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    // 3. Backed up again; 4. the same folder.
    expect((await docs(['orgs', 'backup', 'org_restore', dir], { env, timeoutMs: 60_000 })).code).toBe(0);
    expect(tree(join(dir, 'spaces', 'space_target', 'content'))).toEqual(files);
  }, 90_000);
});
