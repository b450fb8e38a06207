import { Flags } from '@oclif/core';
import type { z } from 'zod';
import type { SamlProvider, SsoLoginInfo } from '../../api/schemas/sso.js';
import { readTextArg } from '../input.js';
import { field, fieldsFromFlags } from '../flags.js';
import { roleFromFlag, roleOrGuestFlag } from './members.js';
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

/**
 * The certificate from `--certificate` or `--certificate-file <path>` (`-` reads stdin): PEM blocks
 * are long and multi-line, awkward to quote on a command line.
 */
async function certificateFromFlags(
  flags: { certificate?: string; 'certificate-file'?: string },
  stdin: NodeJS.ReadableStream,
): Promise<string | undefined> {
  const path = flags['certificate-file'];
  if (path === undefined) return flags.certificate;
  return (await readTextArg('certificate-file', path, stdin)).trim();
}

/** The provider settings of `sso saml create` and `sso saml edit` (same body fields; only the label is required to create). */
export const samlSettingFlags = (body: z.ZodType | undefined) => ({
  'entity-id': field.string(body, 'entityID', { description: "Identity provider's entity ID (issuer)", helpValue: '<id>' }),
  certificate: field.string(body, 'certificate', {
    description: "Identity provider's X.509 signing certificate (PEM)",
    helpValue: '<pem>',
  }),
  'certificate-file': Flags.string({
    description: 'Read the certificate from this file (- for stdin)',
    helpValue: '<path>',
    exclusive: ['certificate'],
  }),
  'sso-url': field.string(body, 'ssoURL', { description: "Identity provider's sign-in URL", helpValue: '<url>' }),
  'default-team': field.string(body, 'defaultTeam', {
    description: 'Team new SSO members join (see `docs teams list`)',
    helpValue: '<team-id>',
  }),
  'default-role': roleOrGuestFlag('Role new SSO members get (guest: no role)'),
});

/** The request body from those flags (and `--label`); unset flags are left out. */
export async function samlBody(
  body: z.ZodType | undefined,
  flags: Readonly<Record<string, unknown>> & { certificate?: string; 'certificate-file'?: string; 'default-role'?: string },
  stdin: NodeJS.ReadableStream,
): Promise<Record<string, unknown>> {
  const out = fieldsFromFlags(body, flags);
  const certificate = await certificateFromFlags(flags, stdin);
  if (certificate !== undefined) out.certificate = certificate;
  if (flags['default-role'] !== undefined) out.defaultRole = roleFromFlag(flags['default-role']);
  return out;
}
