import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { call, DEMO } from './helpers.js';

/*
 * The real command in a real process: `node bin/run.js emulator start` (needs `npm run build`).
 * A SIGKILL must not lose an acknowledged write; SIGTERM closes cleanly and frees the port.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin/run.js');

interface Started {
  child: ChildProcess;
  url: string;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(args: string[], expectedLines: number): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'emulator', 'start', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start: ${out}${err}`)), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n').filter((l) => l !== '');
      if (lines.length >= expectedLines) {
        clearTimeout(timer);
        resolve({ child, url: lines[0]!, lines, exited });
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}: ${err}`));
    });
  });
}

describe('emulator process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'emu-persist-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the URL, then one line per token', async () => {
    const emu = await start(['--port', '0', '--seed', 'demo'], 9);
    try {
      expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const admin = emu.lines.find((l) => l.includes(DEMO.tokens.admin))!;
      expect(admin.split('\t')).toEqual([
        'token',
        DEMO.tokens.admin,
        'user',
        DEMO.users.admin,
        'Ada Lovelace',
        'role',
        'admin',
        'org',
        DEMO.org,
      ]);
      expect(emu.lines.find((l) => l.includes(DEMO.tokens.guest))).toContain('\trole\tguest\t');
      expect((await call(emu.url, 'GET', '/_emulator/health')).status).toBe(200);
    } finally {
      emu.child.kill('SIGTERM');
      await emu.exited;
    }
  });

  it('finds every acknowledged write after SIGKILL, and exits 0 on SIGTERM with the port freed', async () => {
    const first = await start(['--port', '0', '--data-dir', dir, '--seed', 'demo', '--files-root', dir], 9);
    const as = { token: DEMO.tokens.admin };
    const org = `/v1/orgs/${DEMO.org}`;
    const acked: string[] = [];
    const write = async (method: string, path: string, body?: unknown) => {
      const res = await call(first.url, method, path, { ...as, ...(body !== undefined ? { body } : {}) });
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      acked.push(`${method} ${path}`);
      return res;
    };
    await write('PATCH', org, { title: 'Acme after a crash' });
    const team = await write('PUT', `${org}/teams`, { title: 'Night shift', members: [DEMO.users.read] });
    await write('PUT', `${org}/teams/${team.body.id}/members`, {
      add: ['grace@acme.test'],
      memberships: { [DEMO.users.read]: { role: 'owner' } },
    });
    await write('PATCH', `${org}/members/${DEMO.users.comment}`, { role: 'edit' });
    const collection = await write('POST', `${org}/collections`, { title: 'Incidents', parent: DEMO.collections.internal });
    await write('DELETE', `${org}/teams/${DEMO.teams.reviewers}`);
    // Content: a change request with imported pages, comments and a reply; a merge moves the space.
    const notes = join(dir, 'notes.md');
    writeFileSync(notes, '# Release notes\n\nSurvives a crash.\n');
    const space = `/v1/spaces/${DEMO.spaces.api}`;
    const cr = (await write('POST', `${space}/change-requests`, { subject: 'Crash-proof' })).body;
    const imported = (
      await write('POST', `${space}/change-requests/${cr.number}/content/import`, { url: pathToFileURL(notes).href, source: 'markdown' })
    ).body;
    const comment = (await write('POST', `${space}/change-requests/${cr.number}/comments`, { body: { markdown: 'Ship it' } })).body;
    const reply = (
      await write('POST', `${space}/change-requests/${cr.number}/comments/${comment.id}/replies`, { body: { markdown: 'Shipping' } })
    ).body;
    const spaceComment = (await write('POST', `${space}/comments`, { body: { markdown: 'Old note' } })).body;
    await write('PUT', `${space}/comments/${spaceComment.id}`, { resolved: true, addedReactions: ['👍'] });
    const later = (await write('POST', `${space}/change-requests`, { subject: 'Later' })).body;
    const merged = (await write('POST', `${space}/change-requests/${cr.number}/merge`)).body;
    const before = {
      space: (await call(first.url, 'GET', space, as)).body,
      pages: (await call(first.url, 'GET', `${space}/content/pages`, as)).body,
      later: (await call(first.url, 'GET', `${space}/change-requests/${later.number}`, as)).body,
    };
    expect(acked).toHaveLength(14);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await start(['--port', '0', '--data-dir', dir, '--seed', 'demo', '--files-root', dir], 9);
    const get = (path: string) => call(second.url, 'GET', path, as);
    expect((await get(org)).body.title).toBe('Acme after a crash');
    expect((await get(`${org}/teams/${team.body.id}`)).body).toMatchObject({ title: 'Night shift', members: 2 });
    const members = (await get(`${org}/teams/${team.body.id}/members`)).body.items.map(
      (i: { organization: { id: string }; team: { role: string } }) => `${i.organization.id}:${i.team.role}`,
    );
    expect(members.sort()).toEqual([`${DEMO.users.create}:member`, `${DEMO.users.read}:owner`]);
    expect((await get(`${org}/members/${DEMO.users.comment}`)).body.role).toBe('edit');
    expect((await get(`/v1/collections/${collection.body.id}`)).body).toMatchObject({
      title: 'Incidents',
      parent: DEMO.collections.internal,
    });
    expect((await get(`${org}/teams/${DEMO.teams.reviewers}`)).status).toBe(404);
    // The seed was not applied a second time.
    expect((await get(`${org}/members`)).body.count).toBe(9);
    // Content, revisions, change requests and comments are all there, with their counts.
    const withoutUrls = (x: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(x).replaceAll(first.url, 'URL').replaceAll(second.url, 'URL'));
    expect(withoutUrls((await get(space)).body)).toEqual(withoutUrls(before.space));
    expect(withoutUrls((await get(`${space}/content/pages`)).body)).toEqual(withoutUrls(before.pages));
    expect((await get(space)).body).toMatchObject({ revision: merged.revision, changeRequests: 2, changeRequestsOpen: 1, comments: 0 });
    expect((await get(`${space}/change-requests/${cr.number}`)).body).toMatchObject({
      status: 'merged',
      revisionMerged: merged.revision,
      comments: 1,
    });
    expect((await get(`${space}/change-requests/${cr.id}/content`)).body.id).toBe(imported.revision);
    expect(withoutUrls((await get(`${space}/change-requests/${later.number}`)).body)).toEqual(withoutUrls(before.later));
    expect((await get(`${space}/change-requests/${later.number}`)).body.outdated).toBe(true);
    expect((await get(`${space}/change-requests/${cr.number}/comments/${comment.id}/replies/${reply.id}`)).body.body).toEqual({
      markdown: 'Shipping',
    });
    expect((await get(`${space}/comments/${spaceComment.id}`)).body).toMatchObject({
      status: 'resolved',
      reactions: [{ emoji: '👍', count: 1 }],
    });
    expect((await call(second.url, 'POST', `${space}/change-requests`, { ...as, body: {} })).body.number).toBe(later.number + 1);

    const port = Number(new URL(second.url).port);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
  });

  it('refuses bad flags with one line and exit 2', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, 'emulator', 'start', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
    const bad = join(dir, 'bad-seed.json');
    writeFileSync(bad, JSON.stringify({ users: [], organizations: [] }));
    for (const [args, message] of [
      [['--host', '0.0.0.0'], /not a loopback address.*--allow-remote/],
      [['--faults', 'reset=3'], /faults: "reset=3"/],
      [['--port', 'abc'], /--port/],
      [['--seed', bad], /users: must be at least 1 item/],
      [['--no-such-flag'], /no-such-flag/],
    ] as const) {
      const res = run(...args);
      expect(res.status, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(res.stderr).toMatch(message);
      expect(res.stdout).toBe('');
    }
  });
});
