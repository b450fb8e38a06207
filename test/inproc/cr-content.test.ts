import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs cr pages|page|files|file|revision|import <cr>` say what `docs spaces … --cr <cr>` says. */

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

interface Page {
  id: string;
  title: string;
  pages?: Page[];
}
const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

/** Both runs, which must agree on exit code, stdout and stderr. */
async function twins(crArgs: string[], spacesArgs: string[]) {
  const [entry, twin] = await Promise.all([docs(crArgs, { env }), docs(spacesArgs, { env })]);
  expect({ code: entry.code, stdout: entry.stdout, stderr: entry.stderr }).toEqual({
    code: twin.code,
    stdout: twin.stdout,
    stderr: twin.stderr,
  });
  return entry;
}

describe('docs cr content entries', () => {
  it('pages, page, revision, files and file read the change request as spaces … --cr does', async () => {
    const windows = flat((await api<{ pages: Page[] }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/1/content/pages`)).pages).find(
      (p) => p.title === 'Windows',
    );
    expect(windows).toBeDefined();
    const pages = await twins(['cr', 'pages', '1'], ['spaces', 'pages', '--cr', '1']);
    expect(pages.code).toBe(0);
    expect(pages.stdout).toContain('installation/windows\tWindows');
    await twins(['cr', 'pages', '1', '--json', '--no-computed'], ['spaces', 'pages', '--cr', '1', '--json', '--no-computed']);

    const page = await twins(['cr', 'page', '1', windows!.id], ['spaces', 'page', windows!.id, '--cr', '1']);
    expect(page.stdout).toContain('winget install Acme.Cli');
    await twins(
      ['cr', 'page', '1', windows!.id, '--format', 'document'],
      ['spaces', 'page', windows!.id, '--cr', '1', '--format', 'document'],
    );

    const revision = await twins(['cr', 'revision', '1', '--json'], ['spaces', 'revision', '--cr', '1', '--json']);
    expect(JSON.parse(revision.stdout)).toMatchObject({ id: expect.stringMatching(/^rev_/) });

    const files = await twins(['cr', 'files', '1'], ['spaces', 'files', '--cr', '1']);
    expect(files.stdout).toContain('file_logo');
    const file = await twins(['cr', 'file', '1', 'file_logo', '--json'], ['spaces', 'file', 'file_logo', '--cr', '1', '--json']);
    expect(JSON.parse(file.stdout)).toMatchObject({ id: 'file_logo' });
  });

  it('takes --space like the spaces commands, and fails the same way for a missing change request or page', async () => {
    await twins(['cr', 'files', '1', '--space', SPACE, '--json'], ['spaces', 'files', SPACE, '--cr', '1', '--json']);
    const missing = await twins(['cr', 'revision', '999'], ['spaces', 'revision', '--cr', '999']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('change request "999" not found');
    const noPage = await twins(['cr', 'page', '1', 'page_nope'], ['spaces', 'page', 'page_nope', '--cr', '1']);
    expect(noPage.code).toBe(3);
    const noCrFlag = await docs(['cr', 'pages', '1', '--cr', '2'], { env });
    expect(noCrFlag.code).toBe(2);
  });

  it('import adds the content to the change request, as spaces import --cr does', async () => {
    const file = join(tempDir(), 'faq.md');
    writeFileSync(file, '# FAQ\n\nAnswers to common questions.\n');
    const url = pathToFileURL(file).href;
    const space = (await api<{ id: string }>(emulator, 'POST', `/v1/spaces/${SPACE}/duplicate`)).id;
    const cr = await api<{ number: number }>(emulator, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Import' });
    const faqs = async () =>
      flat((await api<{ pages: Page[] }>(emulator, 'GET', `/v1/spaces/${space}/change-requests/${cr.number}/content/pages`)).pages).filter(
        (p) => p.title === 'FAQ',
      ).length;
    const before = await faqs();

    const entry = await docs(['cr', 'import', String(cr.number), '--space', space, '--source', 'markdown', '--url', url, '--yes'], { env });
    expect(entry.code).toBe(0);
    const twin = await docs(['spaces', 'import', space, '--cr', String(cr.number), '--source', 'markdown', '--url', url, '--yes'], { env });
    expect(twin.code).toBe(0);
    // Each import makes a revision of its own: the rows differ only there.
    expect(entry.stdout.split('\t').slice(1)).toEqual(twin.stdout.split('\t').slice(1));
    expect(await faqs()).toBe(before + 2);

    const dry = await twins(
      ['cr', 'import', String(cr.number), '--space', space, '--source', 'zip', '--url', url, '--dry-run', '--json'],
      ['spaces', 'import', space, '--cr', String(cr.number), '--source', 'zip', '--url', url, '--dry-run', '--json'],
    );
    expect(JSON.parse(dry.stdout)).toMatchObject({ method: 'POST', body: { source: 'zip', url } });
  });
});
