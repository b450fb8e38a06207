import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { docs, startEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';
import { docsOnTty } from '../helpers/tty.js';

/** Commands that take the user's own words: `cr list --status all`, pages by path, named confirmations. */

const SPACE = DEMO.spaces.guides;
interface ChangeRequest {
  number: number;
  status: string;
}

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator();
  env = demoEnv(emulator, { space: SPACE });
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const crsPath = `/v1/spaces/${SPACE}/change-requests`;

describe('cr list --status all', () => {
  it('lists change requests in every state, by number; --limit counts them all', async () => {
    const made: number[] = [];
    for (const subject of ['One', 'Two', 'Three']) made.push((await api<ChangeRequest>(emulator, 'POST', crsPath, { subject })).number);
    await api(emulator, 'PATCH', `${crsPath}/${made[0]}`, { status: 'archived' });
    await api(emulator, 'PATCH', `${crsPath}/${made[1]}`, { status: 'draft' });
    const every = async (status: string) =>
      (await api<{ items: ChangeRequest[] }>(emulator, 'GET', `${crsPath}?limit=1000&status=${status}`)).items;
    const expected = (await Promise.all(['draft', 'open', 'archived', 'merged'].map(every)))
      .flat()
      .map((cr) => [cr.number, cr.status])
      .sort((a, b) => (a[0] as number) - (b[0] as number));

    const all = await docs(['cr', 'list', '--status', 'all', '--json'], { env });
    expect(all.code).toBe(0);
    expect((JSON.parse(all.stdout) as ChangeRequest[]).map((cr) => [cr.number, cr.status])).toEqual(expected);
    expect(new Set(expected.map(([, status]) => status))).toEqual(new Set(['open', 'archived', 'draft']));

    const two = await docs(['cr', 'list', '--status', 'all', '--limit', '2'], { env });
    expect(
      two.stdout
        .trim()
        .split('\n')
        .map((line) => Number(line.split('\t')[0])),
    ).toEqual(expected.slice(0, 2).map(([n]) => n));
    const lines = await docs(['cr', 'list', '--status', 'all', '--all', '--json'], { env });
    expect(
      lines.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as ChangeRequest).number),
    ).toEqual(expected.map(([n]) => n));
    const archived = await docs(['cr', 'list', '--status', 'archived', '--json'], { env });
    expect((JSON.parse(archived.stdout) as ChangeRequest[]).map((cr) => cr.number)).toContain(made[0]);
  });
});

describe('confirmations name the thing', () => {
  it('cr merge, spaces delete and collections delete ask with titles; "n" leaves everything as it was', async () => {
    const no = [{ after: '[y/N]', type: 'n\r' }];
    const space = (await api<{ title: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`)).title;
    const collection = (await api<{ title: string }>(emulator, 'GET', `/v1/collections/${DEMO.collections.guides}`)).title;
    const merge = await docsOnTty(['cr', 'merge', '1'], { env, answers: no });
    expect(merge.output).toContain(
      `Merge change request #1 "Document Windows installation" into space "${space}"? [y/N] n\nError: Cancelled`,
    );
    expect(merge.code).toBe(2);
    expect((await api<ChangeRequest>(emulator, 'GET', `${crsPath}/1`)).status).toBe('open');

    const del = await docsOnTty(['spaces', 'delete', SPACE], { env, answers: no });
    expect(del.output).toContain(`Delete space "${space}"? It can be restored for 7 days. [y/N] `);
    expect(del.code).toBe(2);

    const nested = await docsOnTty(['collections', 'delete', DEMO.collections.guides], { env, answers: no });
    expect(nested.output).toContain(`Delete collection "${collection}", the collections nested in it and their spaces? [y/N] `);

    // Without a terminal nothing is read to name it: the refusal is the same as before.
    const piped = await docs(['cr', 'merge', '1'], { env });
    expect(piped.stderr).toBe(
      'Error: refusing to merge change request 1 without confirmation: no terminal to ask on. Pass --yes to confirm.\n',
    );
  });
});

describe('pages by path', () => {
  it('spaces page takes a path as well as an id, also with --cr; an unknown path lists the paths nearby (exit 3)', async () => {
    const tree = await api<{ pages: { id: string; path: string; pages?: unknown[] }[] }>(
      emulator,
      'GET',
      `/v1/spaces/${SPACE}/content/pages`,
    );
    const quickstart = tree.pages.find((p) => p.path === 'quickstart')!;
    const markdown = (await api<{ markdown: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/content/page/${quickstart.id}?format=markdown`))
      .markdown;
    const byPath = await docs(['spaces', 'page', 'quickstart'], { env });
    expect(byPath.code).toBe(0);
    expect(byPath.stdout).toBe(markdown);
    expect((await docs(['spaces', 'page', '/quickstart.md'], { env })).stdout).toBe(markdown);
    expect((await docs(['spaces', 'page', quickstart.id], { env })).stdout).toBe(markdown);

    const nested = await docs(['spaces', 'page', 'installation/macos', '--json'], { env });
    expect(nested.code).toBe(0);
    expect(JSON.parse(nested.stdout)).toMatchObject({ path: 'installation/macos' });
    const inCr = await docs(['spaces', 'page', 'installation/windows', '--cr', '1'], { env });
    expect(inCr.stdout).toContain('winget install Acme.Cli');
    const notInSpace = await docs(['spaces', 'page', 'installation/windows'], { env });
    expect(notInSpace.code).toBe(3);
    expect(notInSpace.stderr).toMatch(
      /^Error: no page with the path or id "installation\/windows" in space \S+\. Nearby: installation\/\w+/,
    );

    const typo = await docs(['spaces', 'page', 'installation/macso'], { env });
    expect(typo.code).toBe(3);
    expect(typo.stderr).toMatch(/Nearby: installation\/macos(, installation\/\w+)*\.\n$/);
    const top = await docs(['spaces', 'page', 'quikstart'], { env });
    expect(top.stderr).toMatch(/Nearby: quickstart, /);
  });
});

describe('prompts on a terminal', () => {
  const editorWriting = (text: string): string => {
    const script = join(tempDir(), 'editor.cjs');
    writeFileSync(
      script,
      `require('fs').writeFileSync(process.argv[2], ${JSON.stringify(text)} + require('fs').readFileSync(process.argv[2], 'utf8'));\n`,
    );
    return `${process.execPath} ${script}`;
  };

  it('cr create without --subject asks for one; piped or with --json it does not', async () => {
    const made = await docsOnTty(['cr', 'create'], { env, answers: [{ after: 'Subject: ', type: 'Typed on a terminal\r' }] });
    expect(made.code).toBe(0);
    expect(made.output).toMatch(/Created change request #(\d+) "Typed on a terminal"/);
    const number = /#(\d+)/.exec(made.output)?.[1];
    expect((await api<{ subject: string }>(emulator, 'GET', `${crsPath}/${number}`)).subject).toBe('Typed on a terminal');
    const json = await docsOnTty(['cr', 'create', '--json'], { env });
    expect(json.code).toBe(0);
    expect(json.output).not.toContain('Subject:');
    const piped = await docs(['cr', 'create', '--json'], { env });
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toContain('Subject:');
  });

  it('comments create and replies create without --body open $EDITOR; # lines are dropped, an empty text cancels', async () => {
    const made = await docsOnTty(['comments', 'create', '--json'], { env: { ...env, EDITOR: editorWriting('Never asked\n') } });
    expect(made.code).toBe(2);
    expect(made.output).toContain('no text given');

    const posted = await docsOnTty(['comments', 'create'], {
      env: { ...env, EDITOR: editorWriting('Written in **the editor**.\n# a note\n') },
    });
    expect(posted.code).toBe(0);
    const comments = (await api<{ items: { id: string; body: unknown }[] }>(emulator, 'GET', `/v1/spaces/${SPACE}/comments?limit=1000`))
      .items;
    const mine = comments.find((c) => JSON.stringify(c.body).includes('the editor'));
    expect(mine).toBeDefined();
    expect(JSON.stringify(mine?.body)).not.toContain('a note');
    expect(JSON.stringify(mine?.body)).not.toContain('Write the comment');

    const reply = await docsOnTty(['comments', 'replies', 'create', mine!.id], {
      env: { ...env, VISUAL: editorWriting('A reply.\n'), EDITOR: 'false' },
    });
    expect(reply.code).toBe(0);
    expect(reply.output).toContain('✓');
    // The API lists replies of change request comments only: the count says it was posted.
    expect((await api<{ replies: number }>(emulator, 'GET', `/v1/spaces/${SPACE}/comments/${mine!.id}`)).replies).toBe(1);

    const empty = await docsOnTty(['comments', 'create'], { env: { ...env, EDITOR: editorWriting('# only a note\n\n') } });
    expect(empty.code).toBe(2);
    expect(empty.output).toContain('Cancelled: the comment is empty; nothing was sent.');
    const failing = await docsOnTty(['comments', 'create'], { env: { ...env, EDITOR: 'false' } });
    expect(failing.code).toBe(2);
    expect(failing.output).toContain('the editor (false) exited with status 1; nothing was sent');
  });
});

describe('a list cut at its default size', () => {
  it('says "Showing 30 of N" on a terminal; not when piped or with --limit', async () => {
    const open = async () => (await api<{ items: unknown[] }>(emulator, 'GET', `${crsPath}?limit=1000`)).items.length;
    for (let n = await open(); n <= 31; n++) await api(emulator, 'POST', crsPath, { subject: `Filler ${n}` });
    const total = await open();
    const tty = await docsOnTty(['cr', 'list'], { env });
    expect(tty.code).toBe(0);
    expect(tty.output).toContain(`Showing 30 of ${total} — use --all or --limit\n`);
    const every = async (status: string) =>
      (await api<{ items: unknown[] }>(emulator, 'GET', `${crsPath}?limit=1000&status=${status}`)).items.length;
    const all = (await Promise.all(['draft', 'open', 'archived', 'merged'].map(every))).reduce((a, b) => a + b, 0);
    const allStates = await docsOnTty(['cr', 'list', '--status', 'all'], { env });
    expect(allStates.output).toContain(`Showing 30 of ${all} — use --all or --limit\n`);
    const limited = await docsOnTty(['cr', 'list', '--limit', '5'], { env });
    expect(limited.output).not.toContain('Showing');
    const piped = await docs(['cr', 'list'], { env });
    expect(piped.stdout.trim().split('\n')).toHaveLength(30);
    expect(piped.stderr).toBe('');
  });
});

describe('--web', () => {
  it('prints the app URL when piped, and on a terminal with BROWSER=none; never opens a browser here', async () => {
    const cases: [string[], string][] = [
      [['cr', 'get', '1', '--web'], `${crsPath}/1`],
      [['spaces', 'get', SPACE, '--web'], `/v1/spaces/${SPACE}`],
      [['orgs', 'get', DEMO.org, '--web'], `/v1/orgs/${DEMO.org}`],
    ];
    for (const [args, path] of cases) {
      const app = (await api<{ urls: { app: string } }>(emulator, 'GET', path)).urls.app;
      const piped = await docs(args, { env });
      expect(piped.code).toBe(0);
      expect(piped.stdout).toBe(`${app}\n`);
      const tty = await docsOnTty(args, { env: { ...env, BROWSER: 'none' } });
      expect(tty.output.trim()).toBe(app);
    }
    const sites = (await api<{ items: { id: string; urls: { app: string } }[] }>(emulator, 'GET', `/v1/orgs/${DEMO.org}/sites`)).items;
    const site = await docs(['sites', 'get', sites[0]!.id, '--web'], { env });
    expect(site.stdout).toBe(`${sites[0]!.urls.app}\n`);
  });
});
