import { afterEach, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { operationEntries } from '../../src/mcp/catalog.js';
import { callOperation, paramsOf, type CallContext } from '../../src/mcp/operations.js';
import { sendJson, startServer, type TestServer } from '../helpers/http-server.js';

/**
 * A call's transport, as the CLI's: against a real local server that drops the connection after the
 * first request arrives, a create is not sent again (and the error says it may have been applied),
 * an idempotent edit is. No mock of HTTP: the client sends, the server counts.
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const entry = (id: string) => operationEntries.find((e) => e.op.id === id)!;

function context(url: string): CallContext {
  return {
    client: new DocsClient({ baseUrl: url, token: 'test-token-0123', validateResponses: false }),
    allowDestructive: false,
    maxResultChars: 50_000,
    defaults: {},
    errors: { bin: 'docs', apiUrl: url, apiUrlSource: '--api-url' },
  };
}

const text = (answer: { content: { text: string }[] }) => answer.content.map((c) => c.text).join('\n');
const cr = { object: 'change-request', id: 'cr_1', number: 1, status: 'open', subject: 'Edited' };

describe('a write after a dropped connection', () => {
  it('is not sent again when the operation is not idempotent (a create), and says it may have been applied', async () => {
    server = await startServer((_req, res) => {
      res.socket?.destroy();
    });
    const answer = await callOperation(
      entry('createChangeRequest'),
      { spaceId: 'sp_1', subject: 'New' },
      context(server.url),
      new AbortController().signal,
    );
    expect(answer.isError).toBe(true);
    expect(text(answer)).toContain('may have been applied');
    expect(server.requests).toHaveLength(1);
  });

  it('is sent again when the operation is idempotent (an edit), and answers', async () => {
    server = await startServer((req, res) => {
      if (req.n === 1) res.socket?.destroy();
      else sendJson(res, 200, cr);
    });
    const answer = await callOperation(
      entry('updateChangeRequestById'),
      { spaceId: 'sp_1', changeRequestId: 1, subject: 'Edited' },
      context(server.url),
      new AbortController().signal,
    );
    expect(answer.isError, text(answer)).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ id: 'cr_1', subject: 'Edited' });
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      'PATCH /v1/spaces/sp_1/change-requests/1 {"subject":"Edited"}',
      'PATCH /v1/spaces/sp_1/change-requests/1 {"subject":"Edited"}',
    ]);
  });

  it('a destructive one without --allow-destructive sends nothing but the reads naming its targets', async () => {
    server = await startServer((req, res) =>
      req.path === '/v1/spaces/sp_1'
        ? sendJson(res, 200, { id: 'sp_1', title: 'Guides' })
        : sendJson(res, 200, { id: 'cr_1', number: 4, subject: 'Fix' }),
    );
    const answer = await callOperation(
      entry('mergeChangeRequest'),
      { spaceId: 'sp_1', changeRequestId: 4 },
      context(server.url),
      new AbortController().signal,
    );
    expect(answer.structuredContent).toMatchObject({
      dryRun: true,
      sent: false,
      wouldChange: ['space "Guides"', 'change request #4 "Fix"'],
    });
    expect(server.requests.every((r) => r.method === 'GET')).toBe(true);
  });
});

describe('arguments', () => {
  it('go back to the path, the query and the body; the profile fills a missing space', () => {
    const ctx = { ...context('http://127.0.0.1:9'), defaults: { spaceId: 'sp_default' } };
    expect(paramsOf(entry('updateChangeRequestById'), { changeRequestId: 2, subject: 'S', status: 'draft' }, ctx)).toEqual({
      spaceId: 'sp_default',
      changeRequestId: 2,
      body: { subject: 'S', status: 'draft' },
    });
    expect(paramsOf(entry('listChangeRequestsForSpace'), { spaceId: 'sp', status: 'open', limit: 5 }, ctx)).toEqual({
      spaceId: 'sp',
      query: { status: 'open' },
    });
    expect(() => paramsOf(entry('getSpaceById'), { spaceId: 'sp', body: {} }, ctx)).toThrow(
      'body: unknown argument (getSpaceById takes spaceId, shareKey)',
    );
  });
});
