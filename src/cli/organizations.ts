import type { DocsClient } from '../api/client.js';
import { operationsById } from '../api/operations/index.js';
import { ResponseError } from '../api/errors.js';

export interface OrganizationSummary {
  id: string;
  title?: string;
}

const LIST_ORGS = 'listOrganizationsForAuthenticatedUser';

/**
 * The organizations the token can see (`GET /v1/orgs`): how login verifies a token, how
 * `auth status` reports access, and how `--org` falls back to the only one visible.
 * Goes through the operation table; a raw request stands in while the table lacks the entry.
 */
export async function listOrganizations(client: DocsClient, signal?: AbortSignal): Promise<OrganizationSummary[]> {
  const op = operationsById[LIST_ORGS];
  const out: OrganizationSummary[] = [];
  if (op?.paginated) {
    for await (const item of client.paginate(op, {}, { pageSize: 100, max: 1000, signal })) {
      const org = item as { id?: unknown; title?: unknown };
      if (typeof org.id === 'string') out.push({ id: org.id, title: typeof org.title === 'string' ? org.title : undefined });
    }
    return out;
  }
  const res = await client.http.request({ method: 'GET', path: '/v1/orgs', query: { limit: 100 }, signal });
  const items = (res.body as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) throw new ResponseError('GET /v1/orgs: expected a list of organizations', res.status);
  for (const org of items as { id?: unknown; title?: unknown }[]) {
    if (typeof org.id === 'string') out.push({ id: org.id, title: typeof org.title === 'string' ? org.title : undefined });
  }
  return out;
}
