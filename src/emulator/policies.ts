import type { PathParams } from '../api/operation.js';
import type { OperationId, OperationsById } from '../api/operations/index.js';
import type { MinimumRole } from './access.js';

/*
 * The router's rule for every operation of the contract, one row each (how to add one: the comment
 * at the top of access.ts). The type requires a row for every operationId of the operation table,
 * and checks each row against its operation's path: the organization can only be found from a
 * parameter the path has, and only operations on a `{teamId}` can let team owners through.
 */

type ParamOf<I extends OperationId> = keyof PathParams<OperationsById[I]['path']>;

/**
 * Where the router finds the organization whose membership decides: `organization` is the path's
 * `{organizationId}`, `space` and `collection` the organization owning the path's `{spaceId}` or
 * `{collectionId}`; `none` for operations across the caller's organizations, which any signed-in
 * user may call (their answers only ever show the caller's own organizations).
 */
export type OrganizationSource = 'organization' | 'space' | 'collection' | 'none';

type SourceFor<P> =
  | ('organizationId' extends P ? 'organization' : never)
  | ('spaceId' extends P ? 'space' : never)
  | ('collectionId' extends P ? 'collection' : never)
  | (Extract<P, 'organizationId' | 'spaceId' | 'collectionId'> extends never ? 'none' : never);

export interface Policy {
  /** The lowest role of the organization that may call the operation (rows with no organization say `guest`: anyone signed in). */
  minimum: MinimumRole;
  organization: OrganizationSource;
  /** Owners of the path's team pass too, whatever their role (contract: an owner "can manage team members"). */
  teamOwner?: true;
  /** Its 201 carries a `Location` header: the created object's `urls.location` (the spec documents which). */
  location?: true;
}

type TeamOwnerFor<P> = 'teamId' extends P ? unknown : { teamOwner?: never };
type PolicyOf<I extends OperationId> = Policy & { organization: SourceFor<ParamOf<I>> } & TeamOwnerFor<ParamOf<I>>;

export type Policies = { readonly [I in OperationId]: PolicyOf<I> };

export const policies: Policies = {
  // Sites: publishing structure is edited by creators; deleting a site is for admins.
  listSites: { minimum: 'read', organization: 'organization' },
  createSite: { minimum: 'create', organization: 'organization', location: true },
  getSiteById: { minimum: 'read', organization: 'organization' },
  deleteSiteById: { minimum: 'admin', organization: 'organization' },
  updateSiteById: { minimum: 'create', organization: 'organization' },
  getSiteAdaptiveSchema: { minimum: 'read', organization: 'organization' },
  updateSiteAdaptiveSchema: { minimum: 'create', organization: 'organization' },
  listSiteAdaptiveTemplateConditions: { minimum: 'read', organization: 'organization' },
  getPublishedContentSite: { minimum: 'read', organization: 'organization' },
  listSiteSections: { minimum: 'read', organization: 'organization' },
  addSectionToSite: { minimum: 'create', organization: 'organization', location: true },
  deleteSiteSectionById: { minimum: 'create', organization: 'organization' },
  updateSiteSectionById: { minimum: 'create', organization: 'organization' },
  moveSiteSection: { minimum: 'create', organization: 'organization' },
  listSiteSectionGroups: { minimum: 'read', organization: 'organization' },
  addSectionGroupToSite: { minimum: 'create', organization: 'organization', location: true },
  deleteSiteSectionGroupById: { minimum: 'create', organization: 'organization' },
  updateSiteSectionGroupById: { minimum: 'create', organization: 'organization' },
  addSectionToGroup: { minimum: 'create', organization: 'organization', location: true },
  removeSectionFromGroup: { minimum: 'create', organization: 'organization' },
  moveSiteSectionGroup: { minimum: 'create', organization: 'organization' },
  listSiteSpaces: { minimum: 'read', organization: 'organization' },
  addSpaceToSite: { minimum: 'create', organization: 'organization', location: true },
  deleteSiteSpaceById: { minimum: 'create', organization: 'organization' },
  updateSiteSpaceById: { minimum: 'create', organization: 'organization' },
  moveSiteSpace: { minimum: 'create', organization: 'organization' },
  // Spaces: the space's settings (title, edit mode) follow the spec's `permissions.admin`.
  getSpaceById: { minimum: 'read', organization: 'space' },
  deleteSpaceById: { minimum: 'admin', organization: 'space' },
  updateSpaceById: { minimum: 'admin', organization: 'space' },
  duplicateSpace: { minimum: 'create', organization: 'space', location: true },
  restoreSpace: { minimum: 'admin', organization: 'space' },
  moveSpace: { minimum: 'create', organization: 'space' },
  transferSpace: { minimum: 'admin', organization: 'space' },
  listSpaceLinks: { minimum: 'read', organization: 'space' },
  searchSpaceContent: { minimum: 'read', organization: 'space' },
  // Space content
  getCurrentRevision: { minimum: 'read', organization: 'space' },
  importContent: { minimum: 'edit', organization: 'space', location: true },
  applyTemplateToSpace: { minimum: 'edit', organization: 'space' },
  listPages: { minimum: 'read', organization: 'space' },
  listFiles: { minimum: 'read', organization: 'space' },
  getFileById: { minimum: 'read', organization: 'space' },
  listSpaceFileBacklinks: { minimum: 'read', organization: 'space' },
  getPageById: { minimum: 'read', organization: 'space' },
  listPageLinksInSpace: { minimum: 'read', organization: 'space' },
  // Change requests
  listChangeRequestsForSpace: { minimum: 'read', organization: 'space' },
  createChangeRequest: { minimum: 'edit', organization: 'space', location: true },
  getChangeRequestById: { minimum: 'read', organization: 'space' },
  updateChangeRequestById: { minimum: 'edit', organization: 'space' },
  mergeChangeRequest: { minimum: 'review', organization: 'space' },
  updateChangeRequest: { minimum: 'edit', organization: 'space' },
  getChangeRequestPDF: { minimum: 'read', organization: 'space' },
  getRevisionOfChangeRequestById: { minimum: 'read', organization: 'space' },
  importContentInChangeRequest: { minimum: 'edit', organization: 'space', location: true },
  listPagesInChangeRequest: { minimum: 'read', organization: 'space' },
  listFilesInChangeRequestById: { minimum: 'read', organization: 'space' },
  getFileInChangeRequestById: { minimum: 'read', organization: 'space' },
  listChangeRequestFileBacklinks: { minimum: 'read', organization: 'space' },
  getPageInChangeRequestById: { minimum: 'read', organization: 'space' },
  listPageLinksInChangeRequest: { minimum: 'read', organization: 'space' },
  // Comments (deleting someone else's comment is checked by the handler)
  listCommentsInSpace: { minimum: 'read', organization: 'space' },
  postCommentInSpace: { minimum: 'comment', organization: 'space' },
  getCommentInSpace: { minimum: 'read', organization: 'space' },
  updateCommentInSpace: { minimum: 'comment', organization: 'space' },
  deleteCommentInSpace: { minimum: 'comment', organization: 'space' },
  postCommentReplyInSpace: { minimum: 'comment', organization: 'space' },
  getCommentReplyInSpace: { minimum: 'read', organization: 'space' },
  updateCommentReplyInSpace: { minimum: 'comment', organization: 'space' },
  deleteCommentReplyInSpace: { minimum: 'comment', organization: 'space' },
  listCommentsInChangeRequest: { minimum: 'read', organization: 'space' },
  postCommentInChangeRequest: { minimum: 'comment', organization: 'space' },
  getCommentInChangeRequest: { minimum: 'read', organization: 'space' },
  updateCommentInChangeRequest: { minimum: 'comment', organization: 'space' },
  deleteCommentInChangeRequest: { minimum: 'comment', organization: 'space' },
  listCommentRepliesInChangeRequest: { minimum: 'read', organization: 'space' },
  postCommentReplyInChangeRequest: { minimum: 'comment', organization: 'space' },
  getCommentReplyInChangeRequest: { minimum: 'read', organization: 'space' },
  // Git
  importGitRepository: { minimum: 'edit', organization: 'space' },
  exportToGitRepository: { minimum: 'edit', organization: 'space' },
  getSpaceGitInfo: { minimum: 'read', organization: 'space' },
  deleteLegacyGitInstallation: { minimum: 'admin', organization: 'space' },
  // Organizations: any member may read the organization; the e-mail domain lookup spans organizations.
  listOrganizationsForAuthenticatedUser: { minimum: 'guest', organization: 'none' },
  getOrganizationById: { minimum: 'guest', organization: 'organization' },
  updateOrganizationById: { minimum: 'admin', organization: 'organization' },
  deleteOrganizationInviteById: { minimum: 'admin', organization: 'organization' },
  searchOrganizationContent: { minimum: 'read', organization: 'organization' },
  getOrganizationsForEmailDomain: { minimum: 'guest', organization: 'none' },
  // Members: the ping records the caller's own visit, so guests may send it.
  listMembersInOrganizationById: { minimum: 'read', organization: 'organization' },
  getMemberInOrganizationById: { minimum: 'read', organization: 'organization' },
  removeMemberFromOrganizationById: { minimum: 'admin', organization: 'organization' },
  updateMemberInOrganizationById: { minimum: 'admin', organization: 'organization' },
  updateOrganizationMemberLastSeenAt: { minimum: 'guest', organization: 'organization' },
  setUserAsSSOMemberForOrganization: { minimum: 'admin', organization: 'organization' },
  listSpacesForOrganizationMember: { minimum: 'read', organization: 'organization' },
  listTeamsForOrganizationMember: { minimum: 'read', organization: 'organization' },
  // SSO: login infos are what a sign-in page shows, so any member may read them.
  listSAMLProvidersInOrganizationById: { minimum: 'admin', organization: 'organization' },
  createOrganizationSAMLProvider: { minimum: 'admin', organization: 'organization', location: true },
  getOrganizationSAMLProviderById: { minimum: 'admin', organization: 'organization' },
  deleteOrganizationSAMLProvider: { minimum: 'admin', organization: 'organization' },
  updateOrganizationSAMLProvider: { minimum: 'admin', organization: 'organization' },
  listSSOProviderLoginsInOrganization: { minimum: 'guest', organization: 'organization' },
  // Translations
  listTranslations: { minimum: 'read', organization: 'organization' },
  createTranslation: { minimum: 'create', organization: 'organization' },
  getTranslation: { minimum: 'read', organization: 'organization' },
  updateTranslation: { minimum: 'create', organization: 'organization' },
  deleteTranslation: { minimum: 'admin', organization: 'organization' },
  runTranslation: { minimum: 'create', organization: 'organization' },
  // Collections: title/description follow the spec's `permissions.admin`; arranging content needs `create`.
  getCollectionById: { minimum: 'read', organization: 'collection' },
  deleteCollectionById: { minimum: 'admin', organization: 'collection' },
  updateCollectionById: { minimum: 'admin', organization: 'collection' },
  listSpacesInCollectionById: { minimum: 'read', organization: 'collection' },
  moveCollection: { minimum: 'create', organization: 'collection' },
  transferCollection: { minimum: 'admin', organization: 'collection' },
  listCollectionsInOrganizationById: { minimum: 'read', organization: 'organization' },
  createCollection: { minimum: 'create', organization: 'organization', location: true },
  // OpenAPI specifications
  listOpenAPISpecs: { minimum: 'read', organization: 'organization' },
  createOpenAPISpec: { minimum: 'create', organization: 'organization' },
  getOpenAPISpecBySlug: { minimum: 'read', organization: 'organization' },
  createOrUpdateOpenAPISpecBySlug: { minimum: 'create', organization: 'organization' },
  deleteOpenAPISpecBySlug: { minimum: 'admin', organization: 'organization' },
  updateOpenAPISpecBySlug: { minimum: 'create', organization: 'organization' },
  listOpenAPISpecVersions: { minimum: 'read', organization: 'organization' },
  getLatestOpenAPISpecVersion: { minimum: 'read', organization: 'organization' },
  getLatestOpenAPISpecVersionContent: { minimum: 'read', organization: 'organization' },
  getOpenAPISpecVersionById: { minimum: 'read', organization: 'organization' },
  getOpenAPISpecVersionContentById: { minimum: 'read', organization: 'organization' },
  // Teams: owners rename their team and change its members; creating and deleting teams stay admin.
  listTeamsInOrganizationById: { minimum: 'read', organization: 'organization' },
  createOrganizationTeam: { minimum: 'admin', organization: 'organization' },
  getTeamInOrganizationById: { minimum: 'read', organization: 'organization' },
  removeTeamFromOrganizationById: { minimum: 'admin', organization: 'organization' },
  updateTeamInOrganizationById: { minimum: 'admin', organization: 'organization', teamOwner: true },
  listTeamMembersInOrganizationById: { minimum: 'read', organization: 'organization' },
  updateMembersInOrganizationTeam: { minimum: 'admin', organization: 'organization', teamOwner: true },
  addMemberToOrganizationTeamById: { minimum: 'admin', organization: 'organization', teamOwner: true },
  deleteMemberFromOrganizationTeamById: { minimum: 'admin', organization: 'organization', teamOwner: true },
};
