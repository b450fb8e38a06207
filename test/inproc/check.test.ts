import { writeFileSync } from 'node:fs';
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
  findings: { kind: string; page: string | null; message: string }[];
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
    expect(lines).toContain(`broken-link\t${broken?.page}\tbroken link to no-such-page.md`);
    expect(lines).toContainEqual(expect.stringMatching(/^open-comment\t\topen comment \S+ by Ada Lovelace: "Is the FAQ ready\?"$/));
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
    expect(res.stderr).toMatch(/broken-link, empty-page, outdated, open-comment/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('a change request that does not exist is exit 3', async () => {
    const res = await docs(['cr', 'check', '9999', '--space', space], { env });
    expect(res.code).toBe(3);
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
