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

/**
 * The subject a check command takes as its argument (`cr get 1`), by operation id, and whether it also needs the
 * space (`--space`): the command a failure names is then whole, to copy.
 */
const CHECK_ARGUMENTS: Readonly<Record<string, { kind: string; space?: boolean }>> = {
  mergeChangeRequest: { kind: 'change request', space: true },
  updateChangeRequest: { kind: 'change request', space: true },
  restoreSpace: { kind: 'space' },
  transferSpace: { kind: 'space' },
  transferCollection: { kind: 'collection' },
};

/**
 * The command (without the CLI's name) that shows whether `operation` took effect, with the command's subjects
 * filled in where it takes them: `cr get 1 --space sp_abc`. Undefined when no command shows it.
 */
export function checkCommand(operation: string | undefined, subjects: readonly { kind: string; id: string }[] = []): string | undefined {
  const command = operation ? CHECK_COMMANDS[operation] : undefined;
  if (!command || !operation) return command;
  const wants = CHECK_ARGUMENTS[operation];
  const subject = wants && subjects.findLast((s) => s.kind === wants.kind);
  if (!wants || !subject) return command;
  const space = wants.space ? subjects.findLast((s) => s.kind === 'space') : undefined;
  return `${command} ${subject.id}${space ? ` --space ${space.id}` : ''}`;
}
