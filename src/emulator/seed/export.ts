import { DocsClient } from '../../api/client.js';
import { startEmulator } from '../server.js';
import { listTokens } from './index.js';
import { pullOrganization } from './pull.js';

type Doc = Record<string, unknown>;

export interface SeedFile {
  $comment?: string;
  users: Doc[];
  organizations: Doc[];
}

/** Organizations pulled one after the other into one seed, each user once. */
export async function pullSeed(
  clientFor: (organizationId: string) => DocsClient,
  organizationIds: readonly string[],
  options: { tokens?: Map<string, string[]>; onProgress?: (step: string) => void; signal?: AbortSignal } = {},
): Promise<{ seed: SeedFile; notes: string[] }> {
  const users = new Map<string, Doc>();
  const organizations: Doc[] = [];
  const notes: string[] = [];
  for (const organizationId of organizationIds) {
    const pulled = await pullOrganization(clientFor(organizationId), {
      organizationId,
      ...(options.tokens ? { tokens: options.tokens } : {}),
      ...(options.onProgress ? { onProgress: (step) => options.onProgress?.(`${organizationId}: ${step}`) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for (const user of pulled.users) if (!users.has(String(user.id))) users.set(String(user.id), user);
    organizations.push(pulled.organization);
    notes.push(...pulled.notes);
  }
  return { seed: { users: [...users.values()], organizations }, notes };
}

/**
 * The state of a data directory as a seed: an emulator is opened on it (on loopback, port 0) and
 * every organization read through the API with one of its admins' tokens. The emulator's own
 * tokens are kept, so the seed starts an emulator the same scripts can call.
 */
export async function exportDataDir(dataDir: string, onProgress?: (step: string) => void): Promise<{ seed: SeedFile; notes: string[] }> {
  const emulator = await startEmulator({ dataDir, port: 0 });
  try {
    const tokens = listTokens(emulator.store);
    const byUser = new Map<string, string[]>();
    for (const t of tokens) if (!byUser.get(t.userId)?.includes(t.token)) byUser.set(t.userId, [...(byUser.get(t.userId) ?? []), t.token]);
    const orgs = [...new Set(tokens.map((t) => t.organization).filter(Boolean))];
    const clients = new Map<string, DocsClient>();
    const clientFor = (organizationId: string) => {
      const admin = tokens.find((t) => t.organization === organizationId && t.role === 'admin');
      if (!admin) throw new Error(`no admin of ${organizationId} has a token in ${dataDir}: its organization cannot be read`);
      const client = clients.get(admin.token) ?? new DocsClient({ baseUrl: emulator.url, token: admin.token });
      clients.set(admin.token, client);
      return client;
    };
    try {
      return await pullSeed(clientFor, orgs, { tokens: byUser, ...(onProgress ? { onProgress } : {}) });
    } finally {
      await Promise.all([...clients.values()].map((c) => c.close()));
    }
  } finally {
    await emulator.close();
  }
}
