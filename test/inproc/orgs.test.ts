import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs orgs ...` end to end: real CLI process, real emulator process. */

interface Organization {
  id: string;
  title: string;
  hostname?: string;
  emailDomains: string[];
  defaultRole?: string | null;
  defaultContent?: { type: string; site: string };
  inviteLinks: boolean;
}
interface SearchItem {
  id: string;
  title: string;
  pages: { id: string; title: string }[];
}
interface Member {
  id: string;
  lastSeenAt?: string;
}

let emulator: RunningEmulator;
let env: Record<string, string>;
const withToken = (token: string | undefined) => ({ ...env, DOCS_TOKEN: token! });
const getOrg = () => api<Organization>(emulator, 'GET', `/v1/orgs/${DEMO.org}`);

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs orgs', () => {
  it('lists the organizations of the token (TSV piped, JSON array) and shows one', async () => {
    const tsv = await docs(['orgs', 'list'], { env });
    expect(tsv.code, tsv.stderr).toBe(0);
    expect(tsv.stdout.split('\n')[0]).toBe('org_acme\tAcme Docs\tbusiness\tpro_2024\tacme\t2024-01-08T09:00:00.000Z');
    expect(tsv.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual([DEMO.org, DEMO.otherOrg, '']);

    const json = await docs(['orgs', 'list', '--json'], { env: withToken(emulator.tokens.otherAdmin) });
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as Organization[]).map((o) => o.id)).toEqual([DEMO.otherOrg]);

    const shown = await docs(['orgs', 'get'], { env });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('ID\torg_acme\n');
    expect(shown.stdout).toContain('E-mail domains\tacme.test\n');
    expect(shown.stdout).toContain('Default role\tread\n');
    const byArg = await docs(['orgs', 'get', DEMO.org, '--json'], { env });
    expect(JSON.parse(byArg.stdout)).toMatchObject({ id: DEMO.org, title: 'Acme Docs', inviteLinks: true });
  });

  it('without a default, uses the only organization the token sees, or names the choices (exit 2)', async () => {
    const only = await docs(['orgs', 'get', '--json'], { env: demoEnv(emulator, { token: emulator.tokens.read, org: null }) });
    expect(only.code, only.stderr).toBe(0);
    expect(JSON.parse(only.stdout)).toMatchObject({ id: DEMO.org });
    const several = await docs(['orgs', 'get'], { env: demoEnv(emulator, { org: null }) });
    expect(several.code).toBe(2);
    expect(several.stderr).toBe(
      'Error: several organizations are visible; pass --org <id> or set a default with `docs config set org <id>`. Choices: org_acme (Acme Docs), org_globex (Globex Corporation)\n',
    );
  });

  it('names an organization the token cannot see and how to find one (exit 3)', async () => {
    const other = await docs(['orgs', 'get', DEMO.org], { env: demoEnv(emulator, { token: emulator.tokens.otherAdmin, org: null }) });
    expect(other.code).toBe(3);
    expect(other.stderr).toBe('Error: organization "org_acme" not found (404). Check the id with `docs orgs list`.\n');
  });

  it('edits settings: title, e-mail domains, default role (guest), invite links, default site', async () => {
    const edited = await docs(
      [
        'orgs',
        'edit',
        '--title',
        'Acme Documentation',
        '--email-domains',
        'acme.test, acme.io',
        '--default-role',
        'guest',
        '--no-invite-links',
        '--json',
      ],
      { env },
    );
    expect(edited.code, edited.stderr).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({ title: 'Acme Documentation', defaultRole: null, inviteLinks: false });
    expect(await getOrg()).toMatchObject({
      title: 'Acme Documentation',
      emailDomains: ['acme.test', 'acme.io'],
      defaultRole: null,
      inviteLinks: false,
    });

    const site = await docs(['orgs', 'edit', DEMO.org, '--default-site', DEMO.site, '--default-role', 'edit'], { env });
    expect(site.code, site.stderr).toBe(0);
    expect(site.stdout).toBe('org_acme\tAcme Documentation\tacme\n');
    expect(await getOrg()).toMatchObject({ defaultContent: { type: 'site', site: DEMO.site }, defaultRole: 'edit' });

    const unset = await docs(['orgs', 'edit', '--default-site', 'none', '--email-domains', ''], { env });
    expect(unset.code, unset.stderr).toBe(0);
    const after = await getOrg();
    expect(after.defaultContent).toBeUndefined();
    expect(after.emailDomains).toEqual([]);
  });

  it('rejects bounds before sending, naming the flag (exit 2); refuses a read-only token (exit 4)', async () => {
    const before = await getOrg();
    const short = await docs(['orgs', 'edit', '--hostname', 'ab'], { env });
    expect(short.code).toBe(2);
    expect(short.stderr).toBe('Error: --hostname must be at least 3 characters\n');
    const logo = await docs(['orgs', 'edit', '--logo', 'not a url'], { env });
    expect(logo.code).toBe(2);
    expect(logo.stderr).toMatch(/^Error: --logo /);
    const nothing = await docs(['orgs', 'edit'], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
    expect(await getOrg()).toEqual(before);

    const reader = await docs(['orgs', 'edit', '--title', 'Read only'], { env: withToken(emulator.tokens.read) });
    expect(reader.code).toBe(4);
    expect(reader.stderr).toMatch(/^Error: permission denied \(403\)/);
    expect((await getOrg()).title).toBe(before.title);
  });

  it('searches every space: one row per page piped, the API results with --json', async () => {
    const rows = await docs(['orgs', 'search', 'install'], { env });
    expect(rows.code, rows.stderr).toBe(0);
    const lines = rows.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => l.length === 5)).toBe(true);
    expect(lines.map((l) => l[4])).toContain('page_installation');
    expect(lines.find((l) => l[4] === 'page_installation')).toEqual([
      'Getting Started',
      'Installation',
      'installation',
      DEMO.spaces.guides,
      'page_installation',
    ]);

    const json = await docs(['orgs', 'search', 'install', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    const items = JSON.parse(json.stdout) as SearchItem[];
    expect(items.find((s) => s.id === DEMO.spaces.guides)?.pages.map((p) => p.id)).toContain('page_installation');
    // Same matches either way.
    expect(items.flatMap((s) => s.pages.map((p) => p.id)).sort()).toEqual(lines.map((l) => l[4]).sort());

    const long = await docs(['orgs', 'search', 'x'.repeat(513)], { env });
    expect(long.code).toBe(2);
    expect(long.stderr).toBe('Error: QUERY must be at most 512 characters\n');
  });

  it('lists the organizations of an e-mail domain', async () => {
    const json = await docs(['orgs', 'by-email-domain', 'globex.test', '--json'], { env: withToken(emulator.tokens.otherAdmin) });
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as Organization[]).map((o) => o.id)).toEqual([DEMO.otherOrg]);
    const none = await docs(['orgs', 'by-email-domain', 'nowhere.test'], { env });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('');
  });

  it('ping updates the last-seen time and hands out visitor claims when piped or with --json', async () => {
    const before = await api<Member>(emulator, 'GET', `/v1/orgs/${DEMO.org}/members/${DEMO.users.read}`);
    expect(before.lastSeenAt).toBeUndefined();
    const piped = await docs(['orgs', 'ping'], { env: withToken(emulator.tokens.read) });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(new RegExp(`^${DEMO.org}\tseen\t[\\w-]+\\.[\\w-]+\\.[\\w-]*\n$`));
    const after = await api<Member>(emulator, 'GET', `/v1/orgs/${DEMO.org}/members/${DEMO.users.read}`);
    expect(after.lastSeenAt).toBeDefined();

    const json = await docs(['orgs', 'ping', '--org', DEMO.org, '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).serviceVisitorClaims).toMatch(/\./);
    const dry = await docs(['orgs', 'ping', '--dry-run'], { env });
    expect(dry.stdout).toContain(`POST ${emulator.url}/v1/orgs/${DEMO.org}/ping`);
  });

  it('deletes an invite link only when confirmed; --json writes nothing on stdout', async () => {
    const refused = await docs(['orgs', 'invites', 'delete', DEMO.invite], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    const dry = await docs(['orgs', 'invites', 'delete', DEMO.invite, '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`DELETE ${emulator.url}/v1/orgs/${DEMO.org}/link-invites/${DEMO.invite}`);
    const deleted = await docs(['orgs', 'invites', 'delete', DEMO.invite, '--yes'], { env });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe(`${DEMO.invite}\tdeleted\n`);
    const json = await docs(['orgs', 'invites', 'delete', DEMO.invite, '--yes', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toBe('');
    expect(json.stderr).toContain('Deleted invite link');
  });

  it('never prints the tokens', () => {
    const all = transcript.join('\n');
    for (const token of Object.values(emulator.tokens)) expect(all).not.toContain(token);
  });
});
