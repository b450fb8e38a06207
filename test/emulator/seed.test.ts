import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../src/emulator/server.js';
import { demoSeed, loadSeed, SeedError } from '../../src/emulator/seed/index.js';
import { call, DEMO } from './helpers.js';

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'emu-seed-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const minimal = () => ({
  users: [{ id: 'u1', displayName: 'One', tokens: ['token-one-123'] }],
  organizations: [{ id: 'o1', title: 'Org one', members: [{ user: 'u1', role: 'admin' }] }],
});

describe('demo seed', () => {
  it('starts well under a second, with a token for every role and for the second organization', async () => {
    const started = performance.now();
    const emu = await startEmulator({ seed: 'demo' });
    const ms = performance.now() - started;
    try {
      expect(ms).toBeLessThan(1000);
      const byRole = Object.fromEntries(emu.tokens.filter((t) => t.organization === DEMO.org).map((t) => [t.role, t.token]));
      expect(byRole).toEqual({
        admin: DEMO.tokens.admin,
        create: DEMO.tokens.create,
        review: DEMO.tokens.review,
        edit: DEMO.tokens.edit,
        comment: DEMO.tokens.comment,
        read: DEMO.tokens.read,
        guest: DEMO.tokens.guest,
      });
      // One line a token and organization: the demo admin administers both organizations.
      expect(emu.tokens.filter((t) => t.token === DEMO.tokens.admin).map((t) => [t.organization, t.role])).toEqual([
        [DEMO.org, 'admin'],
        [DEMO.otherOrg, 'admin'],
      ]);
      expect(emu.tokens.find((t) => t.token === DEMO.tokens.otherAdmin)).toMatchObject({
        organization: DEMO.otherOrg,
        role: 'admin',
        userId: DEMO.users.otherAdmin,
        displayName: 'Dennis Ritchie',
      });
      // The content parts are there too: spaces with nested pages, the site, the change request.
      const pages = await call(emu.url, 'GET', `/v1/spaces/${DEMO.spaces.guides}/content/pages`, { token: DEMO.tokens.read });
      expect(pages.body.pages.find((p: { id: string }) => p.id === 'page_installation').pages).toHaveLength(2);
      expect((await call(emu.url, 'GET', `/v1/orgs/${DEMO.org}/sites/${DEMO.site}/sections`, { token: DEMO.tokens.read })).body.count).toBe(
        2,
      );
      const crs = await call(emu.url, 'GET', `/v1/spaces/${DEMO.spaces.guides}/change-requests`, { token: DEMO.tokens.read });
      expect(crs.body.items.map((c: { subject: string }) => c.subject)).toEqual(['Document Windows installation']);
    } finally {
      await emu.close();
    }
  });
});

describe('seed files', () => {
  it('loads a seed from a JSON file', async () => {
    const file = join(tmp(), 'seed.json');
    writeFileSync(file, JSON.stringify(minimal()));
    const emu = await startEmulator({ seed: file });
    try {
      expect(emu.tokens).toEqual([{ token: 'token-one-123', userId: 'u1', displayName: 'One', role: 'admin', organization: 'o1' }]);
      expect((await call(emu.url, 'GET', '/v1/orgs/o1', { token: 'token-one-123' })).body.title).toBe('Org one');
    } finally {
      await emu.close();
    }
  });

  it('names the field that is wrong', () => {
    const bad = (patch: (s: ReturnType<typeof minimal>) => unknown) => {
      const seed = minimal();
      patch(seed);
      return () => loadSeed(seed as never);
    };
    expect(bad((s) => ((s.organizations[0]!.members[0] as { role: string }).role = 'owner'))).toThrow(
      /organizations\.0\.members\.0\.role: must be one of/,
    );
    expect(bad((s) => (s.organizations[0]!.members[0]!.user = 'ghost'))).toThrow(
      'organizations.0.members.0.user: no user "ghost" in users',
    );
    expect(bad((s) => ((s.organizations[0]!.members[0] as { role: string }).role = 'read'))).toThrow(
      'organizations.0.members: at least one member must be an admin',
    );
    expect(bad((s) => ((s.organizations[0] as { title: string }).title = 'x'))).toThrow(
      'organizations.0.title: must be at least 2 characters',
    );
    expect(bad((s) => ((s as { extra?: number }).extra = 1))).toThrow(/unknown field "extra"/);
    expect(bad((s) => s.users.push({ id: 'u1', displayName: 'Again', tokens: [] }))).toThrow('users.1.id: duplicate user id "u1"');
    expect(bad((s) => s.organizations[0]!.members[0]!.user)).not.toThrow();
  });

  it('reports unreadable and invalid files, and errors from the content seeder', async () => {
    const dir = tmp();
    expect(() => loadSeed(join(dir, 'missing.json'))).toThrow(/cannot read .*missing\.json: ENOENT/);
    writeFileSync(join(dir, 'broken.json'), '{"users": [');
    expect(() => loadSeed(join(dir, 'broken.json'))).toThrow(/not valid JSON/);
    const seed = { ...minimal(), organizations: [{ ...minimal().organizations[0], spaces: [{ title: 42 }] }] };
    await expect(startEmulator({ seed: seed as never })).rejects.toThrow(SeedError);
    await expect(startEmulator({ seed: seed as never })).rejects.toThrow(/spaces\.0\.title/);
  });

  it('the demo is itself a valid seed file', () => {
    const file = join(tmp(), 'demo.json');
    writeFileSync(file, JSON.stringify(demoSeed));
    expect(loadSeed(file).organizations.map((o) => o.id)).toEqual([DEMO.org, DEMO.otherOrg]);
  });
});

describe('data directory', () => {
  it('seeds only the first time, keeps writes, and writes tokens.json for its owner only', async () => {
    const dir = tmp();
    const first = await startEmulator({ seed: 'demo', dataDir: dir });
    await call(first.url, 'PATCH', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.admin, body: { title: 'Kept across restarts' } });
    await first.close();
    const tokensFile = join(dir, 'tokens.json');
    expect(statSync(tokensFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(tokensFile, 'utf8')).tokens).toHaveLength(9);

    const second = await startEmulator({ seed: 'demo', dataDir: dir });
    try {
      expect((await call(second.url, 'GET', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.admin })).body.title).toBe('Kept across restarts');
      expect(second.tokens).toHaveLength(9);
      expect(JSON.parse(readFileSync(tokensFile, 'utf8')).url).toBe(second.url);
    } finally {
      await second.close();
    }
  });
});
