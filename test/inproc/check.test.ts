import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';

/**
 * `docs cr check` and `docs spaces check` on content seeded through /v1: a copy of the demo
 * Guides space, a change request that starts clean, then gets a page with a broken link, an
 * empty page and a comment, and falls behind the primary content.
 */

interface Report {
  ok: boolean;
  findings: { kind: string; page: string | null; message: string; introduced?: boolean }[];
}

let emulator: RunningEmulator;
let env: Record<string, string>;
let root: string;
let space: string;
let cr: { id: string; number: number };

const post = <T>(path: string, body?: unknown) => api<T>(emulator, 'POST', path, body);
function importMarkdown(where: string, name: string, text: string): Promise<unknown> {
  const file = join(root, name);
  writeFileSync(file, text);
  return post(`${where}/content/import`, { source: 'markdown', url: pathToFileURL(file).href });
}
/** A Git repository at `dir` with `files`, committed on main. */
function repo(dir: string, files: Record<string, string>): void {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
      cwd: dir,
    });
  mkdirSync(dir, { recursive: true });
  git('init', '-q');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  git('add', '-A');
  git('commit', '-q', '-m', 'content');
}
const check = (...args: string[]) => docs(['cr', 'check', String(cr.number), '--space', space, ...args], { env });
const report = (stdout: string) => JSON.parse(stdout) as Report;

beforeAll(async () => {
  ensureBuilt();
  root = tempDir('docs-e2e-check-');
  emulator = await startEmulator([], { files: true });
  env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
  space = (await post<{ id: string }>(`/v1/spaces/${DEMO.spaces.guides}/duplicate`)).id;
  cr = await post(`/v1/spaces/${space}/change-requests`, { subject: 'Add a troubleshooting page' });
}, 120_000);
afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs cr check', () => {
  it('exits 0 with nothing on stdout when the change request is clean', async () => {
    const res = await check();
    expect(res.stderr).toBe(`No findings: change request ${cr.number} passes every check.\n`);
    expect(res.stdout).toBe('');
    expect(res.code).toBe(0);
    const json = await check('--json');
    expect(report(json.stdout)).toEqual({ ok: true, findings: [] });
    expect(json.code).toBe(0);
  });

  it('reports a broken link, an empty page, an open comment and an outdated change request, exit 8', async () => {
    const at = `/v1/spaces/${space}/change-requests/${cr.id}`;
    await importMarkdown(at, 'troubleshooting.md', '# Troubleshooting\n\nSee [the setup](no-such-page.md) first.\n');
    await importMarkdown(at, 'faq.md', '# FAQ\n');
    await post(`${at}/comments`, { body: { markdown: 'Is the FAQ ready?' } });
    // The primary content moves on: the change request is now behind it.
    await importMarkdown(`/v1/spaces/${space}`, 'news.md', '# News\n\nNothing yet.\n');

    const json = await check('--json');
    expect(json.code).toBe(8);
    const { ok, findings } = report(json.stdout);
    expect(ok).toBe(false);
    expect(findings.map((f) => f.kind).sort()).toEqual(['broken-link', 'empty-page', 'open-comment', 'outdated']);
    expect(findings.every((f) => f.introduced === true)).toBe(true);
    // The change request's own findings come first; pages follow in reading order.
    expect(findings[0]).toMatchObject({ kind: 'outdated', page: null });
    const broken = findings.find((f) => f.kind === 'broken-link');
    expect(broken?.page).toMatch(/troubleshooting/);
    expect(broken?.message).toBe('broken link to no-such-page.md');
    expect(findings.find((f) => f.kind === 'empty-page')).toMatchObject({
      page: expect.stringMatching(/faq/) as string,
      message: '"FAQ" has no content',
    });

    // Piped: one finding per line, kind, page, message.
    const piped = await check();
    expect(piped.code).toBe(8);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines).toContain(`broken-link\t${broken?.page}\tbroken link to no-such-page.md\tchange-request`);
    expect(lines).toContainEqual(
      expect.stringMatching(/^open-comment\t\topen comment \S+ by Ada Lovelace: "Is the FAQ ready\?"\tchange-request$/),
    );
    expect(lines[0]).toMatch(/^outdated\t\tchange request #\d+ is behind the primary content/);
  });

  it('--ignore leaves out kinds, and is repeatable', async () => {
    const some = await check('--ignore', 'outdated', '--ignore', 'open-comment', '--json');
    expect(
      report(some.stdout)
        .findings.map((f) => f.kind)
        .sort(),
    ).toEqual(['broken-link', 'empty-page']);
    expect(some.code).toBe(8);
    const none = await check('--ignore', 'outdated', '--ignore', 'open-comment', '--ignore', 'broken-link', '--ignore', 'empty-page');
    expect(none.stdout).toBe('');
    expect(none.code).toBe(0);
  });

  it('refuses an unknown kind with exit 2', async () => {
    const res = await check('--ignore', 'typos');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /broken-link, broken-anchor, empty-page, outdated, open-comment, external-broken, external-redirect, external-unverified/,
    );
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('a change request that does not exist is exit 3', async () => {
    const res = await docs(['cr', 'check', '9999', '--space', space], { env });
    expect(res.code).toBe(3);
  });
});

/**
 * What the gate fails on: what the change request brings, not what the primary content already
 * has. Each test has a space of its own (a copy of Guides) whose primary content holds a page with
 * a link to a page that does not exist and an empty page.
 */
describe('docs cr check gates on what the change request brings', () => {
  async function spaceWithProblems(): Promise<{ space: string; at: string; open: () => Promise<{ id: string; number: number }> }> {
    const id = (await post<{ id: string }>(`/v1/spaces/${DEMO.spaces.guides}/duplicate`)).id;
    const at = `/v1/spaces/${id}`;
    await importMarkdown(at, 'old.md', '# Old\n\nSee [the missing page](missing-page.md).\n');
    await importMarkdown(at, 'blank.md', '# Blank\n');
    return { space: id, at, open: () => post(`${at}/change-requests`, { subject: 'unrelated' }) };
  }
  const run = (sp: string, n: number, ...args: string[]) => docs(['cr', 'check', String(n), '--space', sp, ...args], { env });

  it('a broken link and an empty page already in the primary content do not fail an unrelated change request; --all reports them as already there', async () => {
    const { space: sp, open } = await spaceWithProblems();
    const primary = await docs(['spaces', 'check', sp], { env });
    expect(primary.code).toBe(8);
    expect(primary.stdout).toMatch(/^broken-link\told\tbroken link to missing-page\.md$/m);
    const { number } = await open();

    const gate = await run(sp, number);
    expect(gate.stdout).toBe('');
    expect(gate.stderr).toBe(`No findings: change request ${number} passes every check.\n`);
    expect(gate.code).toBe(0);

    const all = await run(sp, number, '--all', '--json');
    expect(all.code).toBe(8);
    const { ok, findings } = report(all.stdout);
    expect(ok).toBe(false);
    expect(findings).toEqual([
      { kind: 'broken-link', page: 'old', message: 'broken link to missing-page.md', introduced: false, line: 3 },
      { kind: 'empty-page', page: 'blank', message: '"Blank" has no content', introduced: false },
    ]);
    const piped = await run(sp, number, '--all');
    expect(piped.code).toBe(8);
    expect(piped.stdout).toBe(
      'broken-link\told\tbroken link to missing-page.md\tprimary\nempty-page\tblank\t"Blank" has no content\tprimary\n',
    );
  });

  it('a change request that imports a page with a broken link fails, naming that page and not the old one', async () => {
    const { space: sp, at, open } = await spaceWithProblems();
    const cr = await open();
    // The same missing target as the primary content's, on a new page: the change request brings it.
    await importMarkdown(
      `${at}/change-requests/${cr.id}`,
      'howto.md',
      '# How to\n\nStart at [the missing page](missing-page.md) or [here](nowhere.md).\n',
    );

    const res = await run(sp, cr.number, '--json');
    expect(res.code).toBe(8);
    expect(report(res.stdout).findings).toEqual([
      // The line of each link in the page's file: `# How to`, a blank line, then the markdown.
      { kind: 'broken-link', page: 'how-to', message: 'broken link to missing-page.md', introduced: true, line: 3 },
      { kind: 'broken-link', page: 'how-to', message: 'broken link to nowhere.md', introduced: true, line: 3 },
    ]);
    const all = report((await run(sp, cr.number, '--all', '--json')).stdout).findings;
    expect(all.map((f) => [f.page, f.introduced])).toEqual([
      ['old', false],
      ['blank', false],
      ['how-to', true],
      ['how-to', true],
    ]);
  });

  it('a change request that adds the missing page mends the link: exit 0, and --all does not report it', async () => {
    const { space: sp, at, open } = await spaceWithProblems();
    const cr = await open();
    await importMarkdown(`${at}/change-requests/${cr.id}`, 'missing-page.md', '# Missing page\n\nHere now.\n');
    expect(
      (await api<{ pages: { slug: string }[] }>(emulator, 'GET', `${at}/change-requests/${cr.id}/content/pages`)).pages.map((p) => p.slug),
    ).toContain('missing-page');

    const res = await run(sp, cr.number);
    expect(res.stdout).toBe('');
    expect(res.code).toBe(0);
    const all = await run(sp, cr.number, '--all', '--json');
    expect(report(all.stdout).findings).toEqual([
      { kind: 'empty-page', page: 'blank', message: '"Blank" has no content', introduced: false },
    ]);
    expect(all.code).toBe(8);
  });

  it('a change request holding the fixed text of a page whose link the primary content broke: the link is not reported', async () => {
    // The change request is opened on the fixed text; the primary content then breaks the link
    // (a Git import keeps the page's id, as page ids follow paths), so the change request is the fix.
    const { space: sp, at, open } = await spaceWithProblems();
    const fixed = join(root, `fixed-${sp}`);
    const broken = join(root, `broken-${sp}`);
    repo(fixed, { 'README.md': '# Home\n\nSee [the guide](guide.md).\n', 'guide.md': '# Guide\n\nRead on.\n' });
    repo(broken, { 'README.md': '# Home\n\nSee [the guide](guide-old.md).\n', 'guide.md': '# Guide\n\nRead on.\n' });
    await post(`${at}/git/import`, { url: fixed, ref: 'refs/heads/main' });
    const cr = await open();
    await post(`${at}/git/import`, { url: broken, ref: 'refs/heads/main' });
    expect((await docs(['spaces', 'check', sp], { env })).stdout).toMatch(/broken link to guide-old\.md/);

    // It is behind the primary content now: that is its only finding.
    const res = await run(sp, cr.number, '--json');
    expect(report(res.stdout).findings.map((f) => f.kind)).toEqual(['outdated']);
    expect(res.code).toBe(8);
    const gate = await run(sp, cr.number, '--ignore', 'outdated', '--all', '--json');
    expect(JSON.stringify(report(gate.stdout).findings)).not.toMatch(/guide-old/);
    expect(gate.code).toBe(0);
  });

  it('an empty page the change request adds is reported; one already empty in the primary content only with --all', async () => {
    const { space: sp, at, open } = await spaceWithProblems();
    const cr = await open();
    await importMarkdown(`${at}/change-requests/${cr.id}`, 'todo.md', '# To do\n\n   \n');

    const res = await run(sp, cr.number, '--json');
    expect(res.code).toBe(8);
    expect(report(res.stdout).findings).toEqual([
      { kind: 'empty-page', page: 'to-do', message: '"To do" has no content', introduced: true },
    ]);
    const all = await run(sp, cr.number, '--all', '--json');
    expect(report(all.stdout).findings.filter((f) => f.kind === 'empty-page')).toEqual([
      { kind: 'empty-page', page: 'blank', message: '"Blank" has no content', introduced: false },
      { kind: 'empty-page', page: 'to-do', message: '"To do" has no content', introduced: true },
    ]);
  });
});

describe('docs spaces check', () => {
  it("reports the broken links of the space's primary content", async () => {
    const clean = await docs(['spaces', 'check', space, '--json'], { env });
    expect(report(clean.stdout)).toEqual({ ok: true, findings: [] });
    expect(clean.code).toBe(0);

    await importMarkdown(`/v1/spaces/${space}`, 'links.md', '# Links\n\nRead [this](gone.md) and [that](https://example.com).\n');
    const res = await docs(['spaces', 'check', space], { env });
    expect(res.code).toBe(8);
    expect(res.stdout).toMatch(/^broken-link\t[^\t]*links[^\t]*\tbroken link to gone\.md\n$/);
    const ignored = await docs(['spaces', 'check', space, '--ignore', 'broken-link'], { env });
    expect(ignored.code).toBe(0);
    // Only the kinds a space can have are offered.
    expect((await docs(['spaces', 'check', space, '--ignore', 'open-comment'], { env })).code).toBe(2);
  });
});
