import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv, git, repoWith as makeRepo } from '../helpers/setup.js';

/** `docs git import | export | info | remove-legacy-installation` against local repositories. */

interface Page {
  title: string;
  path: string;
  pages?: Page[];
}

const SPACE = DEMO.spaces.guides;
const SECRET = 'hunter2-git-secret';
let emulator: RunningEmulator;
let env: Record<string, string>;
let root: string;

const repoWith = (name: string, files: Record<string, string>): string => makeRepo(root, name, files);

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator([], { files: true });
  env = demoEnv(emulator);
  root = tempDir('docs-e2e-git-');
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const duplicate = async () => (await api<{ id: string }>(emulator, 'POST', `/v1/spaces/${SPACE}/duplicate`)).id;
const titles = async (space: string) =>
  (await api<{ pages: Page[] }>(emulator, 'GET', `/v1/spaces/${space}/content/pages`)).pages.map((p) => p.title);

const BOOK = {
  'docs/README.md': '# Welcome\n\nThe home page.\n',
  'docs/SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n',
  'docs/install.md': '# Install\n\nSteps.\n',
};

describe('docs git', () => {
  it('imports a branch into a space, then shows the sync state', async () => {
    const repo = repoWith('book', BOOK);
    const space = await duplicate();
    const none = await docs(['git', 'info', space], { env });
    expect(none.code).toBe(3);
    expect(none.stderr).toBe(
      `Error: space ${space} has no Git sync set up (404). Connect a repository with \`docs git import ${space} --url <url> --ref <branch>\`.\n`,
    );

    const imported = await docs(
      [
        'git',
        'import',
        space,
        '--url',
        repo,
        '--ref',
        'main',
        '--directory',
        'docs',
        '--provider',
        'github',
        '--provider-url',
        'https://github.com/acme/book',
        '--yes',
      ],
      { env },
    );
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe(`${space}\timported\n`);
    expect(await titles(space)).toEqual(['Welcome', 'Install']);

    const info = await docs(['git', 'info', space], { env });
    expect(info.code).toBe(0);
    expect(info.stdout).toContain('Repository\tbook\n');
    expect(info.stdout).toContain('Provider\tgithub\n');
    expect(info.stdout).toContain('URL\thttps://github.com/acme/book\n');
    const json = await docs(['git', 'info', space, '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ repoName: 'book', installationProvider: 'github' });

    const unknown = await docs(['git', 'info', 'space_nope'], { env });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('space "space_nope" not found (404)');
  });

  it('--standalone leaves the primary content alone; bad refs are refused before sending', async () => {
    const repo = repoWith('standalone', { 'README.md': '# Only\n' });
    const space = await duplicate();
    const before = await titles(space);
    const standalone = await docs(['git', 'import', space, '--url', repo, '--ref', 'refs/heads/main', '--standalone', '--json'], { env });
    expect(standalone.code).toBe(0);
    // 204: nothing on stdout with --json, the sentence on stderr.
    expect(standalone.stdout).toBe('');
    expect(standalone.stderr).toContain('as a standalone revision');
    expect(await titles(space)).toEqual(before);

    const tag = await docs(['git', 'import', space, '--url', repo, '--ref', 'refs/tags/v1'], { env });
    expect(tag.code).toBe(2);
    expect(tag.stderr).toMatch(/^Error: --ref /);
    const missingBranch = await docs(['git', 'import', space, '--url', repo, '--ref', 'nope', '--yes'], { env });
    expect(missingBranch.code).toBe(2);
    expect(missingBranch.stderr).toContain('(400)');
    const noUrl = await docs(['git', 'import', space, '--ref', 'main'], { env });
    expect(noUrl.code).toBe(2);
  });

  it('never shows credentials of the repository URL: output, dry runs (text and JSON), errors, debug traces', async () => {
    const repo = repoWith('secret', { 'README.md': '# Secret\n' });
    const url = `file://bob:${SECRET}@localhost${repo}`;
    const space = await duplicate();
    const runs = [
      await docs(['git', 'import', space, '--url', url, '--ref', 'main', '--debug', '--yes'], { env }),
      await docs(['git', 'import', space, '--url', url, '--ref', 'main', '--dry-run'], { env }),
      await docs(['git', 'import', space, '--url', url, '--ref', 'main', '--dry-run', '--json'], { env }),
      await docs(['git', 'export', space, '--url', url, '--ref', 'main', '-m', 'x', '--dry-run', '--json'], { env }),
      await docs(['git', 'import', space, '--url', url, '--ref', 'missing', '--debug', '--yes'], { env }),
      await docs(['git', 'import', space, '--url', '-', '--ref', 'main', '--json', '--yes'], { env, input: `${url}\n` }),
      await docs(['git', 'info', space, '--json', '--debug'], { env }),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 2, 0, 0]);
    expect(runs[0]!.stdout).toBe(`${space}\timported\n`);
    expect(runs[1]!.stdout).toContain(`POST ${emulator.url}/v1/spaces/${space}/git/import`);
    expect(runs[1]!.stdout).toContain('"url": "file://***@localhost');
    expect(JSON.parse(runs[2]!.stdout)).toMatchObject({ body: { url: `file://***@localhost${repo}`, ref: 'refs/heads/main' } });
    expect(JSON.parse(runs[3]!.stdout)).toMatchObject({ body: { commitMessage: 'x' } });
    for (const run of runs) {
      expect(run.stdout + run.stderr).not.toContain(SECRET);
      expect(run.stdout + run.stderr).not.toContain('bob:');
    }
    const empty = await docs(['git', 'import', space, '--url', '-', '--ref', 'main'], { env, input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('nothing was read from stdin');
  });

  it('exports a space as one commit with the message given', async () => {
    const bare = join(root, 'export.git');
    mkdirSync(bare);
    git(bare, 'init', '-q', '--bare');
    const space = await duplicate();
    const exported = await docs(['git', 'export', space, '--url', bare, '--ref', 'docs', '--commit-message', 'Export from the CLI'], {
      env,
    });
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(`${space}\texported\n`);
    expect(git(bare, 'log', '-1', '--format=%s', 'docs')).toBe('Export from the CLI');
    expect(git(bare, 'ls-tree', '-r', '--name-only', 'docs').split('\n')).toEqual(expect.arrayContaining(['README.md', 'SUMMARY.md']));
    // Each file is what a person would write: the title once, as the heading, then the page.
    expect(git(bare, 'show', 'docs:README.md')).toBe(
      '# Welcome\n\nAcme helps teams ship documentation. Start with the [quickstart](quickstart.md).',
    );
    expect(git(bare, 'show', 'docs:quickstart.md')).toMatch(/^# Quickstart\n\nInstall the CLI/);
    const noMessage = await docs(['git', 'export', space, '--url', bare, '--ref', 'docs'], { env });
    expect(noMessage.code).toBe(2);
    expect(noMessage.stderr).toContain('commit-message');
  });

  it('removes the legacy installation with --yes only; a read-only token cannot import (exit 4)', async () => {
    const refused = await docs(['git', 'remove-legacy-installation', SPACE], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const removed = await docs(['git', 'remove-legacy-installation', SPACE, '--yes', '--json'], { env });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('');
    const piped = await docs(['git', 'remove-legacy-installation', SPACE, '--yes'], { env });
    expect(piped.stdout).toBe(`${SPACE}\tremoved\n`);

    const repo = repoWith('readonly', { 'README.md': '# Read\n' });
    const denied = await docs(['git', 'import', SPACE, '--url', repo, '--ref', 'main', '--yes'], {
      env: { ...env, DOCS_TOKEN: emulator.tokens.read! },
    });
    expect(denied.code).toBe(4);
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
