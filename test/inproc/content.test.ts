import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** Space content and change request content (`docs spaces revision | pages | page | ... --cr`) end to end. */

interface Page {
  id: string;
  title: string;
  path: string;
  markdown?: string;
  pages?: Page[];
}

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator([], { files: true });
  env = demoEnv(emulator, { space: SPACE });
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const pagesOf = async (space: string, cr?: number) =>
  (await api<{ pages: Page[] }>(emulator, 'GET', `/v1/spaces/${space}${cr === undefined ? '' : `/change-requests/${cr}`}/content/pages`))
    .pages;
const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
const duplicate = async () => (await api<{ id: string }>(emulator, 'POST', `/v1/spaces/${SPACE}/duplicate`)).id;

describe('space content', () => {
  it('prints the page tree: piped rows in reading order, JSON as the API answer, --cr for a change request', async () => {
    const expected = flat(await pagesOf(SPACE));
    const tsv = await docs(['spaces', 'pages'], { env });
    expect(tsv.code).toBe(0);
    const rows = tsv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((r) => r.slice(0, 3))).toEqual(expected.map((p) => [p.id, p.path, p.title]));
    expect(rows).toContainEqual(['page_install_linux', 'installation/linux', 'Linux', 'document']);

    const json = await docs(['spaces', 'pages', '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual({ pages: await pagesOf(SPACE) });

    const cr = await docs(['spaces', 'pages', '--cr', '1'], { env });
    expect(cr.code).toBe(0);
    expect(cr.stdout).toContain('installation/windows\tWindows');
    expect(tsv.stdout).not.toContain('Windows');
  });

  it('prints a page as markdown on stdout, as a document, or as the API object', async () => {
    const page = await api<Page>(emulator, 'GET', `/v1/spaces/${SPACE}/content/page/page_quickstart?format=markdown`);
    const md = await docs(['spaces', 'page', 'page_quickstart'], { env });
    expect(md.code).toBe(0);
    expect(md.stdout).toBe(page.markdown);
    expect(md.stderr).toBe('');

    const doc = await docs(['spaces', 'page', 'page_quickstart', '--format', 'document'], { env });
    expect(JSON.parse(doc.stdout)).toMatchObject({ object: 'document', nodes: expect.any(Array) });
    const json = await docs(['spaces', 'page', 'page_quickstart', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'page_quickstart', title: 'Quickstart', markdown: page.markdown });

    const windows = flat(await pagesOf(SPACE, 1)).find((p) => p.title === 'Windows')!;
    const inCr = await docs(['spaces', 'page', windows.id, '--cr', '1'], { env });
    expect(inCr.stdout).toContain('winget install Acme.Cli');

    const missing = await docs(['spaces', 'page', 'page_nope'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(new RegExp(`^Error: no page with the path or id "page_nope" in space ${SPACE}\\. Nearby: .+\\.\\n$`));
    const badFormat = await docs(['spaces', 'page', 'page_quickstart', '--format', 'html'], { env });
    expect(badFormat.code).toBe(2);
    const noCr = await docs(['spaces', 'page', 'page_quickstart', '--cr', '999'], { env });
    expect(noCr.code).toBe(3);
    expect(noCr.stderr).toContain('change request "999" not found');
  });

  it('shows the current revision of the space and of a change request', async () => {
    const space = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`);
    const rev = await docs(['spaces', 'revision'], { env });
    expect(rev.code).toBe(0);
    expect(rev.stdout).toContain(`ID\t${space.revision}\n`);
    expect(rev.stdout).toContain(`Pages\t${flat(await pagesOf(SPACE)).length}\n`);
    const cr = await docs(['spaces', 'revision', '--cr', '1', '--json'], { env });
    const json = JSON.parse(cr.stdout) as { id: string; parents: string[] };
    expect(json.id).not.toBe(space.revision);
    expect(json.parents).toContain(space.revision);
  });

  it('lists files, shows one, and lists where it is used (space and change request)', async () => {
    const files = await docs(['spaces', 'files'], { env });
    expect(files.code).toBe(0);
    expect(files.stdout.trim().split('\t').slice(0, 4)).toEqual(['file_logo', 'logo.svg', 'image/svg+xml', '116']);
    const crFiles = await docs(['spaces', 'files', '--cr', '1', '--json'], { env });
    expect((JSON.parse(crFiles.stdout) as Array<{ id: string }>).map((f) => f.id)).toEqual(['file_logo']);

    const file = await docs(['spaces', 'file', 'file_logo'], { env });
    expect(file.stdout).toContain('Name\tlogo.svg\n');
    expect(file.stdout).toMatch(/Download URL\thttp:\/\/127\.0\.0\.1:\d+\/\S+logo\.svg\n/);
    const crFile = await docs(['spaces', 'file', 'file_logo', '--cr', '1', '--json'], { env });
    expect(JSON.parse(crFile.stdout)).toMatchObject({ id: 'file_logo', size: 116 });
    const missing = await docs(['spaces', 'file', 'file_nope'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('file "file_nope" not found (404)');

    const backlinks = await docs(['spaces', 'file-backlinks', 'file_logo'], { env });
    expect(backlinks.code).toBe(0);
    expect(backlinks.stdout.split('\t').slice(0, 2)).toEqual(['page configuration', SPACE]);
    const crBacklinks = await docs(['spaces', 'file-backlinks', 'file_logo', '--cr', '1', '--json'], { env });
    expect((JSON.parse(crBacklinks.stdout) as Array<{ kind: string }>).map((b) => b.kind)).toEqual(['page']);
  });

  it('lists the links of a page, with --stats, and refuses --status with --cr', async () => {
    const links = await docs(['spaces', 'page-links', 'page_welcome'], { env });
    expect(links.code).toBe(0);
    expect(links.stdout).toBe('ok\tpage quickstart\tpage welcome\treference\n');
    const ok = await docs(['spaces', 'page-links', 'page_welcome', '--status', 'ok', '--json'], { env });
    expect(JSON.parse(ok.stdout)).toHaveLength(1);
    const cr = await docs(['spaces', 'page-links', 'page_welcome', '--cr', '1', '--stats', '--json'], { env });
    expect(JSON.parse(cr.stdout)).toMatchObject({ total: 1, broken: { total: 0 } });
    const both = await docs(['spaces', 'page-links', 'page_welcome', '--cr', '1', '--status', 'ok'], { env });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--status cannot be used with --cr');
  });

  it('imports a markdown file into a space and into a change request', async () => {
    const dir = tempDir();
    const file = join(dir, 'faq.md');
    writeFileSync(file, '# FAQ\n\nAnswers to common questions.\n');
    const url = pathToFileURL(file).href;
    const space = await duplicate();
    const before = flat(await pagesOf(space)).length;

    const imported = await docs(['spaces', 'import', space, '--source', 'markdown', '--url', url, '--yes'], { env });
    expect(imported.code).toBe(0);
    const [revision, count, total] = imported.stdout.trim().split('\t');
    expect(revision).toMatch(/^rev_/);
    expect(Number(count)).toBeGreaterThan(0);
    expect(Number(total)).toBeGreaterThanOrEqual(Number(count));
    const after = flat(await pagesOf(space));
    expect(after).toHaveLength(before + 1);
    expect(after.map((p) => p.title)).toContain('FAQ');
    expect((await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${space}`)).revision).toBe(revision);

    const cr = await api<{ number: number }>(emulator, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Import' });
    const intoCr = await docs(
      ['spaces', 'import', space, '--cr', String(cr.number), '--source', 'markdown', '--url', url, '--json', '--yes'],
      {
        env,
      },
    );
    expect(intoCr.code).toBe(0);
    expect(JSON.parse(intoCr.stdout)).toMatchObject({ importedResources: expect.any(Number) });
    expect(flat(await pagesOf(space, cr.number)).filter((p) => p.title === 'FAQ')).toHaveLength(2);
    expect(flat(await pagesOf(space))).toHaveLength(before + 1);

    const badSource = await docs(['spaces', 'import', space, '--source', 'pdf', '--url', url], { env });
    expect(badSource.code).toBe(2);
    expect(badSource.stderr).toContain('--source');
    const badUrl = await docs(['spaces', 'import', space, '--source', 'markdown', '--url', 'not a url'], { env });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--url');
    expect(flat(await pagesOf(space))).toHaveLength(before + 1);
  });

  it('applies a template to a space; not to a change request (exit 2)', async () => {
    const space = await duplicate();
    const before = flat(await pagesOf(space)).length;
    const applied = await docs(['spaces', 'apply-template', space, '--template', 'knowledge-base', '--yes'], { env });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toBe(`${space}\tapplied\n`);
    const titles = flat(await pagesOf(space)).map((p) => p.title);
    expect(titles).toHaveLength(before + 3);
    expect(titles).toContain('Onboarding');

    const dry = await docs(
      ['spaces', 'apply-template', space, '--template', 'product-docs', '--content-ref', 'logo=file:file_logo', '--dry-run', '--json'],
      { env },
    );
    expect(JSON.parse(dry.stdout)).toMatchObject({
      body: { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: 'file_logo' } } } },
    });
    const badRef = await docs(['spaces', 'apply-template', space, '--template', 'product-docs', '--content-ref', 'logo'], { env });
    expect(badRef.code).toBe(2);
    expect(badRef.stderr).toContain('<name>=<kind>:<id>');
    // The server rejects body.id; the user typed --template.
    const unknown = await docs(['spaces', 'apply-template', space, '--template', 'no-such-template', '--yes'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^Error: --template unknown template "no-such-template"; the emulator has product-docs, .* \(400\)\.\n$/,
    );
    const cr = await docs(['spaces', 'apply-template', space, '--template', 'knowledge-base', '--cr', '1'], { env });
    expect(cr.code).toBe(2);
    expect(cr.stderr).toContain('no change request variant');
    expect(flat(await pagesOf(space))).toHaveLength(before + 3);
  });

  it('a read-only token cannot import (exit 4)', async () => {
    const imported = await docs(['spaces', 'import', '--source', 'markdown', '--url', 'file:///dev/null', '--yes'], {
      env: { ...env, DOCS_TOKEN: emulator.tokens.read! },
    });
    expect(imported.code).toBe(4);
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
