import { ExitCode } from '../api/errors.js';
import { members } from '../api/operations/members.js';
import type { OperationClient } from '../api/request.js';
import { CommandFailure } from './errors.js';

/**
 * A user id from what the user typed: an id is used as is; an e-mail address is looked up among
 * the organization's members (one list call with `search`), or fails with exit 3 saying how to find one.
 */
export async function resolveMember(
  client: () => Pick<OperationClient, 'paginate'>,
  organizationId: string,
  idOrEmail: string,
  options: { signal?: AbortSignal; bin?: string } = {},
): Promise<string> {
  if (!idOrEmail.includes('@')) return idOrEmail;
  const wanted = idOrEmail.toLowerCase();
  const params = { organizationId, query: { search: idOrEmail } };
  for await (const member of client().paginate(members.list, params, { pageSize: 100, max: 1000, signal: options.signal })) {
    if (member.user.email?.toLowerCase() === wanted) return member.id;
  }
  throw new CommandFailure(
    `no member with e-mail "${idOrEmail}" in organization ${organizationId}. Check it with \`${options.bin ?? 'docs'} members list --search ${idOrEmail}\`.`,
    ExitCode.notFound,
  );
}
