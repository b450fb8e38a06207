import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { docs, startEmulator } from '../helpers/inproc.js';
import { demoEnv, repoWith } from '../helpers/setup.js';
import { docsOnTty } from '../helpers/tty.js';

/**
 * `docs git import`, `docs spaces import` and `docs spaces apply-template` change a space's content:
 * like other destructive commands they ask first on a terminal (naming the space, its page count and
 * the source), refuse without one unless --yes, and say the page count before → after.
 */

interface Page {
  title: string;
  pages?: Page[];
}

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let env: Record<string, string>;
let root: string;

beforeAll(async () => {
  emulator = await startEmulator([], { files: true });
  env = demoEnv(emulator);
  root = tempDir('docs-e2e-replace-');
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const duplicate = async () => (await api<{ id: string }>(emulator, 'POST', `/v1/spaces/${SPACE}/duplicate`)).id;
const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
const count = async (space: string) =>
  flat((await api<{ pages: Page[] }>(emulator, 'GET', `/v1/spaces/${space}/content/pages`)).pages).length;
const titleOf = async (space: string) => (await api<{ title: string }>(emulator, 'GET', `/v1/spaces/${space}`)).title;

describe('commands that replace or add content', () => {
  it('git import: refuses without a terminal or --yes (exit 2, nothing changed); with --yes says pages before → after', async () => {
    const repo = repoWith(root, 'two', {
      'README.md': '# Home\n\nHi.\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Next](next.md)\n',
      'next.md': '# Next\n',
    });
    const space = await duplicate();
    const before = await count(space);
    const refused = await docs(['git', 'import', space, '--url', repo, '--ref', 'main'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `Error: refusing to replace the content of space ${space} without confirmation: no terminal to ask on. Pass --yes to confirm.\n`,
    );
    expect(await count(space)).toBe(before);

    const done = await docs(['git', 'import', space, '--url', repo, '--ref', 'main', '--yes', '--json'], { env });
    expect(done.code).toBe(0);
    expect(done.stderr).toContain(`Imported refs/heads/main of ${repo} into space ${space} (pages ${before} → 2)`);
    expect(await count(space)).toBe(2);
  });

  it('git import on a terminal: names the space, its page count and the source; "n" cancels, "y" imports', async () => {
    const repo = repoWith(root, 'one', { 'README.md': '# Only\n' });
    const space = await duplicate();
    const before = await count(space);
    const question = `Replace the content of space "${await titleOf(space)}" (${before} pages) with refs/heads/main of ${repo}? [y/N] `;
    const no = await docsOnTty(['git', 'import', space, '--url', repo, '--ref', 'main'], {
      env,
      answers: [{ after: '[y/N]', type: 'n\r' }],
    });
    expect(no.output).toContain(question);
    expect(no.output).toContain('Cancelled: did not replace the content of space');
    expect(no.code).toBe(2);
    expect(await count(space)).toBe(before);
    const yes = await docsOnTty(['git', 'import', space, '--url', repo, '--ref', 'main'], {
      env,
      answers: [{ after: '[y/N]', type: 'y\r' }],
    });
    expect(yes.code).toBe(0);
    expect(yes.output).toContain(`(pages ${before} → 1)`);
    expect(await count(space)).toBe(1);
  });

  it('spaces import: refuses without --yes; with --yes adds the page and says before → after (also into a change request)', async () => {
    const file = join(root, 'faq.md');
    writeFileSync(file, '# FAQ\n\nAnswers.\n');
    const url = pathToFileURL(file).href;
    const space = await duplicate();
    const before = await count(space);
    const refused = await docs(['spaces', 'import', space, '--source', 'markdown', '--url', url], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`refusing to import into space ${space} without confirmation`);
    expect(await count(space)).toBe(before);

    const done = await docs(['spaces', 'import', space, '--source', 'markdown', '--url', url, '--yes'], { env: { ...env, NO_COLOR: '1' } });
    expect(done.code).toBe(0);
    expect(await count(space)).toBe(before + 1);
    const json = await docs(['spaces', 'import', space, '--source', 'markdown', '--url', url, '--yes', '--json'], { env });
    expect(json.stderr).toContain(`; pages ${before + 1} → ${before + 2})`);

    const cr = await api<{ number: number }>(emulator, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'FAQ' });
    const ask = await docsOnTty(['spaces', 'import', space, '--cr', String(cr.number), '--source', 'markdown', '--url', url], {
      env,
      answers: [{ after: '[y/N]', type: 'n\r' }],
    });
    expect(ask.output).toContain(
      `Import the markdown at ${url} into change request #${cr.number} "FAQ" of space "${await titleOf(space)}" (${before + 2} pages)? [y/N] `,
    );
    expect(ask.code).toBe(2);
  });

  it('apply-template: refuses without --yes; with --yes says before → after', async () => {
    const space = await duplicate();
    const before = await count(space);
    const refused = await docs(['spaces', 'apply-template', space, '--template', 'knowledge-base'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`refusing to apply template knowledge-base to space ${space} without confirmation`);
    expect(await count(space)).toBe(before);
    const done = await docs(['spaces', 'apply-template', space, '--template', 'knowledge-base', '--yes', '--json'], { env });
    expect(done.code).toBe(0);
    expect(done.stderr).toContain(`Applied template knowledge-base to space ${space} (pages ${before} → ${before + 3})`);
    // --dry-run sends nothing and asks nothing.
    const dry = await docs(['spaces', 'apply-template', space, '--template', 'knowledge-base', '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(await count(space)).toBe(before + 3);
  });
});
