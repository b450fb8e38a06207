import type { Store } from './store/store.js';
import type { ROLES } from '../api/schemas/common.js';

/**
 * Who may call what, decided in one place. The router checks `operationAccess` before any handler
 * runs, and resources' `permissions` objects are computed with the same `can`, so what a response
 * says the caller may do is exactly what the router lets through.
 *
 * Roles rank admin > create > review > edit > comment > read > guest (a member whose role is null).
 * Access depends on the caller's role in the organization the request touches; per-space or
 * per-collection grants are not modelled (the contract has no operation to make them).
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

/**
 * Minimum role of every operation of the contract (134). Defaults: reads `read`; comments
 * `comment`; content edits, change requests, import, Git sync `edit`; merge `review`; creating
 * spaces/collections/sites/OpenAPI specs/translations and duplicating `create`; organization
 * settings, members, teams, SSO, invites, deletes of spaces/collections/sites/specs/translations
 * and transfers `admin`; listing organizations, reading one, ping and SSO login infos: any member.
 */
export const operationAccess: Record<string, MinimumRole> = {
  // Sites: publishing structure is edited by creators; deleting a site is for admins.
  listSites: 'read',
  createSite: 'create',
  getSiteById: 'read',
  deleteSiteById: 'admin',
  updateSiteById: 'create',
  getSiteAdaptiveSchema: 'read',
  updateSiteAdaptiveSchema: 'create',
  listSiteAdaptiveTemplateConditions: 'read',
  getPublishedContentSite: 'read',
  listSiteSections: 'read',
  addSectionToSite: 'create',
  deleteSiteSectionById: 'create',
  updateSiteSectionById: 'create',
  moveSiteSection: 'create',
  listSiteSectionGroups: 'read',
  addSectionGroupToSite: 'create',
  deleteSiteSectionGroupById: 'create',
  updateSiteSectionGroupById: 'create',
  addSectionToGroup: 'create',
  removeSectionFromGroup: 'create',
  moveSiteSectionGroup: 'create',
  listSiteSpaces: 'read',
  addSpaceToSite: 'create',
  deleteSiteSpaceById: 'create',
  updateSiteSpaceById: 'create',
  moveSiteSpace: 'create',
  // Spaces: the space's settings (title, edit mode) follow the spec's `permissions.admin`.
  getSpaceById: 'read',
  deleteSpaceById: 'admin',
  updateSpaceById: 'admin',
  duplicateSpace: 'create',
  restoreSpace: 'admin',
  moveSpace: 'create',
  transferSpace: 'admin',
  listSpaceLinks: 'read',
  searchSpaceContent: 'read',
  // Space content
  getCurrentRevision: 'read',
  importContent: 'edit',
  applyTemplateToSpace: 'edit',
  listPages: 'read',
  listFiles: 'read',
  getFileById: 'read',
  listSpaceFileBacklinks: 'read',
  getPageById: 'read',
  listPageLinksInSpace: 'read',
  // Change requests
  listChangeRequestsForSpace: 'read',
  createChangeRequest: 'edit',
  getChangeRequestById: 'read',
  updateChangeRequestById: 'edit',
  mergeChangeRequest: 'review',
  updateChangeRequest: 'edit',
  getChangeRequestPDF: 'read',
  getRevisionOfChangeRequestById: 'read',
  importContentInChangeRequest: 'edit',
  listPagesInChangeRequest: 'read',
  listFilesInChangeRequestById: 'read',
  getFileInChangeRequestById: 'read',
  listChangeRequestFileBacklinks: 'read',
  getPageInChangeRequestById: 'read',
  listPageLinksInChangeRequest: 'read',
  // Comments (deleting someone else's comment is checked by the handler)
  listCommentsInSpace: 'read',
  postCommentInSpace: 'comment',
  getCommentInSpace: 'read',
  updateCommentInSpace: 'comment',
  deleteCommentInSpace: 'comment',
  postCommentReplyInSpace: 'comment',
  getCommentReplyInSpace: 'read',
  updateCommentReplyInSpace: 'comment',
  deleteCommentReplyInSpace: 'comment',
  listCommentsInChangeRequest: 'read',
  postCommentInChangeRequest: 'comment',
  getCommentInChangeRequest: 'read',
  updateCommentInChangeRequest: 'comment',
  deleteCommentInChangeRequest: 'comment',
  listCommentRepliesInChangeRequest: 'read',
  postCommentReplyInChangeRequest: 'comment',
  getCommentReplyInChangeRequest: 'read',
  // Git
  importGitRepository: 'edit',
  exportToGitRepository: 'edit',
  getSpaceGitInfo: 'read',
  deleteLegacyGitInstallation: 'admin',
  // Organizations
  listOrganizationsForAuthenticatedUser: 'guest',
  getOrganizationById: 'guest',
  updateOrganizationById: 'admin',
  deleteOrganizationInviteById: 'admin',
  searchOrganizationContent: 'read',
  getOrganizationsForEmailDomain: 'guest',
  // Members
  listMembersInOrganizationById: 'read',
  getMemberInOrganizationById: 'read',
  removeMemberFromOrganizationById: 'admin',
  updateMemberInOrganizationById: 'admin',
  updateOrganizationMemberLastSeenAt: 'guest',
  setUserAsSSOMemberForOrganization: 'admin',
  listSpacesForOrganizationMember: 'read',
  listTeamsForOrganizationMember: 'read',
  // SSO: login infos are what a sign-in page shows, so any member may read them.
  listSAMLProvidersInOrganizationById: 'admin',
  createOrganizationSAMLProvider: 'admin',
  getOrganizationSAMLProviderById: 'admin',
  deleteOrganizationSAMLProvider: 'admin',
  updateOrganizationSAMLProvider: 'admin',
  listSSOProviderLoginsInOrganization: 'guest',
  // Translations
  listTranslations: 'read',
  createTranslation: 'create',
  getTranslation: 'read',
  updateTranslation: 'create',
  deleteTranslation: 'admin',
  runTranslation: 'create',
  // Collections: title/description follow the spec's `permissions.admin`; arranging content needs `create`.
  getCollectionById: 'read',
  deleteCollectionById: 'admin',
  updateCollectionById: 'admin',
  listSpacesInCollectionById: 'read',
  moveCollection: 'create',
  transferCollection: 'admin',
  listCollectionsInOrganizationById: 'read',
  createCollection: 'create',
  // OpenAPI specifications
  listOpenAPISpecs: 'read',
  createOpenAPISpec: 'create',
  getOpenAPISpecBySlug: 'read',
  createOrUpdateOpenAPISpecBySlug: 'create',
  deleteOpenAPISpecBySlug: 'admin',
  updateOpenAPISpecBySlug: 'create',
  listOpenAPISpecVersions: 'read',
  getLatestOpenAPISpecVersion: 'read',
  getLatestOpenAPISpecVersionContent: 'read',
  getOpenAPISpecVersionById: 'read',
  getOpenAPISpecVersionContentById: 'read',
  // Teams
  listTeamsInOrganizationById: 'read',
  createOrganizationTeam: 'admin',
  getTeamInOrganizationById: 'read',
  removeTeamFromOrganizationById: 'admin',
  updateTeamInOrganizationById: 'admin',
  listTeamMembersInOrganizationById: 'read',
  updateMembersInOrganizationTeam: 'admin',
  addMemberToOrganizationTeamById: 'admin',
  deleteMemberFromOrganizationTeamById: 'admin',
};

/**
 * Team owners manage their own team (contract: an owner "can manage team members"): renaming it and
 * changing its members pass for them below the admin role. Creating and deleting teams stay admin.
 */
const TEAM_OWNER_OPERATIONS = new Set([
  'updateTeamInOrganizationById',
  'updateMembersInOrganizationTeam',
  'addMemberToOrganizationTeamById',
  'deleteMemberFromOrganizationTeamById',
]);

/** Is the user an owner of this team of this organization? */
export function ownsTeam(store: Store, userId: string, organizationId: string, teamId: string): boolean {
  const team = store.get<{ id: string; organization: string }>('team', teamId);
  if (!team || team.organization !== organizationId) return false;
  return store.get<{ id: string; role: string }>('teamMember', `${teamId}:${userId}`)?.role === 'owner';
}

/** Operations that touch no single organization: any authenticated user, results limited to their orgs. */
const ORGLESS = new Set(['listOrganizationsForAuthenticatedUser', 'getOrganizationsForEmailDomain']);

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

export function resolveTarget(store: Store, operationId: string, params: Record<string, string>): AccessTarget {
  if (ORGLESS.has(operationId)) return { kind: 'none' };
  if (params.organizationId !== undefined) {
    const org = store.get('organization', params.organizationId);
    // An unknown organization looks exactly like one the caller is not in.
    return { kind: 'organization', organizationId: org ? params.organizationId : '', noun: 'Organization' };
  }
  if (params.spaceId !== undefined) {
    const space = store.get<{ id: string; organization: string }>('space', params.spaceId);
    return space ? { kind: 'organization', organizationId: space.organization, noun: 'Space' } : { kind: 'missing' };
  }
  if (params.collectionId !== undefined) {
    const collection = store.get<{ id: string; organization: string }>('collection', params.collectionId);
    return collection ? { kind: 'organization', organizationId: collection.organization, noun: 'Collection' } : { kind: 'missing' };
  }
  return { kind: 'none' };
}

export type AccessDecision = { ok: true; organizationId?: string; role?: MemberRole } | { ok: false; status: 403 | 404; message: string };

/** The router's check: not a member of the organization → 404, role too low → 403. */
export function checkAccess(store: Store, userId: string, operationId: string, params: Record<string, string>): AccessDecision {
  const minimum = operationAccess[operationId] ?? 'admin';
  const target = resolveTarget(store, operationId, params);
  if (target.kind !== 'organization') return { ok: true };
  const role = target.organizationId === '' ? undefined : roleOf(store, userId, target.organizationId);
  if (role === undefined) return { ok: false, status: 404, message: `${target.noun} not found` };
  const owner =
    TEAM_OWNER_OPERATIONS.has(operationId) && params.teamId !== undefined && ownsTeam(store, userId, target.organizationId, params.teamId);
  if (!can(role, minimum) && !owner) {
    return {
      ok: false,
      status: 403,
      message: `You do not have permission to do this: it needs the ${roleLabel(minimum)} role or higher (yours: ${role ?? 'guest'})`,
    };
  }
  return { ok: true, organizationId: target.organizationId, role };
}

/* ---------- permissions objects ---------- */

/** Booleans by name, each true when `role` meets the minimum of the named operation or role. */
export function permissionsFor<K extends string>(role: MemberRole | undefined, rules: Record<K, string>): Record<K, boolean> {
  const out = {} as Record<K, boolean>;
  for (const key of Object.keys(rules) as K[]) {
    const rule = rules[key];
    const minimum = (rule in RANK ? rule : operationAccess[rule]) as MinimumRole | undefined;
    out[key] = minimum !== undefined && can(role, minimum);
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
};
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

/** `admin`: may manage the team (organization admins, and the team's owners: see TEAM_OWNER_OPERATIONS). */
export function teamPermissions(role: MemberRole | undefined, teamOwner: boolean) {
  const perms = permissionsFor(role, { admin: 'updateTeamInOrganizationById', view: 'getTeamInOrganizationById' });
  return { ...perms, admin: perms.admin || teamOwner };
}
