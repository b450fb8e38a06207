import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { DEMO, startDemo, type Api } from './helpers.js';

let emu: RunningEmulator;
let api: Api;
const saml = `/v1/orgs/${DEMO.org}/saml`;
const complete = {
  entityID: 'https://idp.example/entity',
  certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  ssoURL: 'https://idp.example/sso',
};

beforeEach(async () => {
  ({ emu, api } = await startDemo({ clock: () => new Date('2025-06-10T12:00:00.000Z') }));
});
afterEach(async () => {
  await emu.close();
});

describe('SAML providers', () => {
  it('lists the seeded provider with its team and the service side derived from the emulator', async () => {
    const res = await api('GET', saml);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    const base = `${emu.url}/sso/saml/${DEMO.org}/${DEMO.samlProvider}`;
    expect(res.body.items[0]).toMatchObject({
      object: 'saml-provider',
      id: DEMO.samlProvider,
      label: 'Okta',
      status: 'active',
      defaultRole: 'read',
      defaultTeam: { object: 'team', id: DEMO.teams.writers },
      service: { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` },
      urls: { location: `${emu.url}${saml}/${DEMO.samlProvider}` },
    });
  });

  it('creates a pending provider that becomes active once entityID, certificate and ssoURL are set', async () => {
    const created = await api('POST', saml, { body: { label: 'Azure AD', defaultRole: null } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${emu.url}${saml}/${created.body.id}`);
    expect(created.body).toMatchObject({
      label: 'Azure AD',
      status: 'pending',
      defaultRole: null,
      createdAt: '2025-06-10T12:00:00.000Z',
      ssoURL: 'about:blank',
      entityID: '',
      certificate: '',
    });
    const partial = await api('PATCH', `${saml}/${created.body.id}`, { body: { entityID: complete.entityID, ssoURL: complete.ssoURL } });
    expect(partial.body.status).toBe('pending');
    const done = await api('PATCH', `${saml}/${created.body.id}`, {
      body: { certificate: complete.certificate, defaultTeam: DEMO.teams.reviewers },
    });
    expect(done.body).toMatchObject({ status: 'active', ...complete, defaultTeam: { id: DEMO.teams.reviewers } });
    expect((await api('GET', `${saml}/${created.body.id}`)).body.status).toBe('active');
  });

  it('checks bounds and references', async () => {
    expect((await api('POST', saml, { body: {} })).body.error.message).toBe('body.label: required');
    expect((await api('POST', saml, { body: { label: '' } })).body.error.message).toBe('body.label: must not be empty');
    expect((await api('POST', saml, { body: { label: 'x', ssoURL: 'not a url' } })).body.error.message).toMatch(/^body\.ssoURL: /);
    expect((await api('POST', saml, { body: { label: 'x', entityID: 'e'.repeat(1025) } })).body.error.message).toBe(
      'body.entityID: must be at most 1024 characters',
    );
    expect((await api('POST', saml, { body: { label: 'x', certificate: 'c'.repeat(10001) } })).body.error.message).toBe(
      'body.certificate: must be at most 10000 characters',
    );
    const team = await api('POST', saml, { body: { label: 'x', defaultTeam: 'team_nowhere' } });
    expect(team.status).toBe(400);
    expect(team.body.error.message).toContain('body.defaultTeam');
  });

  it('gets, deletes (204 either way) and 404s', async () => {
    expect((await api('GET', `${saml}/saml_nowhere`)).status).toBe(404);
    expect((await api('DELETE', `${saml}/${DEMO.samlProvider}`)).status).toBe(204);
    expect((await api('GET', `${saml}/${DEMO.samlProvider}`)).status).toBe(404);
    expect((await api('DELETE', `${saml}/${DEMO.samlProvider}`)).status).toBe(204);
    expect((await api('GET', saml)).body).toMatchObject({ items: [], count: 0 });
  });

  it('is for admins only; other organizations see nothing', async () => {
    expect((await api('GET', saml, { token: DEMO.tokens.create })).status).toBe(403);
    expect((await api('POST', saml, { token: DEMO.tokens.create, body: { label: 'x' } })).status).toBe(403);
    expect((await api('GET', `${saml}/${DEMO.samlProvider}`, { token: DEMO.tokens.otherAdmin })).status).toBe(404);
    expect((await api('GET', `/v1/orgs/${DEMO.otherOrg}/saml/${DEMO.samlProvider}`, { token: DEMO.tokens.otherAdmin })).status).toBe(404);
  });
});

describe('SSO login infos', () => {
  it('lists active providers only, to any member', async () => {
    await api('POST', saml, { body: { label: 'Pending one' } });
    const res = await api('GET', `/v1/orgs/${DEMO.org}/sso`, { token: DEMO.tokens.guest });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [{ id: DEMO.samlProvider, label: 'Okta', startURL: `${emu.url}/sso/saml/${DEMO.org}/${DEMO.samlProvider}/start` }],
    });
    expect((await api('GET', `/v1/orgs/${DEMO.org}/sso`, { token: DEMO.tokens.otherAdmin })).status).toBe(404);
  });
});
