import { randomBytes } from 'node:crypto';
import type { SeedSpec } from './schema.js';

/**
 * `--seed none`: one admin in an empty organization, so an emulator started empty can still be used.
 * The token is random (nothing else is seeded to guess it from) and printed at start like the demo's.
 */
export function noneSeed(): SeedSpec {
  return {
    users: [{ id: 'usr_admin', displayName: 'Admin', tokens: [`docs-${randomBytes(16).toString('hex')}`] }],
    organizations: [{ id: 'org_main', title: 'My Organization', members: [{ user: 'usr_admin', role: 'admin' }] }],
  };
}
