import type { OperationClient } from '../api/request.js';
import { organizations } from '../api/operations/organizations.js';

export interface OrganizationSummary {
  id: string;
  title?: string;
}

/**
 * The organizations the token can see (`GET /v1/orgs`): how login verifies a token, how
 * `auth status` reports access, and how `--org` falls back to the only one visible.
 * Imports its own area of the operation table, not the whole table (src/api/operations/index.ts).
 */
export async function listOrganizations(client: OperationClient, signal?: AbortSignal): Promise<OrganizationSummary[]> {
  const out: OrganizationSummary[] = [];
  for await (const org of client.paginate(organizations.list, {}, { pageSize: 100, max: 1000, signal })) {
    out.push({ id: org.id, ...(typeof org.title === 'string' ? { title: org.title } : {}) });
  }
  return out;
}
