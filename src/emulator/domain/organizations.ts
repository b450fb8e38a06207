import type { z } from 'zod';
import type { Organization } from '../../api/schemas/organization.js';
import { publicFields } from './present.js';
import type { Store } from '../store/store.js';
import type { EmulatorContext } from '../types.js';
import { notFound } from '../types.js';
import { can, memberOf, organizationPermissions, teamPermissions, type MemberDoc, type MemberRole } from '../access.js';
import { presentUser, type UserDoc } from '../auth.js';

/**
 * Organizations, their members and teams: the stored documents and how the API shows them.
 * Stored docs keep the resource's own fields; `permissions`, `urls` and counts are computed per
 * request from the caller's role (src/emulator/access.ts).
 */

export interface OrganizationDoc {
  id: string;
  object: 'organization';
  title: string;
  createdAt: string;
  emailDomains: string[];
  hostname?: string;
  type: 'business' | 'community';
  useCase?: string;
  defaultRole: MemberRole;
  defaultContent?: { type: 'site'; site: string };
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: string;
  trial: { status: string };
  /** Logo URL, shown as `urls.logo`. */
  _logo?: string;
}

export interface TeamDoc {
  id: string;
  object: 'team';
  title: string;
  createdAt: string;
  organization: string;
}

export interface TeamMemberDoc {
  /** `${teamId}:${userId}` */
  id: string;
  team: string;
  userId: string;
  role: 'owner' | 'member';
}

export const teamMemberDocId = (teamId: string, userId: string) => `${teamId}:${userId}`;

export function getOrganization(store: Store, id: string): OrganizationDoc {
  const org = store.get<OrganizationDoc>('organization', id);
  if (!org) throw notFound('Organization');
  return org;
}

export function orgUrls(baseUrl: string, orgId: string) {
  return { location: `${baseUrl}/v1/orgs/${orgId}`, app: `${baseUrl}/app/o/${orgId}/` };
}

/** Does the user own at least one team of the organization? */
export function ownsAnyTeam(store: Store, orgId: string, userId: string): boolean {
  // One query: every organization listed asks it, and an organization may have many teams.
  return store.exists('teamMember', { kind: 'team', parent: orgId }, { userId, role: 'owner' });
}

export function presentOrganization(ctx: EmulatorContext, org: OrganizationDoc, callerId: string): z.input<typeof Organization> {
  const role = memberOf(ctx.store, org.id, callerId)?.role;
  return {
    ...publicFields(org),
    urls: { ...orgUrls(ctx.baseUrl, org.id), ...(org._logo ? { logo: org._logo } : {}) },
    internal_isOnNewTrial: true,
    permissions: organizationPermissions(role, ownsAnyTeam(ctx.store, org.id, callerId)),
  };
}

/* ---------- members ---------- */

/**
 * Counts shown on members (`spaces`, `teams`), computed once per request: a page of 1000 members
 * must not run 2000 queries.
 */
export class MemberCounts {
  private readonly liveSpaces: number;
  private readonly teamsByUser: ReadonlyMap<string | number, number>;

  constructor(store: Store, orgId: string) {
    // Counted by SQLite: an organization's spaces and team memberships are not parsed per request.
    this.liveSpaces = store.countWhere('space', orgId, { deletedAt: null });
    this.teamsByUser = store.countByField('teamMember', { kind: 'team', parent: orgId }, 'userId');
  }

  /** Organization roles give access to every space (per-space grants are not modelled); guests see none. */
  spaces(role: MemberRole): number {
    return can(role, 'read') ? this.liveSpaces : 0;
  }

  teams(userId: string): number {
    return this.teamsByUser.get(userId) ?? 0;
  }
}

export function presentMember(ctx: EmulatorContext, member: MemberDoc, counts?: MemberCounts) {
  const user = ctx.store.get<UserDoc>('user', member.userId) ?? { id: member.userId, displayName: member.userId };
  const c = counts ?? new MemberCounts(ctx.store, member.organization);
  return {
    object: 'member' as const,
    id: member.userId,
    role: member.role,
    user: presentUser(ctx.baseUrl, user),
    disabled: member.disabled ?? false,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso ?? false,
    spaces: c.spaces(member.role),
    teams: c.teams(member.userId),
  };
}

/** The member, or 404 (the path names a user who is not in the organization). */
export function getMember(store: Store, orgId: string, userId: string): MemberDoc {
  const member = memberOf(store, orgId, userId);
  if (!member) throw notFound('Member');
  return member;
}

/** A member by user id or e-mail address (team membership edits accept both). */
export function findMemberByIdOrEmail(store: Store, orgId: string, idOrEmail: string): MemberDoc | undefined {
  const direct = memberOf(store, orgId, idOrEmail);
  if (direct) return direct;
  if (!idOrEmail.includes('@')) return undefined;
  const email = idOrEmail.toLowerCase();
  const user = store.find<UserDoc>('user', (u) => u.email?.toLowerCase() === email);
  return user ? memberOf(store, orgId, user.id) : undefined;
}

export function adminCount(store: Store, orgId: string): number {
  return store.countWhere('member', orgId, { role: 'admin' });
}

/* ---------- teams ---------- */

export function getTeam(store: Store, orgId: string, teamId: string): TeamDoc {
  const team = store.get<TeamDoc>('team', teamId);
  if (!team || team.organization !== orgId) throw notFound('Team');
  return team;
}

export function presentTeam(ctx: EmulatorContext, team: TeamDoc, callerId: string) {
  const role = memberOf(ctx.store, team.organization, callerId)?.role;
  const owner = ctx.store.get<TeamMemberDoc>('teamMember', teamMemberDocId(team.id, callerId))?.role === 'owner';
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: ctx.store.countChildren('teamMember', team.id),
    // Teams get no space grants in the contract, so they reach no space on their own.
    spaces: 0,
    createdAt: team.createdAt,
    permissions: teamPermissions(role, owner),
  };
}

/** Remove a user's team memberships in an organization (when they leave it). */
export function removeFromTeams(store: Store, orgId: string, userId: string): void {
  for (const team of store.all<TeamDoc>('team', orgId)) store.delete('teamMember', teamMemberDocId(team.id, userId));
}
