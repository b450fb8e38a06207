import { AbortedError } from '../api/errors.js';
import type { Operation, OperationParams, OperationResult } from '../api/operation.js';
import type { OperationClient } from '../api/request.js';
import { changeRequestLabel } from './format/change-requests.js';

/**
 * What a confirmation calls things: `change request #1 "Document Windows installation"`,
 * `space "Guides"`, not ids alone. Read only when a question is really asked (a terminal, no
 * --yes); a name that cannot be read (no access, a network hiccup) falls back to the id, so a
 * name never stands between the user and the answer the operation itself gives. Each name loads its
 * operation's area when it is read, so that every command can have a Names without loading them.
 */
export class Names {
  /** The client is made only when a name is read (a dry run may have no token). */
  constructor(
    private readonly client: () => Pick<OperationClient, 'call'>,
    private readonly signal: AbortSignal,
  ) {}

  private call<O extends Operation>(op: O, params: OperationParams<O>): Promise<OperationResult<O>> {
    return this.client().call(op, params, { signal: this.signal });
  }

  private async named(fallback: string, read: () => Promise<string | undefined>): Promise<string> {
    try {
      return (await read()) ?? fallback;
    } catch (err) {
      if (err instanceof AbortedError) throw err;
      return fallback;
    }
  }

  /** `space "Guides"` from the object's title; `space <id>` when it has none or cannot be read. */
  private titled(kind: string, id: string, read: () => Promise<{ title?: string }>): Promise<string> {
    return this.named(`${kind} ${id}`, async () => {
      const { title } = await read();
      return title ? `${kind} "${title}"` : undefined;
    });
  }

  space(spaceId: string): Promise<string> {
    return this.titled('space', spaceId, async () => this.call((await import('../api/operations/spaces.js')).spaces.get, { spaceId }));
  }

  changeRequest(spaceId: string, changeRequestId: string): Promise<string> {
    return this.named(`change request ${changeRequestId}`, async () => {
      const { changeRequests } = await import('../api/operations/change-requests.js');
      const cr = await this.call(changeRequests.get, { spaceId, changeRequestId });
      return `change request ${changeRequestLabel(cr)}`;
    });
  }

  organization(organizationId: string): Promise<string> {
    return this.titled('organization', organizationId, async () =>
      this.call((await import('../api/operations/organizations.js')).organizations.get, { organizationId }),
    );
  }

  collection(collectionId: string): Promise<string> {
    return this.titled('collection', collectionId, async () =>
      this.call((await import('../api/operations/collections.js')).collections.get, { collectionId }),
    );
  }

  site(organizationId: string, siteId: string): Promise<string> {
    return this.titled('site', siteId, async () =>
      this.call((await import('../api/operations/sites.js')).sites.get, { organizationId, siteId }),
    );
  }

  team(organizationId: string, teamId: string): Promise<string> {
    return this.titled('team', teamId, async () =>
      this.call((await import('../api/operations/teams.js')).teams.get, { organizationId, teamId }),
    );
  }

  /** `Ada Lovelace (ada@example.com)`. */
  member(organizationId: string, userId: string): Promise<string> {
    return this.named(userId, async () => {
      const { members } = await import('../api/operations/members.js');
      const { user } = await this.call(members.get, { organizationId, userId });
      const name = (user as { displayName?: string }).displayName;
      const email = (user as { email?: string }).email;
      return name ? (email ? `${name} (${email})` : name) : email;
    });
  }
}
