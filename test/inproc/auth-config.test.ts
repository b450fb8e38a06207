import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';

/** `docs auth ...`, `docs config ...`, profiles and the environment, end to end. */

let emulator: RunningEmulator;
const DEAD_URL = 'http://127.0.0.1:9';

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const fileMode = (dir: string) => statSync(join(dir, 'config.json')).mode & 0o777;
const savedConfig = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, string>> };

async function login(dir: string, token: string, extra: string[] = []) {
  return docs(['auth', 'login', '--with-token', '--api-url', emulator.url, ...extra], {
    env: { DOCS_CONFIG_DIR: dir },
    input: `${token}\n`,
  });
}

describe('docs auth', () => {
  it('logs in with a token from stdin, verified first, saved with mode 0600 (also after a rewrite)', async () => {
    const dir = tempDir();
    const res = await login(dir, emulator.tokens.admin!);
    expect(res.code).toBe(0);
    expect(savedConfig(dir).profiles.default).toEqual({ token: emulator.tokens.admin, 'api-url': emulator.url });
    expect(fileMode(dir)).toBe(0o600);
    const set = await docs(['config', 'set', 'org', DEMO.org], { env: { DOCS_CONFIG_DIR: dir } });
    expect(set.code).toBe(0);
    expect(fileMode(dir)).toBe(0o600);
    expect(savedConfig(dir).profiles.default!.org).toBe(DEMO.org);
  });

  it('refuses a token the API rejects (exit 4) and saves nothing', async () => {
    const dir = tempDir();
    const res = await login(dir, 'not-a-real-token');
    expect(res.code).toBe(4);
    expect(res.stderr).toMatch(/^Error: .* refused it \(401\): .*Nothing was saved\.\n$/);
    expect(() => savedConfig(dir)).toThrow();
  });

  it('will not prompt without a terminal: exit 2 pointing at --with-token', async () => {
    const res = await docs(['auth', 'login', '--api-url', emulator.url], { env: { DOCS_CONFIG_DIR: tempDir() } });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(
      'Error: no terminal to ask for the token on. Pipe it in with --with-token (echo "$TOKEN" | docs auth login --with-token)\n',
    );
  });

  it('says an empty token was not saved, in words the secret filter leaves alone', async () => {
    const dir = tempDir();
    const res = await docs(['auth', 'login', '--with-token', '--api-url', emulator.url], { env: { DOCS_CONFIG_DIR: dir }, input: '\n' });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe('Error: the token is empty; nothing was saved\n');
    expect(() => savedConfig(dir)).toThrow();
  });

  it('status shows the profile, URL, masked token and organizations; exit 4 when logged out', async () => {
    const dir = tempDir();
    await login(dir, emulator.tokens.admin!);
    const status = await docs(['auth', 'status', '--json'], { env: { DOCS_CONFIG_DIR: dir } });
    expect(status.code).toBe(0);
    const body = JSON.parse(status.stdout);
    expect(body).toMatchObject({
      profile: 'default',
      apiUrl: emulator.url,
      tokenSource: 'profile',
      token: `****${emulator.tokens.admin!.slice(-4)}`,
    });
    expect(body.organizations.map((o: { id: string }) => o.id)).toEqual([DEMO.org, DEMO.otherOrg]);
    const human = await docs(['auth', 'status'], { env: { DOCS_CONFIG_DIR: dir } });
    expect(human.stdout).toContain(`API URL\t${emulator.url} (from profile)`);
    expect(human.stdout).toContain('Acme Docs');
    expect(human.stdout).toContain('Globex Corporation');

    const token = await docs(['auth', 'token'], { env: { DOCS_CONFIG_DIR: dir } });
    expect(token.stdout).toBe(`${emulator.tokens.admin}\n`);
    expect(token.stderr).toBe('');

    const logout = await docs(['auth', 'logout'], { env: { DOCS_CONFIG_DIR: dir } });
    expect(logout.code).toBe(0);
    expect(savedConfig(dir).profiles.default).toEqual({ 'api-url': emulator.url });
    const after = await docs(['auth', 'status'], { env: { DOCS_CONFIG_DIR: dir } });
    expect(after.code).toBe(4);
    expect(after.stderr).toContain('not logged in');
    expect((await docs(['auth', 'token'], { env: { DOCS_CONFIG_DIR: dir } })).code).toBe(4);
  });

  it('status exits 4 when the API refuses the token in use', async () => {
    const res = await docs(['auth', 'status'], {
      env: { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: 'revoked-token', DOCS_API_URL: emulator.url },
    });
    expect(res.code).toBe(4);
    expect(res.stderr).toContain('(401)');
  });
});

describe('profiles and environment precedence', () => {
  // The read-only token cannot create change requests (403, exit 4); the admin token can.
  const create = (env: Record<string, string>, extra: string[] = []) =>
    docs(['cr', 'create', DEMO.spaces.handbook, '--subject', 'precedence', '--json', ...extra], { env });

  it('DOCS_TOKEN wins over the profile token', async () => {
    const dir = tempDir();
    await login(dir, emulator.tokens.read!);
    expect((await create({ DOCS_CONFIG_DIR: dir })).code).toBe(4);
    const res = await create({ DOCS_CONFIG_DIR: dir, DOCS_TOKEN: emulator.tokens.admin! });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).createdBy.id).toBe(DEMO.users.admin);
  });

  it('GITBOOK_TOKEN and GITBOOK_ENDPOINT stand in when the DOCS_ variables are unset, and lose to them', async () => {
    const dir = tempDir();
    const gitbook = { DOCS_CONFIG_DIR: dir, GITBOOK_TOKEN: emulator.tokens.admin!, GITBOOK_ENDPOINT: emulator.url };
    expect((await create(gitbook)).code).toBe(0);
    expect((await create({ ...gitbook, DOCS_TOKEN: emulator.tokens.read! })).code).toBe(4);
    // DOCS_API_URL wins over GITBOOK_ENDPOINT: pointing it at a closed port fails with a network error.
    const res = await create({ ...gitbook, DOCS_API_URL: DEAD_URL });
    expect(res.code).toBe(7);
  });

  it('DOCS_API_URL wins over the profile, --api-url over DOCS_API_URL', async () => {
    const dir = tempDir();
    await login(dir, emulator.tokens.admin!);
    expect((await docs(['config', 'set', 'api-url', DEAD_URL], { env: { DOCS_CONFIG_DIR: dir } })).code).toBe(0);
    expect((await create({ DOCS_CONFIG_DIR: dir, DOCS_API_URL: emulator.url })).code).toBe(0);
    expect((await create({ DOCS_CONFIG_DIR: dir, DOCS_API_URL: DEAD_URL }, ['--api-url', emulator.url])).code).toBe(0);
  });

  it('--profile and DOCS_PROFILE pick the profile', async () => {
    const dir = tempDir();
    await login(dir, emulator.tokens.read!);
    await login(dir, emulator.tokens.admin!, ['--profile', 'ops']);
    expect(Object.keys(savedConfig(dir).profiles).sort()).toEqual(['default', 'ops']);
    expect((await create({ DOCS_CONFIG_DIR: dir }, ['--profile', 'ops'])).code).toBe(0);
    expect((await create({ DOCS_CONFIG_DIR: dir, DOCS_PROFILE: 'ops' })).code).toBe(0);
    expect((await create({ DOCS_CONFIG_DIR: dir, DOCS_PROFILE: 'ops' }, ['--profile', 'default'])).code).toBe(4);
  });

  it('without any token, commands exit 4 and say how to log in', async () => {
    const res = await docs(['cr', 'list', DEMO.spaces.guides], { env: { DOCS_CONFIG_DIR: tempDir(), DOCS_API_URL: emulator.url } });
    expect(res.code).toBe(4);
    expect(res.stderr).toBe('Error: not logged in (profile "default"). Run `docs auth login` or set DOCS_TOKEN.\n');
  });
});

describe('docs config', () => {
  it('sets, gets, lists and unsets keys per profile', async () => {
    const env = { DOCS_CONFIG_DIR: tempDir() };
    expect((await docs(['config', 'set', 'space', DEMO.spaces.guides], { env })).code).toBe(0);
    expect((await docs(['config', 'set', 'output', 'json', '--profile', 'ci'], { env })).code).toBe(0);
    expect((await docs(['config', 'get', 'space'], { env })).stdout).toBe(`${DEMO.spaces.guides}\n`);
    // The ci profile writes JSON (its output setting), where space is unset.
    expect(JSON.parse((await docs(['config', 'get', 'space', '--profile', 'ci'], { env })).stdout)).toEqual({ key: 'space', value: null });
    const list = await docs(['config', 'list', '--json'], { env });
    expect(JSON.parse(list.stdout)).toMatchObject({
      profile: 'default',
      settings: { space: DEMO.spaces.guides, org: null },
      profiles: ['default', 'ci'],
    });
    expect((await docs(['config', 'unset', 'space'], { env })).code).toBe(0);
    expect((await docs(['config', 'get', 'space'], { env })).stdout).toBe('');
  });

  it('a profile with output json makes commands write JSON', async () => {
    const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
    await docs(['config', 'set', 'output', 'json'], { env });
    const res = await docs(['cr', 'list', DEMO.spaces.guides], { env });
    expect(Array.isArray(JSON.parse(res.stdout))).toBe(true);
  });

  it('refuses unknown keys (listing the keys) and invalid values, exit 2', async () => {
    const env = { DOCS_CONFIG_DIR: tempDir() };
    const unknown = await docs(['config', 'set', 'colour', 'blue'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Error: unknown key "colour"\. Keys: api-url .*; org .*; space .*; output .*\n$/);
    expect((await docs(['config', 'get', 'token'], { env })).code).toBe(2);
    const badUrl = await docs(['config', 'set', 'api-url', 'https://user:hunter2@host'], { env });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).not.toContain('hunter2');
    expect((await docs(['config', 'set', 'output', 'yaml'], { env })).code).toBe(2);
  });
});

describe('no secret in any output', () => {
  it('never printed a token, except `auth token` on stdout', () => {
    const secrets = Object.values(emulator.tokens);
    for (const entry of transcript.filter((t) => !t.startsWith('$ docs auth token'))) {
      for (const secret of secrets) expect(entry).not.toContain(secret);
    }
  });
});
