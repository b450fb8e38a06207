import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { changeRequests } from '../../src/api/operations/change-requests.js';
import { registerSecret } from '../../src/api/redact.js';
import { debugSink } from '../../src/cli/debug.js';

const TOKEN = 'tok_debug_trace_0123456789';

describe('--debug trace', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    // Echoes the Authorization header back, the worst case for a trace.
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo-authorization': String(req.headers.authorization) });
      res.end(
        JSON.stringify({
          id: 'cr_1',
          number: 1,
          status: 'open',
          subject: `seen ${req.headers.authorization}`,
          createdAt: 'x',
          updatedAt: 'x',
          revision: 'r',
          revisionInitial: 'r',
          comments: 0,
          outdated: false,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('traces the request and response without the token', async () => {
    registerSecret(TOKEN);
    let trace = '';
    const client = new DocsClient({ baseUrl, token: TOKEN, debug: debugSink({ write: (c: string) => (trace += c) }) });
    await client.call(changeRequests.get, { spaceId: 'sp', changeRequestId: '1' });
    await client.close();
    expect(trace).toContain('GET');
    expect(trace).toContain('/v1/spaces/sp/change-requests/1');
    expect(trace).not.toContain(TOKEN);
  });

  it('redacts what reaches the sink even if a line carries the raw secret', () => {
    registerSecret(TOKEN);
    let out = '';
    const sink = debugSink({ write: (c: string) => (out += c) });
    sink(`> GET https://user:pw@host/v1/orgs authorization: Bearer ${TOKEN}`);
    sink(`< 200 {"token":"${TOKEN}"}`);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain('user:pw');
    expect(out.trimEnd().split('\n')).toHaveLength(2);
  });
});
