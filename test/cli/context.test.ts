import { describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, resolveContext } from '../../src/cli/context.js';
import type { Profile } from '../../src/cli/profiles.js';

const profiles: Record<string, Profile> = {
  default: { token: 'tok_profile_default', 'api-url': 'http://profile-default' },
  ci: { token: 'tok_profile_ci', 'api-url': 'http://profile-ci', org: 'org_ci' },
  bare: {},
};
const load = (name: string): Profile => ({ ...profiles[name] });

describe('resolveContext', () => {
  it('uses the default profile when nothing is set', () => {
    const ctx = resolveContext({}, {}, load);
    expect(ctx).toMatchObject({
      profileName: 'default',
      apiUrl: 'http://profile-default',
      apiUrlSource: 'profile',
      token: 'tok_profile_default',
      tokenSource: 'profile',
    });
  });

  it('picks the profile from --profile over DOCS_PROFILE', () => {
    expect(resolveContext({}, { DOCS_PROFILE: 'ci' }, load).profileName).toBe('ci');
    expect(resolveContext({ profile: 'bare' }, { DOCS_PROFILE: 'ci' }, load).profileName).toBe('bare');
  });

  it('takes the token from DOCS_TOKEN over the profile, GITBOOK_TOKEN only when DOCS_TOKEN is unset', () => {
    expect(resolveContext({}, { DOCS_TOKEN: 'tok_env', GITBOOK_TOKEN: 'tok_gb' }, load)).toMatchObject({
      token: 'tok_env',
      tokenSource: 'DOCS_TOKEN',
    });
    expect(resolveContext({}, { GITBOOK_TOKEN: 'tok_gb' }, load)).toMatchObject({ token: 'tok_gb', tokenSource: 'GITBOOK_TOKEN' });
    expect(resolveContext({}, { DOCS_TOKEN: '  ' }, load)).toMatchObject({ token: 'tok_profile_default', tokenSource: 'profile' });
    expect(resolveContext({ profile: 'bare' }, {}, load).token).toBeUndefined();
  });

  it('takes the API URL from --api-url, DOCS_API_URL, GITBOOK_ENDPOINT, the profile, the default — in that order', () => {
    const env = { DOCS_API_URL: 'http://env-docs/', GITBOOK_ENDPOINT: 'http://env-gb' };
    expect(resolveContext({ 'api-url': 'http://flag' }, env, load)).toMatchObject({ apiUrl: 'http://flag', apiUrlSource: '--api-url' });
    expect(resolveContext({}, env, load)).toMatchObject({ apiUrl: 'http://env-docs', apiUrlSource: 'DOCS_API_URL' });
    expect(resolveContext({}, { GITBOOK_ENDPOINT: 'http://env-gb' }, load)).toMatchObject({
      apiUrl: 'http://env-gb',
      apiUrlSource: 'GITBOOK_ENDPOINT',
    });
    expect(resolveContext({ profile: 'bare' }, {}, load)).toMatchObject({ apiUrl: DEFAULT_API_URL, apiUrlSource: 'default' });
  });

  it('rejects a profile name that is not a plain word', () => {
    expect(() => resolveContext({ profile: '../x' }, {}, load)).toThrow(/not valid/);
  });
});
