import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { inputSchema, jsonSchemaOf, operationEntries, TOOLSETS } from '../../src/mcp/catalog.js';
import { FIELD_DESCRIPTIONS, withFieldDescriptions } from '../../src/mcp/descriptions.js';
import { createMcpServer } from '../../src/mcp/server.js';

/**
 * The contract's field descriptions in the operation tools' input schemas: the data file names only
 * fields the tools have (so it cannot drift from the operation table unseen), and tools/list carries them.
 */

type Props = Record<string, { description?: unknown }>;
const byId = new Map(operationEntries.map((e) => [e.op.id, e.op]));
const ownProperties = (id: string): Props => jsonSchemaOf(inputSchema(byId.get(id)!)).properties as Props;

describe('the field descriptions data file', () => {
  it('names only operations of the table, and of each only the properties its tool has and leaves undescribed', () => {
    const ids = Object.keys(FIELD_DESCRIPTIONS);
    expect(ids.length).toBeGreaterThan(60);
    for (const id of ids) {
      expect(byId.has(id), id).toBe(true);
      const props = ownProperties(id);
      for (const [field, text] of Object.entries(FIELD_DESCRIPTIONS[id]!)) {
        expect(Object.keys(props), `${id}.${field}`).toContain(field);
        // A field the schema describes already keeps its own text: an entry for it would never be used.
        expect(props[field]!.description, `${id}.${field}`).toBeUndefined();
        expect(text.trim().length, `${id}.${field}`).toBeGreaterThan(0);
        expect(text.length, `${id}.${field}`).toBeLessThanOrEqual(300);
        expect(text, `${id}.${field}`).not.toMatch(/\n/);
      }
    }
  });

  it('fills in only missing descriptions, and leaves a schema without properties alone', () => {
    const op = byId.get('createChangeRequest')!;
    const schema = { type: 'object', properties: { subject: { type: 'string', description: 'Mine' }, other: {} } };
    withFieldDescriptions(op, schema);
    expect(schema.properties.subject.description).toBe('Mine');
    expect(schema.properties.other).toEqual({});
    expect(withFieldDescriptions(op, { type: 'object' })).toEqual({ type: 'object' });
  });
});

describe('tools/list', () => {
  let client: Client;
  let tools: Map<string, Tool>;
  const props = (name: string): Props => tools.get(name)!.inputSchema.properties as Props;

  beforeAll(async () => {
    const server = createMcpServer({
      client: new DocsClient({ baseUrl: 'http://127.0.0.1:9', token: 'test-token-0123', validateResponses: false }),
      allowDestructive: false,
      maxResultChars: 50_000,
      defaults: {},
      errors: { bin: 'docs', apiUrl: 'http://127.0.0.1:9', apiUrlSource: '--api-url' },
      toolsets: TOOLSETS,
      allowWrites: true,
      resourceSpaces: [],
      version: '0.0.0',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
  });
  afterAll(async () => {
    await client?.close();
  });

  it("gives path, query and body fields the contract's descriptions", () => {
    expect(tools.size).toBeGreaterThan(134);
    // A path parameter keeps the catalog's text; the query's shareKey gets the contract's.
    expect(props('getSpaceById').spaceId?.description).toBe('Id of the space');
    expect(props('getSpaceById').shareKey?.description).toMatch(/share key/);
    // A list's query fields, beside its limit and cursor.
    expect(props('listPages').metadata?.description).toMatch(/"git" mutable metadata/);
    expect(props('listPages').computed?.description).toMatch(/content will not be computed/);
    expect(props('listSites').title?.description).toBe('Filter sites by their title');
    // Body fields, through the request body's $ref and allOf.
    expect(props('createChangeRequest').subject?.description).toBe('Subject of the change-request');
    expect(props('updateSiteById').basename?.description).toBe('Basename for the site. For e.g. api');
  });

  it('has every entry of the data file in the listed schemas', () => {
    let count = 0;
    for (const [id, fields] of Object.entries(FIELD_DESCRIPTIONS)) {
      for (const [field, text] of Object.entries(fields)) {
        expect(props(id)[field]?.description, `${id}.${field}`).toBe(text);
        count++;
      }
    }
    expect(count).toBeGreaterThan(150);
  });
});
