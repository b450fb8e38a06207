import * as z from 'zod';
import { formatIssues } from '../../api/validation.js';
import { Role, RoleOrGuest, TEAM_MEMBER_ROLES } from '../../api/schemas/common.js';
import {
  ORGANIZATION_HOSTNAME,
  ORGANIZATION_PLANS,
  ORGANIZATION_TITLE,
  ORGANIZATION_TYPES,
  ORGANIZATION_USE_CASES,
} from '../../api/schemas/organization.js';

/**
 * What a seed (`--seed demo`, `--seed file.json`) describes, as JSON. This module owns users,
 * organizations, members, teams, collections, SAML providers and invites; `spaces` belong to the
 * content model (src/emulator/seed/content.ts) and `sites`, `openapi`, `translations` to the sites
 * area (src/emulator/seed/sites.ts), which validate their own entries.
 *
 * Ids are optional everywhere (generated when absent) but give them when other entries refer to
 * the object: spaces name their collection by id, sites their spaces.
 */

const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'must use letters, digits and _ . : - only');
const Timestamp = z.iso.datetime({ offset: true });

export const SeedUser = z.strictObject({
  id: Id,
  displayName: z.string().min(1).max(255),
  email: z.email().optional(),
  photoURL: z.url().optional(),
  /** Bearer tokens of this user (printed at start). */
  tokens: z.array(z.string().min(8).max(256).regex(/^\S+$/, 'must not contain spaces')).optional(),
});

export const SeedMember = z.strictObject({
  user: Id,
  /** null: a guest. */
  role: RoleOrGuest,
  joinedAt: Timestamp.optional(),
  lastSeenAt: Timestamp.optional(),
  sso: z.boolean().optional(),
  disabled: z.boolean().optional(),
});

export const SeedTeam = z.strictObject({
  id: Id.optional(),
  title: z.string().min(1).max(64),
  createdAt: Timestamp.optional(),
  members: z.array(z.strictObject({ user: Id, role: z.enum(TEAM_MEMBER_ROLES).optional() })).optional(),
});

export interface SeedCollectionInput {
  id?: string;
  title: string;
  description?: string;
  defaultLevel?: string | null;
  collections?: SeedCollectionInput[];
}

export const SeedCollection: z.ZodType<SeedCollectionInput> = z.lazy(() =>
  z.strictObject({
    id: Id.optional(),
    title: z.string().max(50),
    description: z.string().max(100).optional(),
    defaultLevel: z.union([Role, z.null(), z.literal('inherit')]).optional(),
    /** Collections nested inside this one. */
    collections: z.array(SeedCollection).optional(),
  }),
);

export const SeedSamlProvider = z.strictObject({
  id: Id.optional(),
  label: z.string().min(1).max(30),
  entityID: z.string().max(1024).optional(),
  certificate: z.string().max(10000).optional(),
  ssoURL: z.url().max(2048).optional(),
  defaultTeam: Id.optional(),
  defaultRole: RoleOrGuest.optional(),
});

export const SeedOrganization = z.strictObject({
  id: Id.optional(),
  title: z.string().min(ORGANIZATION_TITLE.min).max(ORGANIZATION_TITLE.max),
  type: z.enum(ORGANIZATION_TYPES).optional(),
  plan: z.enum(ORGANIZATION_PLANS).optional(),
  hostname: z.string().min(ORGANIZATION_HOSTNAME.min).max(ORGANIZATION_HOSTNAME.max).optional(),
  emailDomains: z.array(z.string().min(1)).optional(),
  defaultRole: RoleOrGuest.optional(),
  inviteLinks: z.boolean().optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  useCase: z.enum(ORGANIZATION_USE_CASES).optional(),
  createdAt: Timestamp.optional(),
  members: z.array(SeedMember).min(1),
  teams: z.array(SeedTeam).optional(),
  collections: z.array(SeedCollection).optional(),
  samlProviders: z.array(SeedSamlProvider).optional(),
  /** Ids of pending invite links. */
  invites: z.array(Id).optional(),
  /** Validated by src/emulator/seed/content.ts. */
  spaces: z.array(z.unknown()).optional(),
  /** Validated by src/emulator/seed/sites.ts. */
  sites: z.array(z.unknown()).optional(),
  openapi: z.array(z.unknown()).optional(),
  translations: z.array(z.unknown()).optional(),
});

export const SeedSpec = z.strictObject({
  /** Where an editor finds this format's JSON Schema (`docs emulator seed schema`); ignored. */
  $schema: z.string().optional(),
  /** Free text for people (seed pull says there that tokens were not copied); ignored. */
  $comment: z.string().optional(),
  users: z.array(SeedUser).min(1),
  organizations: z.array(SeedOrganization).min(1),
});

export type SeedSpec = z.input<typeof SeedSpec>;
export type SeedOrganization = z.output<typeof SeedOrganization>;
export type ParsedSeed = z.output<typeof SeedSpec>;

export class SeedError extends Error {
  override name = 'SeedError';
}

/** Validate a seed: shape first, then the references between its parts. Throws SeedError. */
export function parseSeed(input: unknown, source = 'seed'): ParsedSeed {
  const result = SeedSpec.safeParse(input);
  if (!result.success) throw new SeedError(`${source}: ${formatIssues(result.error.issues)}`);
  const seed = result.data;
  const problems: string[] = [];
  const users = new Set<string>();
  const tokens = new Set<string>();
  seed.users.forEach((user, i) => {
    if (users.has(user.id)) problems.push(`users.${i}.id: duplicate user id "${user.id}"`);
    users.add(user.id);
    for (const token of user.tokens ?? []) {
      if (tokens.has(token)) problems.push(`users.${i}.tokens: token given twice`);
      tokens.add(token);
    }
  });
  const orgIds = new Set<string>();
  seed.organizations.forEach((org, o) => {
    const at = `organizations.${o}`;
    if (org.id !== undefined) {
      if (orgIds.has(org.id)) problems.push(`${at}.id: duplicate organization id "${org.id}"`);
      orgIds.add(org.id);
    }
    const members = new Set<string>();
    org.members.forEach((member, m) => {
      if (!users.has(member.user)) problems.push(`${at}.members.${m}.user: no user "${member.user}" in users`);
      if (members.has(member.user)) problems.push(`${at}.members.${m}.user: "${member.user}" is listed twice`);
      members.add(member.user);
    });
    if (!org.members.some((m) => m.role === 'admin')) problems.push(`${at}.members: at least one member must be an admin`);
    const teams = new Set<string>();
    (org.teams ?? []).forEach((team, t) => {
      if (team.id) teams.add(team.id);
      (team.members ?? []).forEach((tm, m) => {
        if (!members.has(tm.user)) problems.push(`${at}.teams.${t}.members.${m}.user: "${tm.user}" is not a member of the organization`);
      });
    });
    (org.samlProviders ?? []).forEach((provider, p) => {
      if (provider.defaultTeam !== undefined && !teams.has(provider.defaultTeam)) {
        problems.push(`${at}.samlProviders.${p}.defaultTeam: no team with id "${provider.defaultTeam}" in this organization`);
      }
    });
  });
  if (problems.length > 0) throw new SeedError(`${source}: ${problems.join('; ')}`);
  return seed;
}
