/**
 * A server that answers `GET /v1/orgs/{org}/members` with pages built in memory beforehand, for the
 * paging bench: a page costs it a lookup and a socket write, so what a paging client's run takes is
 * the client's own work (against the emulator both clients wait on the same SQLite reads and
 * serialisation, which measures the server).
 *
 *   const server = await forkPageServer({ org: 'org_bench', members: 100_000 });
 *   ...; await server.stop();
 *
 * The pages have the emulator's shape (`listMembersInOrganizationById`: `{items, count, next: {page}}`,
 * members newest first, the member and user fields the bench emulator's members have, `next` absent on
 * the last page). Each body is serialised once into a Buffer, on the first request for its cursor and
 * page size, so the warm-up run of a bench pays for it and the timed runs do not. The cursor is the
 * offset in base64url; an unknown one, a `limit` outside 1…1000, another path or a wrong token get the
 * contract's error body, so a client that pages wrongly fails instead of being measured. It runs in
 * its own process (its own event loop and core) and answers on an ephemeral loopback port.
 */
import { fork } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';

export interface PageServerOptions {
  org: string;
  members: number;
  token: string;
}

export interface PageServer {
  url: string;
  /** The item count it was built with. */
  members: number;
  stop(): Promise<void>;
}

const JOINED = Date.parse('2024-10-01T00:00:00.000Z');
const MAX_LIMIT = 1000;

/** The i-th member (0 = first to join), as the bench emulator (bench/members-emulator.ts) fills and presents it. */
export function benchMember(org: string, i: number, size: number, baseUrl: string): Record<string, unknown> {
  const userId = `usr_bench_${org}_${i}`;
  return {
    object: 'member',
    id: userId,
    role: i % 7 === 0 ? 'edit' : 'read',
    user: {
      object: 'user',
      id: userId,
      displayName: `Bench User ${i}`,
      email: `bench${i}@${org}.test`,
      urls: { location: `${baseUrl}/v1/users/${encodeURIComponent(userId)}` },
    },
    disabled: false,
    joinedAt: new Date(JOINED + i * 1000).toISOString(),
    ...(i % 3 === 0 ? { lastSeenAt: new Date(JOINED + ((i * 7919) % size) * 1000).toISOString() } : {}),
    sso: false,
    spaces: 0,
    teams: 0,
  };
}

const cursorOf = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
const offsetOf = (cursor: string): number | undefined => {
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) : undefined;
};

/** The request handler over `members` members of `org` (exported for its test). */
export function pageHandler(options: PageServerOptions, baseUrl: () => string) {
  const { org, members, token } = options;
  const path = `/v1/orgs/${encodeURIComponent(org)}/members`;
  const auth = `Bearer ${token}`;
  // The JSON of each member, built on first use: the newest (index members - 1) comes first.
  const itemJson: string[] = [];
  const item = (position: number): string => {
    let json = itemJson[position];
    if (json === undefined) {
      json = JSON.stringify(benchMember(org, members - 1 - position, members, baseUrl()));
      itemJson[position] = json;
    }
    return json;
  };
  const pages = new Map<string, Buffer>();
  const body = (offset: number, limit: number): Buffer => {
    const key = `${offset}:${limit}`;
    let page = pages.get(key);
    if (!page) {
      const end = Math.min(offset + limit, members);
      const parts: string[] = [];
      for (let p = offset; p < end; p++) parts.push(item(p));
      const next = end < members ? `,"next":{"page":"${cursorOf(end)}"}` : '';
      page = Buffer.from(`{"items":[${parts.join(',')}],"count":${members}${next}}`);
      pages.set(key, page);
    }
    return page;
  };
  const send = (res: ServerResponse, status: number, data: Buffer) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': data.length });
    res.end(data);
  };
  const fail = (res: ServerResponse, status: number, message: string) =>
    send(res, status, Buffer.from(JSON.stringify({ error: { code: status, message } })));

  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://bench');
    if (req.method !== 'GET' || url.pathname !== path) return fail(res, 404, `No route for ${req.method} ${url.pathname}`);
    if (req.headers.authorization !== auth) return fail(res, 401, 'Invalid or missing token');
    const limitText = url.searchParams.get('limit');
    const limit = limitText === null ? 50 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return fail(res, 400, 'query.limit: expected 1 to 1000');
    const cursor = url.searchParams.get('page');
    const offset = cursor === null ? 0 : offsetOf(cursor);
    if (offset === undefined || offset > members) return fail(res, 400, 'query.page: unknown page cursor');
    send(res, 200, body(offset, limit));
  };
}

async function serve(options: PageServerOptions): Promise<void> {
  let url = '';
  const server = createServer(
    { keepAliveTimeout: 10_000 },
    pageHandler(options, () => url),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the page server has no port');
  url = `http://127.0.0.1:${address.port}`;
  process.send!({ url });
  process.once('message', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
  // The bench died (Ctrl-C, a closed pipe): do not outlive it.
  process.once('disconnect', () => process.exit(0));
}

export async function forkPageServer(options: PageServerOptions, execArgv: string[] = ['--import', 'tsx']): Promise<PageServer> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], { execArgv });
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the page server exited with ${code}`)));
  });
  return {
    url: ready.url,
    members: options.members,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

if (process.argv[2] === '--serve') await serve(JSON.parse(process.argv[3] as string) as PageServerOptions);
