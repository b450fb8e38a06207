/**
 * How to find a valid id for each kind of object, appended to "not found (404)" errors. `$bin` is
 * the binary name. Add a line when a topic gets a list command.
 */
export const SUBJECT_HINTS: Readonly<Record<string, string>> = {
  organization: 'Check the id with `$bin orgs list`.',
  space: 'Check the id, or the default set with `$bin config get space`.',
  'change request': 'Check the number with `$bin cr list`.',
  collection: 'Check the id with `$bin collections list`.',
  site: 'Check the id with `$bin sites list`.',
  team: 'Check the id with `$bin teams list`.',
  member: 'Check the user id with `$bin members list`.',
  'SAML provider': 'Check the id with `$bin sso saml list`.',
  comment: 'Check the id with `$bin comments list`.',
  'comment reply': 'Check the reply id (in a change request: `$bin comments replies list <comment> --cr <n>`).',
  translation: 'Check the id with `$bin translations list`.',
  'OpenAPI specification': 'Check the slug with `$bin openapi list`.',
  'OpenAPI specification version': 'Check the id with `$bin openapi versions list <slug>`.',
  page: 'Check the id with `$bin spaces pages` (with --cr for a page of a change request).',
  file: 'Check the id with `$bin spaces files` (with --cr for a file of a change request).',
};

export function subjectHint(kind: string, bin: string): string | undefined {
  return SUBJECT_HINTS[kind]?.replaceAll('$bin', bin);
}
