import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the scripted server saw it (body read in full). */
export interface Received {
  /** 1-based arrival number. */
  n: number;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Script = (req: Received, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface TestServer {
  port: number;
  url: string;
  requests: Received[];
  /** TCP connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  connections: () => number;
  close: () => Promise<void>;
}

/** A real node:http server on an ephemeral loopback port, answering each request with `script`. */
export async function startServer(script: Script, port = 0): Promise<TestServer> {
  const requests: Received[] = [];
  let connections = 0;
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const url = new URL(raw.url ?? '/', 'http://localhost');
      const received: Received = {
        n: requests.length + 1,
        method: raw.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      Promise.resolve(script(received, res, raw)).catch((err: unknown) => {
        res.destroy(err instanceof Error ? err : new Error(String(err)));
      });
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { code: status, message } }, headers);
}

/** A loopback port nobody listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const probe = await startServer(() => undefined);
  await probe.close();
  return probe.port;
}
