import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs sso ...` end to end: real CLI process, real emulator process. */

interface SamlProvider {
  id: string;
  label: string;
  status: string;
  entityID: string;
  certificate: string;
  ssoURL: string;
  defaultRole: string | null;
  defaultTeam?: { id: string };
}
interface List<T> {
  items: T[];
}

let emulator: RunningEmulator;
let env: Record<string, string>;
let pemFile: string;
const PEM = `-----BEGIN CERTIFICATE-----\n${'MIIC'.repeat(300)}\n-----END CERTIFICATE-----`;
const withToken = (token: string | undefined) => ({ ...env, DOCS_TOKEN: token! });
const samlPath = `/v1/orgs/${DEMO.org}/saml`;
const providers = async () => (await api<List<SamlProvider>>(emulator, 'GET', samlPath)).items;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator);
  pemFile = join(tempDir(), 'idp.pem');
  writeFileSync(pemFile, `${PEM}\n`);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs sso', () => {
  it('lists and shows SAML providers; the certificate is summarised, whole with --json', async () => {
    const list = await docs(['sso', 'saml', 'list'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.split('\t').slice(0, 5)).toEqual([DEMO.samlProvider, 'Okta', 'active', 'read', 'Technical Writers']);

    const shown = await docs(['sso', 'saml', 'get', DEMO.samlProvider], { env });
    expect(shown.code, shown.stderr).toBe(0);
    const seeded = (await providers())[0]!;
    expect(shown.stdout).toContain(`Certificate\t-----BEGIN CERTIFICATE----- (${seeded.certificate.length} characters)\n`);
    expect(shown.stdout).toContain(`Default team\tTechnical Writers (${DEMO.teams.writers})\n`);
    expect(shown.stdout).toMatch(/\nACS URL\thttp:\/\/127\.0\.0\.1:\d+\/\S+\n/);
    const json = await docs(['sso', 'saml', 'get', DEMO.samlProvider, '--json'], { env });
    expect(JSON.parse(json.stdout).certificate).toBe(seeded.certificate);

    const missing = await docs(['sso', 'saml', 'get', 'saml_nope'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: SAML provider "saml_nope" not found (404). Check the id with `docs sso saml list`.\n');
  });

  it('creates a provider: pending until fully described, the certificate from a file or stdin', async () => {
    const pending = await docs(['sso', 'saml', 'create', '--label', 'Azure AD', '--default-role', 'guest'], { env });
    expect(pending.code, pending.stderr).toBe(0);
    const [id, label, status] = pending.stdout.trim().split('\t');
    expect([label, status]).toEqual(['Azure AD', 'pending']);
    expect((await providers()).find((p) => p.id === id)).toMatchObject({ defaultRole: null, status: 'pending' });

    const full = await docs(
      [
        'sso',
        'saml',
        'create',
        '--label',
        'Google',
        '--entity-id',
        'https://accounts.google.example/o/saml2?idpid=C01',
        '--sso-url',
        'https://accounts.google.example/o/saml2/idp',
        '--certificate-file',
        pemFile,
        '--default-team',
        DEMO.teams.reviewers,
        '--json',
      ],
      { env },
    );
    expect(full.code, full.stderr).toBe(0);
    const created = JSON.parse(full.stdout) as SamlProvider;
    expect(created).toMatchObject({ label: 'Google', status: 'active', certificate: PEM, defaultTeam: { id: DEMO.teams.reviewers } });

    const stdin = await docs(['sso', 'saml', 'edit', id!, '--certificate-file', '-', '--json'], { env, input: `${PEM}\n\n` });
    expect(stdin.code, stdin.stderr).toBe(0);
    expect((await providers()).find((p) => p.id === id)?.certificate).toBe(PEM);
  });

  it('rejects bad input before sending, naming the flag (exit 2)', async () => {
    const before = await providers();
    const long = await docs(['sso', 'saml', 'create', '--label', 'x'.repeat(31)], { env });
    expect(long.code).toBe(2);
    expect(long.stderr).toBe('Error: --label must be at most 30 characters\n');
    const url = await docs(['sso', 'saml', 'create', '--label', 'Bad', '--sso-url', 'not a url'], { env });
    expect(url.code).toBe(2);
    expect(url.stderr).toMatch(/^Error: --sso-url /);
    const bigPem = join(tempDir(), 'big.pem');
    writeFileSync(bigPem, 'A'.repeat(10001));
    const big = await docs(['sso', 'saml', 'create', '--label', 'Big', '--certificate-file', bigPem], { env });
    expect(big.code).toBe(2);
    expect(big.stderr).toBe('Error: --certificate must be at most 10000 characters\n');
    const noFile = await docs(['sso', 'saml', 'create', '--label', 'NoFile', '--certificate-file', join(tempDir(), 'absent.pem')], { env });
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/--certificate-file \S+: cannot read it \(no such file\)/);
    const both = await docs(['sso', 'saml', 'create', '--label', 'Both', '--certificate', 'x', '--certificate-file', pemFile], { env });
    expect(both.code).toBe(2);
    expect(await providers()).toEqual(before);
  });

  it('edits a provider; an unknown default team is refused by the server (exit 2)', async () => {
    const edited = await docs(['sso', 'saml', 'edit', DEMO.samlProvider, '--label', 'Okta EU', '--default-role', 'edit'], { env });
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toBe(`${DEMO.samlProvider}\tOkta EU\tactive\n`);
    expect((await providers()).find((p) => p.id === DEMO.samlProvider)).toMatchObject({ label: 'Okta EU', defaultRole: 'edit' });
    const team = await docs(['sso', 'saml', 'edit', DEMO.samlProvider, '--default-team', 'team_nope'], { env });
    expect(team.code).toBe(2);
    expect(team.stderr).toContain('--default-team');
    const nothing = await docs(['sso', 'saml', 'edit', DEMO.samlProvider], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('lists the SSO logins of active providers, to any member; SAML settings need an admin (exit 4)', async () => {
    const logins = await docs(['sso', 'logins', '--json'], { env: withToken(emulator.tokens.read) });
    expect(logins.code, logins.stderr).toBe(0);
    const active = (await providers()).filter((p) => p.status === 'active').map((p) => p.id);
    const items = JSON.parse(logins.stdout) as { id: string; startURL: string }[];
    expect(items.map((l) => l.id)).toEqual(active);
    expect(items.every((l) => /^http:\/\//.test(l.startURL))).toBe(true);
    const denied = await docs(['sso', 'saml', 'list'], { env: withToken(emulator.tokens.read) });
    expect(denied.code).toBe(4);
  });

  it('deletes a provider only when confirmed', async () => {
    const refused = await docs(['sso', 'saml', 'delete', DEMO.samlProvider], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect((await providers()).map((p) => p.id)).toContain(DEMO.samlProvider);
    const deleted = await docs(['sso', 'saml', 'delete', DEMO.samlProvider, '--yes', '--json'], { env });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe('');
    expect((await providers()).map((p) => p.id)).not.toContain(DEMO.samlProvider);
  });

  it('never prints the tokens', () => {
    const all = transcript.join('\n');
    for (const token of Object.values(emulator.tokens)) expect(all).not.toContain(token);
  });
});
