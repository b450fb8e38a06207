/**
 * The command that shows whether a request that is not safe to repeat took effect, by operation id.
 * When the connection drops after such a request was written, the server may have applied it;
 * running it again could create a duplicate, so the error names where to look first.
 */
export const CHECK_COMMANDS: Readonly<Record<string, string>> = {
  createSite: 'sites list',
  addSectionToSite: 'sites sections list',
  addSectionGroupToSite: 'sites section-groups list',
  addSectionToGroup: 'sites section-groups list',
  addSpaceToSite: 'sites spaces list',
  duplicateSpace: 'collections spaces',
  restoreSpace: 'spaces get',
  transferSpace: 'spaces get',
  importContent: 'spaces pages',
  applyTemplateToSpace: 'spaces pages',
  createChangeRequest: 'cr list',
  mergeChangeRequest: 'cr get',
  updateChangeRequest: 'cr get',
  importContentInChangeRequest: 'spaces pages',
  postCommentInSpace: 'comments list',
  postCommentReplyInSpace: 'comments replies list',
  postCommentInChangeRequest: 'comments list',
  postCommentReplyInChangeRequest: 'comments replies list',
  importGitRepository: 'spaces pages',
  exportToGitRepository: 'git info',
  createOrganizationSAMLProvider: 'sso saml list',
  createTranslation: 'translations list',
  runTranslation: 'translations get',
  transferCollection: 'collections get',
  createCollection: 'collections list',
  createOpenAPISpec: 'openapi list',
};
