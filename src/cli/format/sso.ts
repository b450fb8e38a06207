import type { SamlProvider, SsoLoginInfo } from '../../api/schemas/sso.js';
import type { Columns } from '../output.js';
import { roleLabel } from './organizations.js';

/**
 * What `docs sso ...` shows. A certificate is a multi-line PEM block: tables and `get` show its
 * first line and length, --json the whole value. No-content answers follow format/organizations.ts.
 */

const defaultTeam = (p: SamlProvider): string | undefined => (typeof p.defaultTeam === 'string' ? p.defaultTeam : p.defaultTeam?.title);
const defaultTeamId = (p: SamlProvider): string | undefined => (typeof p.defaultTeam === 'string' ? p.defaultTeam : p.defaultTeam?.id);

export function certificateSummary(pem: string | undefined): string {
  if (!pem) return '';
  const first = pem.split(/\r?\n/, 1)[0] ?? '';
  return `${first.length > 40 ? `${first.slice(0, 39)}…` : first} (${pem.length} characters)`;
}

/** `docs sso saml list`. */
export const samlProviderColumns: Columns<SamlProvider> = {
  ID: 'id',
  LABEL: 'label',
  STATUS: 'status',
  'DEFAULT ROLE': (p) => (p.defaultRole === undefined ? '' : roleLabel(p.defaultRole)),
  'DEFAULT TEAM': defaultTeam,
  CREATED: 'createdAt',
};

/** `docs sso saml get`: the identity provider's settings, then what to configure on its side. */
export const samlProviderFields: Columns<SamlProvider> = {
  ID: 'id',
  Label: 'label',
  Status: 'status',
  'IdP entity ID': 'entityID',
  'IdP SSO URL': 'ssoURL',
  Certificate: (p) => certificateSummary(p.certificate),
  'Default role': (p) => (p.defaultRole === undefined ? '' : roleLabel(p.defaultRole)),
  'Default team': (p) => {
    const id = defaultTeamId(p);
    const title = defaultTeam(p);
    return id && title && id !== title ? `${title} (${id})` : id;
  },
  'ACS URL': (p) => p.service?.acsURL,
  'SP entity ID': (p) => p.service?.entityID,
  'Start URL': (p) => p.service?.startURL,
  Created: 'createdAt',
};

/** The key fields printed as one TSV row after a change when stdout is piped. */
export const samlProviderRow: Columns<SamlProvider> = { ID: 'id', LABEL: 'label', STATUS: 'status' };

/** `docs sso logins`. */
export const ssoLoginColumns: Columns<SsoLoginInfo> = { ID: 'id', LABEL: 'label', 'START URL': 'startURL' };
