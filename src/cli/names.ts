import type { DocsClient } from '../api/client.js';
import { AbortedError } from '../api/errors.js';
import { changeRequests } from '../api/operations/change-requests.js';
import { collections } from '../api/operations/collections.js';
import { members } from '../api/operations/members.js';
import { organizations } from '../api/operations/organizations.js';
import { sites } from '../api/operations/sites.js';
import { spaces } from '../api/operations/spaces.js';
import { teams } from '../api/operations/teams.js';
import { changeRequestLabel } from './format/change-requests.js';

/**
 * What a confirmation calls things: `change request #1 "Document Windows installation"`,
 * `space "Guides"`, not ids alone. Read only when a question is really asked (a terminal, no
 * --yes); a name that cannot be read (no access, a network hiccup) falls back to the id, so a
 * name never stands between the user and the answer the operation itself gives.
 */
export class Names {
  /** The client is made only when a name is read (a dry run may have no token). */
  constructor(
    private readonly makeClient: () => DocsClient,
    private readonly signal: AbortSignal,
  ) {}

  private get client(): DocsClient {
    return this.makeClient();
  }

  private async named(fallback: string, read: () => Promise<string | undefined>): Promise<string> {
    try {
      return (await read()) ?? fallback;
    } catch (err) {
      if (err instanceof AbortedError) throw err;
      return fallback;
    }
  }

  private readonly quoted = (kind: string, title: string | undefined) => (title ? `${kind} "${title}"` : undefined);

  space(spaceId: string): Promise<string> {
    return this.named(`space ${spaceId}`, async () =>
      this.quoted('space', (await this.client.call(spaces.get, { spaceId }, { signal: this.signal })).title),
    );
  }

  changeRequest(spaceId: string, changeRequestId: string): Promise<string> {
    return this.named(`change request ${changeRequestId}`, async () => {
      const cr = await this.client.call(changeRequests.get, { spaceId, changeRequestId }, { signal: this.signal });
      return `change request ${changeRequestLabel(cr)}`;
    });
  }

  organization(organizationId: string): Promise<string> {
    return this.named(`organization ${organizationId}`, async () =>
      this.quoted('organization', (await this.client.call(organizations.get, { organizationId }, { signal: this.signal })).title),
    );
  }

  collection(collectionId: string): Promise<string> {
    return this.named(`collection ${collectionId}`, async () =>
      this.quoted('collection', (await this.client.call(collections.get, { collectionId }, { signal: this.signal })).title),
    );
  }

  site(organizationId: string, siteId: string): Promise<string> {
    return this.named(`site ${siteId}`, async () =>
      this.quoted('site', (await this.client.call(sites.get, { organizationId, siteId }, { signal: this.signal })).title),
    );
  }

  team(organizationId: string, teamId: string): Promise<string> {
    return this.named(`team ${teamId}`, async () =>
      this.quoted('team', (await this.client.call(teams.get, { organizationId, teamId }, { signal: this.signal })).title),
    );
  }

  /** `Ada Lovelace (ada@example.com)`. */
  member(organizationId: string, userId: string): Promise<string> {
    return this.named(userId, async () => {
      const { user } = await this.client.call(members.get, { organizationId, userId }, { signal: this.signal });
      const name = (user as { displayName?: string }).displayName;
      const email = (user as { email?: string }).email;
      return name ? (email ? `${name} (${email})` : name) : email;
    });
  }
}
