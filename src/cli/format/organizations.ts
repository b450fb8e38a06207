import type { Organization } from '../../api/schemas/organization.js';
import type { SearchOrgItem } from '../../api/schemas/search.js';
import type { Columns } from '../output.js';

/** What `docs orgs ...` shows. */

/** A nullable role: null is a guest (contract, Role). */
export const roleLabel = (role: string | null | undefined): string => (role === null ? 'guest' : (role ?? ''));

const yesNo = (value: boolean | undefined): string => (value === undefined ? '' : value ? 'yes' : 'no');

/** `docs orgs list`, `docs orgs by-email-domain`. */
export const organizationColumns: Columns<Organization> = {
  ID: 'id',
  TITLE: 'title',
  TYPE: 'type',
  PLAN: 'plan',
  HOSTNAME: 'hostname',
  CREATED: 'createdAt',
};

/** `docs orgs get`. */
export const organizationFields: Columns<Organization> = {
  ID: 'id',
  Title: 'title',
  Type: 'type',
  'Use case': 'useCase',
  Plan: 'plan',
  Hostname: 'hostname',
  'Custom hostname': 'customHostname',
  'E-mail domains': (org) => org.emailDomains?.join(', '),
  'Default role': (org) => (org.defaultRole === undefined ? '' : roleLabel(org.defaultRole)),
  'Default content': (org) => (org.defaultContent ? `${org.defaultContent.type} ${org.defaultContent.site ?? ''}`.trim() : 'none'),
  SSO: (org) => yesNo(org.sso),
  AI: (org) => yesNo(org.ai),
  'Invite links': (org) => yesNo(org.inviteLinks),
  Trial: (org) => org.trial?.status,
  Blocked: (org) => (org.blocked ? `yes (${org.blocked.reason})` : 'no'),
  Created: 'createdAt',
  URL: (org) => org.urls?.app,
};

/** The key fields printed as one TSV row after `docs orgs edit` when stdout is piped. */
export const organizationRow: Columns<Organization> = { ID: 'id', TITLE: 'title', HOSTNAME: 'hostname' };

/** One matching page of an organization search (the API groups pages by space). */
export interface SearchHit {
  spaceId: string;
  space: string;
  pageId: string;
  page: string;
  path?: string;
  url?: string;
}

/** Flatten the search results, space by space, into one row per matching page, as they arrive. */
export async function* searchHits(items: AsyncIterable<SearchOrgItem>): AsyncGenerator<SearchHit> {
  for await (const space of items) {
    for (const page of space.pages) {
      yield { spaceId: space.id, space: space.title, pageId: page.id, page: page.title, path: page.path, url: page.urls?.app };
    }
  }
}

/** `docs orgs search`: one row per page, the ids last (what `docs spaces page` takes). */
export const searchHitColumns: Columns<SearchHit> = {
  SPACE: 'space',
  PAGE: 'page',
  PATH: 'path',
  'SPACE ID': 'spaceId',
  'PAGE ID': 'pageId',
};
