import type { Store } from './store/store.js';
import type { ROLES } from '../api/schemas/common.js';
import type { OperationId } from '../api/operations/index.js';
import { policies, type Policy } from './policies.js';

/**
 * Who may call what, decided in one place. Every operation has one row in `policies`
 * (src/emulator/policies.ts); the router calls `checkAccess` before any handler runs, and resources'
 * `permissions` objects are computed with the same `can` and rows, so what a response says the
 * caller may do is exactly what the router lets through.
 *
 * Roles rank admin > create > review > edit > comment > read > guest (a member whose role is null).
 * Access depends on the caller's role in the organization the request touches; per-space or
 * per-collection grants are not modelled (the contract has no operation to make them). Not a member
 * of that organization (or an unknown one): 404, as if it did not exist. A member below the minimum: 403.
 *
 * Adding operation 135: once it is in the operation table (src/api/operations/), the type checker
 * stops at `policies` until it has a row. Write it next to its neighbours:
 * - `minimum`, from the contract's role descriptions: reads `read`; comments and replies `comment`;
 *   content edits, change requests, imports, Git sync `edit`; merging `review`; creating spaces,
 *   collections, sites (and their sections, groups, site spaces), OpenAPI specs and translations,
 *   and duplicating or moving content `create`; organization settings, members, teams, SAML,
 *   invites, transfers, and deleting spaces, collections, sites, specs or translations `admin`;
 *   reading the organization, the ping and SSO login infos `guest` (any member).
 * - `organization`: where the organization is found, from the path (`organization` for
 *   `{organizationId}`, `space` for `{spaceId}`, `collection` for `{collectionId}`), or `none` when
 *   the path names no organization; the type only offers what the path has.
 * - `teamOwner: true` if the team's owners may call it below the minimum (only on `{teamId}` paths);
 *   `location: true` if its 201 carries a `Location` header.
 * Then add the operation's expected role to the table in test/emulator/expected-access.ts (stated
 * from the contract, not copied from the row) and a scenario in test/emulator/scenarios/: the
 * access matrix calls it as every role and fails until row, expectation and emulator agree.
 */
export type MinimumRole = 'guest' | 'read' | 'comment' | 'edit' | 'review' | 'create' | 'admin';
/** A member's role: null is a guest. */
export type MemberRole = (typeof ROLES)[number] | null;

const RANK: Record<MinimumRole, number> = { guest: 0, read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 };

/** Does a member with `role` (null = guest) meet `minimum`? Not a member (undefined) never does. */
export function can(role: MemberRole | undefined, minimum: MinimumRole): boolean {
  if (role === undefined) return false;
  return RANK[role ?? 'guest'] >= RANK[minimum];
}

/** The name of the role a request needs, for 403 messages. */
export function roleLabel(minimum: MinimumRole): string {
  return minimum === 'guest' ? 'member' : minimum;
}

/** The row of `operationId`. The router only routes operations of the table, which all have one. */
export function policyOf(operationId: string): Policy {
  if (!Object.hasOwn(policies, operationId)) throw new Error(`${operationId} has no access policy in src/emulator/policies.ts`);
  // Checked just above: the id is one of the record's keys.
  return policies[operationId as OperationId];
}

/**
 * The minimum role of every operation, for handlers that check a second organization (transfers)
 * and for `permissions` objects. The cast restores the keys `Object.fromEntries` forgets.
 */
export const operationAccess = Object.fromEntries(Object.entries(policies).map(([id, policy]) => [id, policy.minimum])) as Record<
  OperationId,
  MinimumRole
>;

/** Is the user an owner of this team of this organization? */
export function ownsTeam(store: Store, userId: string, organizationId: string, teamId: string): boolean {
  const team = store.get<{ id: string; organization: string }>('team', teamId);
  if (!team || team.organization !== organizationId) return false;
  return store.get<{ id: string; role: string }>('teamMember', `${teamId}:${userId}`)?.role === 'owner';
}

/* ---------- membership ---------- */

export interface MemberDoc {
  /** `${organizationId}:${userId}` */
  id: string;
  organization: string;
  userId: string;
  role: MemberRole;
  disabled?: boolean;
  sso?: boolean;
  joinedAt: string;
  lastSeenAt?: string;
}

export const memberDocId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

export function memberOf(store: Store, organizationId: string, userId: string): MemberDoc | undefined {
  return store.get<MemberDoc>('member', memberDocId(organizationId, userId));
}

/** The caller's role in an organization: null = guest, undefined = not a member (or disabled). */
export function roleOf(store: Store, userId: string, organizationId: string): MemberRole | undefined {
  const member = memberOf(store, organizationId, userId);
  if (!member || member.disabled) return undefined;
  return member.role;
}

export function isMember(store: Store, userId: string, organizationId: string): boolean {
  return roleOf(store, userId, organizationId) !== undefined;
}

/** Ids of the organizations the user belongs to, in creation order. */
export function organizationsOf(store: Store, userId: string): string[] {
  // Organizations are few; members can be many: look the membership up per organization.
  return store
    .all<{ id: string }>('organization')
    .map((org) => org.id)
    .filter((orgId) => isMember(store, userId, orgId));
}

/* ---------- the organization a request touches ---------- */

export type AccessTarget =
  /** An existing organization (directly, or owning the space/collection named in the path). */
  | { kind: 'organization'; organizationId: string; noun: string }
  /** Operations across the caller's organizations. */
  | { kind: 'none' }
  /** The object named in the path does not exist: the handler answers its own 404. */
  | { kind: 'missing' };

/** The organization named by the operation's path, as its row says where to find it. */
export function resolveTarget(store: Store, operationId: string, params: Record<string, string>): AccessTarget {
  const from = policyOf(operationId).organization;
  if (from === 'none') return { kind: 'none' };
  if (from === 'organization') {
    const organizationId = params.organizationId ?? '';
    // An unknown organization looks exactly like one the caller is not in.
    return { kind: 'organization', organizationId: store.get('organization', organizationId) ? organizationId : '', noun: 'Organization' };
  }
  const owned = store.get<{ id: string; organization: string }>(from, (from === 'space' ? params.spaceId : params.collectionId) ?? '');
  const noun = from === 'space' ? 'Space' : 'Collection';
  return owned ? { kind: 'organization', organizationId: owned.organization, noun } : { kind: 'missing' };
}

export type AccessDecision = { ok: true; organizationId?: string; role?: MemberRole } | { ok: false; status: 403 | 404; message: string };

/** The router's check: not a member of the organization → 404, role too low (and not the team's owner) → 403. */
export function checkAccess(store: Store, userId: string, operationId: string, params: Record<string, string>): AccessDecision {
  const policy = policyOf(operationId);
  const target = resolveTarget(store, operationId, params);
  if (target.kind !== 'organization') return { ok: true };
  const role = target.organizationId === '' ? undefined : roleOf(store, userId, target.organizationId);
  if (role === undefined) return { ok: false, status: 404, message: `${target.noun} not found` };
  const owner = policy.teamOwner === true && params.teamId !== undefined && ownsTeam(store, userId, target.organizationId, params.teamId);
  if (!can(role, policy.minimum) && !owner) {
    return {
      ok: false,
      status: 403,
      message: `You do not have permission to do this: it needs the ${roleLabel(policy.minimum)} role or higher (yours: ${role ?? 'guest'})`,
    };
  }
  return { ok: true, organizationId: target.organizationId, role };
}

/* ---------- permissions objects ---------- */

const isRole = (rule: MinimumRole | OperationId): rule is MinimumRole => Object.hasOwn(RANK, rule);

/** Booleans by name, each true when `role` meets the named role, or the minimum of the named operation. */
export function permissionsFor<K extends string>(
  role: MemberRole | undefined,
  rules: Record<K, MinimumRole | OperationId>,
): Record<K, boolean> {
  const out = {} as Record<K, boolean>;
  for (const key of Object.keys(rules) as K[]) {
    const rule: MinimumRole | OperationId = rules[key];
    out[key] = can(role, isRole(rule) ? rule : operationAccess[rule]);
  }
  return out;
}

const ORGANIZATION_RULES = {
  admin: 'updateOrganizationById',
  createContent: 'createCollection',
  createOpenAPISpec: 'createOpenAPISpec',
  ingestConversations: 'admin',
  viewBilling: 'admin',
  listMembers: 'listMembersInOrganizationById',
  listTeams: 'listTeamsInOrganizationById',
  listIntegrations: 'read',
  listInstallations: 'admin',
  installIntegration: 'admin',
} satisfies Record<string, MinimumRole | OperationId>;
/** By role (null: guest, 'none': not a member): every listed organization would otherwise rebuild the same object. */
const organizationPermissionsByRole = new Map<string, ReturnType<typeof permissionsFor<keyof typeof ORGANIZATION_RULES>>>();

export function organizationPermissions(role: MemberRole | undefined, teamOwner: boolean) {
  const key = role === undefined ? 'none' : (role ?? 'guest');
  let perms = organizationPermissionsByRole.get(key);
  if (!perms) organizationPermissionsByRole.set(key, (perms = permissionsFor(role, ORGANIZATION_RULES)));
  return { view: role !== undefined, ...perms, ownTeam: teamOwner };
}

export function spacePermissions(role: MemberRole | undefined) {
  return permissionsFor(role, {
    view: 'getSpaceById',
    access: 'getSpaceById',
    admin: 'updateSpaceById',
    viewInviteLinks: 'admin',
    edit: 'createChangeRequest',
    triggerGitSync: 'importGitRepository',
    comment: 'postCommentInSpace',
    merge: 'mergeChangeRequest',
    review: 'review',
    installIntegration: 'admin',
  });
}

export function collectionPermissions(role: MemberRole | undefined) {
  return permissionsFor(role, {
    view: 'getCollectionById',
    admin: 'updateCollectionById',
    viewInviteLinks: 'admin',
    create: 'createCollection',
  });
}

/** `admin`: may manage the team (organization admins, and the team's owners: see `teamOwner` in policies.ts). */
export function teamPermissions(role: MemberRole | undefined, teamOwner: boolean) {
  const perms = permissionsFor(role, { admin: 'updateTeamInOrganizationById', view: 'getTeamInOrganizationById' });
  return { ...perms, admin: perms.admin || teamOwner };
}
