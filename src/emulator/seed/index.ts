import { readFileSync } from 'node:fs';
import type { Store } from '../store/store.js';
import type { EmulatorContext } from '../types.js';
import { memberDocId, type MemberDoc } from '../access.js';
import type { TokenDoc, UserDoc } from '../auth.js';
import type { OrganizationDoc, TeamDoc } from '../domain/organizations.js';
import { teamMemberDocId, type TeamMemberDoc } from '../domain/organizations.js';
import type { CollectionDoc } from '../domain/collections.js';
import { insertSamlProvider } from '../handlers/sso.js';
import { demoSeed } from './demo.js';
import { noneSeed } from './none.js';
import { seedContent } from './content.js';
import { seedSites } from './sites.js';
import { parseSeed, SeedError, type ParsedSeed, type SeedCollectionInput, type SeedOrganization, type SeedSpec } from './schema.js';

export { SeedError, parseSeed, type SeedSpec } from './schema.js';
export { demoSeed } from './demo.js';

/** `'demo'`, `'none'` (one admin, an empty organization), a path to a JSON file, or a seed object. */
export type SeedSource = string | SeedSpec;

export function loadSeed(source: SeedSource): ParsedSeed {
  if (source === 'demo') return parseSeed(demoSeed, 'seed demo');
  if (source === 'none') return parseSeed(noneSeed(), 'seed none');
  if (typeof source !== 'string') return parseSeed(source);
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (err) {
    throw new SeedError(`seed: cannot read ${source}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new SeedError(`seed ${source}: not valid JSON (${(err as Error).message})`);
  }
  return parseSeed(json, `seed ${source}`);
}

/** Write a validated seed into an empty store, in one transaction. */
export function applySeed(store: Store, ctx: EmulatorContext, seed: ParsedSeed): void {
  try {
    store.tx(() => {
      const at = ctx.now().toISOString();
      for (const user of seed.users) {
        const doc: UserDoc & { object: 'user' } = { id: user.id, object: 'user', displayName: user.displayName };
        if (user.email !== undefined) doc.email = user.email;
        if (user.photoURL !== undefined) doc.photoURL = user.photoURL;
        store.insert('user', doc);
        for (const token of user.tokens ?? []) store.insert<TokenDoc>('token', { id: token, userId: user.id });
      }
      for (const org of seed.organizations) {
        const orgId = seedOrganization(store, ctx, org, at);
        // Spaces (pages, files, change requests, comments) belong to the content model; sites,
        // OpenAPI specs and translations to the sites area. Spaces first: sites name them.
        if (org.spaces?.length) seedContent(store, ctx, orgId, org.spaces);
        if (org.sites?.length || org.openapi?.length || org.translations?.length) {
          seedSites(store, ctx, orgId, { sites: org.sites ?? [], openapi: org.openapi ?? [], translations: org.translations ?? [] });
        }
      }
    });
  } catch (err) {
    if (err instanceof SeedError) throw err;
    const message = (err as Error).message;
    if (/UNIQUE constraint/.test(message)) throw new SeedError(`seed: an id is used twice (${message})`);
    throw new SeedError(`seed: ${message}`);
  }
}

function seedOrganization(store: Store, ctx: EmulatorContext, org: SeedOrganization, at: string): string {
  const orgId = org.id ?? store.newId('org');
  const createdAt = org.createdAt ?? at;
  const doc: OrganizationDoc = {
    id: orgId,
    object: 'organization',
    title: org.title,
    createdAt,
    emailDomains: org.emailDomains ?? [],
    type: org.type ?? 'business',
    defaultRole: org.defaultRole === undefined ? 'read' : org.defaultRole,
    sso: org.sso ?? false,
    ai: org.ai ?? false,
    inviteLinks: org.inviteLinks ?? true,
    plan: org.plan ?? 'free_2024',
    trial: { status: 'notapplicable' },
  };
  if (org.hostname !== undefined) doc.hostname = org.hostname;
  if (org.useCase !== undefined) doc.useCase = org.useCase;
  store.insert('organization', doc);

  // Members go in by join date: lists sorted by `joinedAt` are the store's insertion order.
  const members = org.members
    .map((m, index) => ({ m, index, joinedAt: m.joinedAt ?? createdAt }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.index - b.index);
  for (const { m, joinedAt } of members) {
    const member: MemberDoc = { id: memberDocId(orgId, m.user), organization: orgId, userId: m.user, role: m.role, joinedAt };
    if (m.lastSeenAt !== undefined) member.lastSeenAt = m.lastSeenAt;
    if (m.sso !== undefined) member.sso = m.sso;
    if (m.disabled !== undefined) member.disabled = m.disabled;
    store.insert('member', member, orgId);
  }

  for (const team of org.teams ?? []) {
    const teamDoc: TeamDoc = {
      id: team.id ?? store.newId('team'),
      object: 'team',
      title: team.title,
      createdAt: team.createdAt ?? createdAt,
      organization: orgId,
    };
    store.insert('team', teamDoc, orgId);
    for (const tm of team.members ?? []) {
      store.insert<TeamMemberDoc>(
        'teamMember',
        { id: teamMemberDocId(teamDoc.id, tm.user), team: teamDoc.id, userId: tm.user, role: tm.role ?? 'member' },
        teamDoc.id,
      );
    }
  }

  const insertCollections = (items: readonly SeedCollectionInput[], parent: string | undefined) => {
    for (const c of items) {
      const col: CollectionDoc = {
        id: c.id ?? store.newId('col'),
        object: 'collection',
        title: c.title,
        organization: orgId,
        defaultLevel: c.defaultLevel === undefined ? 'inherit' : c.defaultLevel,
        _createdAt: createdAt,
      };
      if (c.description !== undefined) col.description = c.description;
      if (parent !== undefined) col.parent = parent;
      store.insert('collection', col, orgId);
      insertCollections(c.collections ?? [], col.id);
    }
  };
  insertCollections(org.collections ?? [], undefined);

  for (const provider of org.samlProviders ?? []) insertSamlProvider(ctx, orgId, provider);
  for (const invite of org.invites ?? []) store.insert('invite', { id: invite, organization: orgId }, orgId);
  return orgId;
}

export interface TokenInfo {
  token: string;
  userId: string;
  displayName: string;
  /** The member's role; `guest` for a null role. */
  role: string;
  organization: string;
}

/** Every token with its user's membership(s): one entry per token and organization. */
export function listTokens(store: Store): TokenInfo[] {
  const orgs = store.all<{ id: string }>('organization').map((o) => o.id);
  const out: TokenInfo[] = [];
  for (const token of store.all<TokenDoc>('token')) {
    const user = store.get<UserDoc>('user', token.userId);
    if (!user) continue;
    let any = false;
    for (const orgId of orgs) {
      const member = store.get<MemberDoc>('member', memberDocId(orgId, user.id));
      if (!member) continue;
      any = true;
      out.push({ token: token.id, userId: user.id, displayName: user.displayName, role: member.role ?? 'guest', organization: orgId });
    }
    if (!any) out.push({ token: token.id, userId: user.id, displayName: user.displayName, role: 'none', organization: '' });
  }
  return out;
}
