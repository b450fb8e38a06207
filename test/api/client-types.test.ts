import { describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/index.js';
import { areas } from '../../src/api/operations/index.js';

describe('DocsClient', () => {
  it('derives one method per operation of the table', () => {
    const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });
    for (const [area, ops] of Object.entries(areas)) {
      for (const name of Object.keys(ops)) {
        expect(typeof (client as unknown as Record<string, Record<string, unknown>>)[area]![name]).toBe('function');
      }
    }
  });

  it('rejects a value past a bound before sending, naming the field and the bound', () => {
    const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });
    expect(() =>
      client.prepare(areas.changeRequests.update, { spaceId: 's', changeRequestId: '1', body: { subject: 'x'.repeat(101) } }),
    ).toThrow('body.subject: must be at most 100 characters');
    const ok = client.prepare(areas.changeRequests.update, { spaceId: 's', changeRequestId: '1', body: { subject: 'x'.repeat(100) } });
    expect(ok.url).toBe('http://127.0.0.1:9/v1/spaces/s/change-requests/1');
    expect(() => client.prepare(areas.changeRequests.list, { spaceId: 's', query: { limit: 1001 } })).toThrow('limit: must be at most 1000');
  });

  it('types results from the response schema', async () => {
    const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });
    const typed: () => Promise<{ result: string }> = () => client.changeRequests.merge({ spaceId: 's', changeRequestId: '1' });
    expect(typeof typed).toBe('function');
  });
});
