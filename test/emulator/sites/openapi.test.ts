import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/http-server.js';
import { DEMO, expectError, expectSpec, startWorld, type SitesWorld } from './helpers.js';

let w: SitesWorld;
let server: TestServer;
let dir: string;
const PETS = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'ok' } } } } },
};
const PETS_YAML = `# Pets API
openapi: 3.0.3
info:
  title: Pets
  version: "1.0.0"
  description: |
    Line one
    Line two
tags: [pets, "store"]
paths:
  /pets:
    get:
      summary: List pets   # a comment
      parameters:
        - name: limit
          in: query
          required: false
      responses:
        '200':
          description: ok
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docs-openapi-'));
  w = await startWorld({ filesRoot: dir });
  writeFileSync(join(dir, 'pets.json'), JSON.stringify(PETS));
  server = await startServer((req, res) => {
    if (req.path === '/pets.yaml') {
      res.writeHead(200, { 'content-type': 'application/yaml' });
      res.end(PETS_YAML);
    } else if (req.path === '/not-openapi.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"hello": "world"}');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
});
afterAll(async () => {
  await server.close();
  await w.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => `${w.org}/openapi`;
const create = (slug: string, source: unknown, token?: string) => w.call('POST', base(), { slug, source }, token);

describe('createOpenAPISpec', () => {
  it('creates from JSON or YAML text, with a first version holding the parsed document', async () => {
    const spec = expectSpec(await create('pets-json', { text: JSON.stringify(PETS) }), 'createOpenAPISpec', 201);
    expect(spec).toMatchObject({
      object: 'openapi-spec',
      slug: 'pets-json',
      visibility: 'private',
      processingState: 'complete',
      permissions: { view: true, edit: true },
    });
    expect(spec.lastVersion).toBeTypeOf('string');
    expect(spec).not.toHaveProperty('lastProcessErrorCode');
    const content = expectSpec(await w.call('GET', `${base()}/pets-json/versions/latest/content`), 'getLatestOpenAPISpecVersionContent');
    expect(content.filesystem).toEqual({ 'openapi.json': PETS });

    expectSpec(await create('pets-yaml', { text: PETS_YAML }), 'createOpenAPISpec', 201);
    const yaml = (await w.call('GET', `${base()}/pets-yaml/versions/latest/content`)).body.filesystem['openapi.yaml'];
    expect(yaml).toEqual({
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1.0.0', description: 'Line one\nLine two\n' },
      tags: ['pets', 'store'],
      paths: {
        '/pets': {
          get: {
            summary: 'List pets',
            parameters: [{ name: 'limit', in: 'query', required: false }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
  });

  it('fetches file:// and loopback URLs; records what it cannot fetch or parse', async () => {
    const fileUrl = pathToFileURL(join(dir, 'pets.json')).href;
    const fromFile = expectSpec(await create('from-file', { url: fileUrl }), 'createOpenAPISpec', 201);
    expect(fromFile.sourceURL).toBe(fileUrl);
    const version = expectSpec(await w.call('GET', `${base()}/from-file/versions/latest`), 'getLatestOpenAPISpecVersion');
    expect(version.url).toBe(fileUrl);
    expect((await w.call('GET', `${base()}/from-file/versions/${version.id}/content`)).body.filesystem).toEqual({ 'pets.json': PETS });

    const fromHttp = expectSpec(await create('from-http', { url: `${server.url}/pets.yaml` }), 'createOpenAPISpec', 201);
    expect(fromHttp.lastVersion).toBeTypeOf('string');
    expect((await w.call('GET', `${base()}/from-http/versions/latest/content`)).body.filesystem['pets.yaml'].info.title).toBe('Pets');

    const cases: [string, string, string][] = [
      ['remote', 'https://example.com/openapi.json', 'FETCH_ERROR'],
      ['missing-file', pathToFileURL(join(dir, 'nope.json')).href, 'FETCH_ERROR'],
      ['http-404', `${server.url}/gone.json`, 'FETCH_ERROR'],
      ['not-openapi', `${server.url}/not-openapi.json`, 'PARSE_ERROR'],
    ];
    for (const [slug, url, code] of cases) {
      const spec = expectSpec(await create(slug, { url }), 'createOpenAPISpec', 201);
      expect(spec, slug).toMatchObject({ processingState: 'complete', lastProcessErrorCode: code, sourceURL: url });
      expect(spec).not.toHaveProperty('lastVersion');
      expectError(await w.call('GET', `${base()}/${slug}/versions/latest`), 404, 'No matching OpenAPI specification version found');
      expect((await w.call('GET', `${base()}/${slug}/versions`)).body.items).toEqual([]);
    }
  });

  it('refuses bad input', async () => {
    expectError(await create('pets-json', { text: JSON.stringify(PETS) }), 400, /body\.slug.*already exists/);
    expectError(await create('Bad Slug', { text: JSON.stringify(PETS) }), 400, /body\.slug/);
    expectError(await create('s'.repeat(101), { text: JSON.stringify(PETS) }), 400, /body\.slug/);
    expectError(await create('text-only', { text: 'just some words' }), 400, /body\.source\.text/);
    expectError(await create('both', { text: 'x', url: 'https://example.com/a' }), 400, /body\.source/);
    expectError(await create('no-source', undefined), 400, /body\.source/);
    expectError(await create('reader', { text: JSON.stringify(PETS) }, DEMO.tokens.edit), 403);
  });
});

describe('PUT, PATCH, GET, list and delete', () => {
  it('PUT creates (201) then adds versions (200); versions list newest first; latest follows', async () => {
    const first = expectSpec(
      await w.call('PUT', `${base()}/put-me`, { source: { text: JSON.stringify(PETS) } }),
      'createOrUpdateOpenAPISpecBySlug',
      201,
    );
    w.advance(1000);
    const v2doc = { ...PETS, info: { ...PETS.info, version: '2.0.0' } };
    const second = expectSpec(
      await w.call('PUT', `${base()}/put-me`, { source: { text: JSON.stringify(v2doc) } }),
      'createOrUpdateOpenAPISpecBySlug',
      200,
    );
    expect(second.id).toBe(first.id);
    expect(second.lastVersion).not.toBe(first.lastVersion);
    expect(second.updatedAt > first.updatedAt).toBe(true);
    const versions = expectSpec(await w.call('GET', `${base()}/put-me/versions`), 'listOpenAPISpecVersions');
    expect(versions.items.map((v: { id: string }) => v.id)).toEqual([second.lastVersion, first.lastVersion]);
    expect(expectSpec(await w.call('GET', `${base()}/put-me/versions/latest`), 'getLatestOpenAPISpecVersion').id).toBe(second.lastVersion);
    const old = expectSpec(
      await w.call('GET', `${base()}/put-me/versions/${first.lastVersion}/content`),
      'getOpenAPISpecVersionContentById',
    );
    expect(old.filesystem['openapi.json'].info.version).toBe('1.0.0');
    expect(expectSpec(await w.call('GET', `${base()}/put-me/versions/${first.lastVersion}`), 'getOpenAPISpecVersionById').id).toBe(
      first.lastVersion,
    );
    // A failed fetch keeps the last good version and records the error; a later success clears it.
    const failed = expectSpec(
      await w.call('PUT', `${base()}/put-me`, { source: { url: 'https://example.com/x.json' } }),
      'createOrUpdateOpenAPISpecBySlug',
    );
    expect(failed).toMatchObject({ lastVersion: second.lastVersion, lastProcessErrorCode: 'FETCH_ERROR' });
    const fixed = expectSpec(
      await w.call('PUT', `${base()}/put-me`, { source: { text: JSON.stringify(PETS) } }),
      'createOrUpdateOpenAPISpecBySlug',
    );
    expect(fixed).not.toHaveProperty('lastProcessErrorCode');
    expect(fixed).not.toHaveProperty('sourceURL');
    expectError(await w.call('PUT', `${base()}/put-me`, {}), 400, /body\.source/);
    expectError(await w.call('PUT', `${base()}/Not_A_Slug`, { source: { text: JSON.stringify(PETS) } }), 400, /specSlug/);
  });

  it('PATCH sets visibility; get, list and 404s', async () => {
    const path = `${base()}/pets-json`;
    const pub = expectSpec(await w.call('PATCH', path, { visibility: 'public' }), 'updateOpenAPISpecBySlug');
    expect(pub.visibility).toBe('public');
    expect(pub.urls.published).toMatch(/^http/);
    const priv = expectSpec(await w.call('PATCH', path, { visibility: 'private' }), 'updateOpenAPISpecBySlug');
    expect(priv.urls).not.toHaveProperty('published');
    expectError(await w.call('PATCH', path, { visibility: 'secret' }), 400, /body\.visibility/);
    expectError(await w.call('PATCH', path, {}), 400, /body\.visibility/);
    expectError(await w.call('PATCH', `${base()}/nope`, { visibility: 'public' }), 404, 'No matching OpenAPI specification found');

    const read = expectSpec(await w.call('GET', path, undefined, DEMO.tokens.read), 'getOpenAPISpecBySlug');
    expect(read.permissions).toEqual({ view: true, edit: false });
    expectError(await w.call('GET', `${base()}/nope`), 404, 'No matching OpenAPI specification found');
    expectError(await w.call('GET', `${base()}/nope/versions`), 404, 'No matching OpenAPI specification found');
    expectError(await w.call('GET', `${path}/versions/oasv_nope`), 404, 'No matching OpenAPI specification version found');
    expectError(await w.call('GET', `${path}/versions/oasv_nope/content`), 404, 'No matching OpenAPI specification version found');

    const all = expectSpec(await w.call('GET', `${base()}?limit=2`), 'listOpenAPISpecs');
    expect(all.items).toHaveLength(2);
    const rest = (await w.call('GET', `${base()}?limit=1000&page=${all.next.page}`)).body;
    expect(all.count).toBe(all.items.length + rest.items.length);
    expect(rest.items.map((s: { slug: string }) => s.slug)).toContain('put-me');
  });

  it('deletes a spec and its versions, 204 every time', async () => {
    const spec = expectSpec(await create('to-delete', { text: JSON.stringify(PETS) }), 'createOpenAPISpec', 201);
    expectError(await w.call('DELETE', `${base()}/to-delete`, undefined, DEMO.tokens.create), 403);
    for (let i = 0; i < 2; i++) expect((await w.call('DELETE', `${base()}/to-delete`)).status).toBe(204);
    expectError(await w.call('GET', `${base()}/to-delete`), 404);
    expect(w.emu.store.get('openapiVersion', spec.lastVersion)).toBeUndefined();
    // The slug is free again.
    expectSpec(await create('to-delete', { text: JSON.stringify(PETS) }), 'createOpenAPISpec', 201);
  });
});
