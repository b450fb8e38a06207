import type { OperationId } from '../../src/api/client.js';

/*
 * Who may call each operation, written from the contract's permission rules and not from
 * src/emulator/policies.ts, so that a wrong row there disagrees with this table. The contract
 * describes the roles, from the most to the least powerful:
 *   admin   "administers content, e.g. creates and deletes spaces"
 *   create  "creates content"
 *   review  "reviews content"
 *   edit    "edits content live or through change requests"
 *   comment "accesses content and its discussions"
 *   read    "reads only"
 *   guest   a member whose role is null
 * and a team's `owner` "can manage team members". Each rule below names the operations it covers;
 * every operation of the table is in exactly one rule (access.test.ts checks it).
 */

export const ROLE_ORDER = ['guest', 'read', 'comment', 'edit', 'review', 'create', 'admin'] as const;
export type Role = (typeof ROLE_ORDER)[number];

export interface AccessRule {
  why: string;
  /** The lowest role that may call them; `signed-in`: anyone with a token, member of no organization included. */
  minimum: Role | 'signed-in';
  /** The team's owners may call them too, whatever their role. */
  teamOwners?: true;
  operations: OperationId[];
}

/** A line of operations (the type checker knows every name). */
const ops = (...ids: OperationId[]): OperationId[] => ids;

export const ACCESS_RULES: AccessRule[] = [
  {
    why: 'they name no organization: they answer with the organizations of the caller',
    minimum: 'signed-in',
    operations: ['listOrganizationsForAuthenticatedUser', 'getOrganizationsForEmailDomain'],
  },
  {
    why: 'membership is all they need: the organization itself, the member’s own ping, the SSO logins a sign-in page shows',
    minimum: 'guest',
    operations: ['getOrganizationById', 'updateOrganizationMemberLastSeenAt', 'listSSOProviderLoginsInOrganization'],
  },
  {
    why: '"read: reads only": every read of content, its structure and the organization’s people',
    minimum: 'read',
    operations: [
      ...ops('listSites', 'getSiteById', 'getSiteAdaptiveSchema', 'listSiteAdaptiveTemplateConditions', 'getPublishedContentSite'),
      ...ops('listSiteSections', 'listSiteSectionGroups', 'listSiteSpaces'),
      ...ops('getSpaceById', 'listSpaceLinks', 'searchSpaceContent', 'getSpaceGitInfo'),
      ...ops(
        'getCurrentRevision',
        'listPages',
        'listFiles',
        'getFileById',
        'listSpaceFileBacklinks',
        'getPageById',
        'listPageLinksInSpace',
      ),
      ...ops('listChangeRequestsForSpace', 'getChangeRequestById', 'getChangeRequestPDF', 'getRevisionOfChangeRequestById'),
      ...ops('listPagesInChangeRequest', 'listFilesInChangeRequestById', 'getFileInChangeRequestById', 'listChangeRequestFileBacklinks'),
      ...ops('getPageInChangeRequestById', 'listPageLinksInChangeRequest'),
      ...ops('listCommentsInSpace', 'getCommentInSpace', 'getCommentReplyInSpace'),
      ...ops(
        'listCommentsInChangeRequest',
        'getCommentInChangeRequest',
        'listCommentRepliesInChangeRequest',
        'getCommentReplyInChangeRequest',
      ),
      ...ops('searchOrganizationContent', 'listMembersInOrganizationById', 'getMemberInOrganizationById'),
      ...ops('listSpacesForOrganizationMember', 'listTeamsForOrganizationMember'),
      ...ops('listTeamsInOrganizationById', 'getTeamInOrganizationById', 'listTeamMembersInOrganizationById'),
      ...ops('listTranslations', 'getTranslation', 'getCollectionById', 'listSpacesInCollectionById', 'listCollectionsInOrganizationById'),
      ...ops('listOpenAPISpecs', 'getOpenAPISpecBySlug', 'listOpenAPISpecVersions', 'getLatestOpenAPISpecVersion'),
      ...ops('getLatestOpenAPISpecVersionContent', 'getOpenAPISpecVersionById', 'getOpenAPISpecVersionContentById'),
    ],
  },
  {
    why: '"comment: accesses content and its discussions": writing comments and replies',
    minimum: 'comment',
    operations: [
      ...ops('postCommentInSpace', 'updateCommentInSpace', 'deleteCommentInSpace'),
      ...ops('postCommentReplyInSpace', 'updateCommentReplyInSpace', 'deleteCommentReplyInSpace'),
      ...ops(
        'postCommentInChangeRequest',
        'updateCommentInChangeRequest',
        'deleteCommentInChangeRequest',
        'postCommentReplyInChangeRequest',
      ),
    ],
  },
  {
    why: '"edit: edits content live or through change requests": imports, templates, change requests, Git sync',
    minimum: 'edit',
    operations: [
      ...ops('importContent', 'applyTemplateToSpace', 'importGitRepository', 'exportToGitRepository'),
      ...ops('createChangeRequest', 'updateChangeRequestById', 'updateChangeRequest', 'importContentInChangeRequest'),
    ],
  },
  {
    why: '"review: reviews content": merging a change request is the reviewer’s decision',
    minimum: 'review',
    operations: ['mergeChangeRequest'],
  },
  {
    why: '"create: creates content": a published site and its structure are built by creators',
    minimum: 'create',
    operations: [
      ...ops('createSite', 'updateSiteById', 'updateSiteAdaptiveSchema'),
      ...ops('addSectionToSite', 'updateSiteSectionById', 'deleteSiteSectionById', 'moveSiteSection'),
      ...ops('addSectionGroupToSite', 'updateSiteSectionGroupById', 'deleteSiteSectionGroupById', 'moveSiteSectionGroup'),
      ...ops('addSectionToGroup', 'removeSectionFromGroup'),
      ...ops('addSpaceToSite', 'updateSiteSpaceById', 'deleteSiteSpaceById', 'moveSiteSpace'),
    ],
  },
  {
    why: '"create: creates content": new spaces, collections, translations and OpenAPI specs, and arranging content',
    minimum: 'create',
    operations: [
      ...ops('duplicateSpace', 'moveSpace', 'createCollection', 'moveCollection'),
      ...ops('createTranslation', 'updateTranslation', 'runTranslation'),
      ...ops('createOpenAPISpec', 'createOrUpdateOpenAPISpecBySlug', 'updateOpenAPISpecBySlug'),
    ],
  },
  {
    why: '"admin: administers content, e.g. creates and deletes spaces": deletes, restores, transfers and the settings of spaces and collections',
    minimum: 'admin',
    operations: [
      ...ops('deleteSpaceById', 'restoreSpace', 'updateSpaceById', 'transferSpace', 'deleteLegacyGitInstallation'),
      ...ops('deleteCollectionById', 'updateCollectionById', 'transferCollection'),
      ...ops('deleteSiteById', 'deleteTranslation', 'deleteOpenAPISpecBySlug'),
    ],
  },
  {
    why: 'administering the organization: its settings, invites, members, SAML providers, creating and deleting teams',
    minimum: 'admin',
    operations: [
      ...ops('updateOrganizationById', 'deleteOrganizationInviteById'),
      ...ops('removeMemberFromOrganizationById', 'updateMemberInOrganizationById', 'setUserAsSSOMemberForOrganization'),
      ...ops('listSAMLProvidersInOrganizationById', 'getOrganizationSAMLProviderById', 'createOrganizationSAMLProvider'),
      ...ops('updateOrganizationSAMLProvider', 'deleteOrganizationSAMLProvider'),
      ...ops('createOrganizationTeam', 'removeTeamFromOrganizationById'),
    ],
  },
  {
    why: 'a team is managed by admins and, "owner: can manage team members", by its owners: its title and members',
    minimum: 'admin',
    teamOwners: true,
    operations: [
      ...ops('updateTeamInOrganizationById', 'updateMembersInOrganizationTeam'),
      ...ops('addMemberToOrganizationTeamById', 'deleteMemberFromOrganizationTeamById'),
    ],
  },
];

/** The rule covering `operationId` (the first, if a mistake put it in two: access.test.ts reports that). */
export function expectedAccess(operationId: string): AccessRule | undefined {
  return ACCESS_RULES.find((rule) => (rule.operations as string[]).includes(operationId));
}

/** May a member with `role` call an operation under `rule`? Ranks are this file's own order. */
export function roleMayCall(rule: AccessRule, role: Role): boolean {
  return rule.minimum === 'signed-in' || ROLE_ORDER.indexOf(role) >= ROLE_ORDER.indexOf(rule.minimum);
}
