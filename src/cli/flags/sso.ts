import { Flags } from '@oclif/core';
import type { z } from 'zod';
import { readTextArg } from '../input.js';
import { field, fieldsFromFlags } from './common.js';
import { roleFromFlag, roleOrGuestFlag } from './members.js';

/** Arguments and flags of `docs sso saml …`, and what the commands make of them: request bodies, checked values. */

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
