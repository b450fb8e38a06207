import type { z } from 'zod';
import type { OpenAPISpec, OpenAPISpecContent, OpenAPISpecVersion } from '../../api/schemas/openapi.js';
import { publicFields } from './present.js';
import { basename } from 'node:path';
import { createRequire } from 'node:module';
import type { Caller, EmulatorContext } from '../types.js';
import { badRequest, HttpError } from '../types.js';
import { filePath, readBodyCapped, readLocalFile } from '../host.js';
import { callerRole, permissionsFor } from './sites-deps.js';
import { isLoopbackHost } from '../../api/loopback.js';

// yaml is loaded by the first YAML document, not by every emulator start.
const require = createRequire(import.meta.url);
let yaml: typeof import('yaml') | undefined;
const parseYaml = (text: string): unknown => (yaml ??= require('yaml') as typeof import('yaml')).parse(text);

/*
 * OpenAPI specifications of an organization and their versions (contract "OpenAPI
 * specifications"). Docs: `openapiSpec` under the organization, `openapiVersion` under the spec.
 *
 * Sources. `{text}` is parsed at once: text that is not an OpenAPI document is a 400 naming
 * `body.source.text`. `{url}` is fetched the way the service processes it, in the background: the
 * request succeeds and the outcome is recorded on the spec. The emulator reads `file://` URLs and
 * http(s) URLs on loopback (127.0.0.1, ::1, localhost); any other host is recorded as
 * `lastProcessErrorCode: FETCH_ERROR` (it is not reached), a loopback server that does not answer
 * within 5 s as `FETCH_TIMEOUT`, a document that is not OpenAPI as `PARSE_ERROR`. Only a source
 * that was read and parsed makes a new version; `processingState` is `complete` once the outcome
 * is known, which is before the response since the emulator processes synchronously.
 *
 * Version content: `filesystem` maps the file name to the parsed document (JSON or YAML 1.2; an
 * alias that expands past the `yaml` package's limit is a parse error, so a document cannot
 * blow up the store).
 */

export interface OpenAPISpecDoc {
  id: string;
  object: 'openapi-spec';
  organization: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  sourceURL?: string;
  visibility: 'private' | 'public';
  processingState: 'pending' | 'progress' | 'complete';
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
}

export interface OpenAPIVersionDoc {
  id: string;
  object: 'openapi-spec-version';
  spec: string;
  createdAt: string;
  url: string;
  _filesystem: Record<string, unknown>;
}

export const FETCH_TIMEOUT_MS = 5000;

export const noSpec = () => new HttpError(404, 'No matching OpenAPI specification found');
export const noVersion = () => new HttpError(404, 'No matching OpenAPI specification version found');

export function findSpec(ctx: EmulatorContext, orgId: string, slug: string): OpenAPISpecDoc | undefined {
  return ctx.store.find<OpenAPISpecDoc>('openapiSpec', (s) => s.slug === slug, orgId);
}

export function getSpec(ctx: EmulatorContext, orgId: string, slug: string): OpenAPISpecDoc {
  return (
    findSpec(ctx, orgId, slug) ??
    (() => {
      throw noSpec();
    })()
  );
}

/** A version by id, `latest` meaning the spec's last version. */
export function getVersion(ctx: EmulatorContext, spec: OpenAPISpecDoc, versionId: string): OpenAPIVersionDoc {
  const id = versionId === 'latest' ? spec.lastVersion : versionId;
  const version = id ? ctx.store.get<OpenAPIVersionDoc>('openapiVersion', id) : undefined;
  if (!version || version.spec !== spec.id) throw noVersion();
  return version;
}

const specUrl = (ctx: EmulatorContext, spec: OpenAPISpecDoc) => `${ctx.baseUrl}/v1/orgs/${spec.organization}/openapi/${spec.slug}`;

export function presentSpec(ctx: EmulatorContext, caller: Caller, spec: OpenAPISpecDoc): z.input<typeof OpenAPISpec> {
  return {
    ...publicFields(spec, ['organization']),
    permissions: permissionsFor(callerRole(ctx, caller, spec.organization), {
      view: 'getOpenAPISpecBySlug',
      edit: 'createOrUpdateOpenAPISpecBySlug',
    }),
    urls: {
      location: specUrl(ctx, spec),
      app: `${ctx.baseUrl}/app/o/${spec.organization}/openapi/${spec.slug}`,
      ...(spec.visibility === 'public' ? { published: `${ctx.baseUrl}/~openapi/${spec.organization}/${spec.slug}/` } : {}),
    },
  };
}

export function presentVersion(ctx: EmulatorContext, spec: OpenAPISpecDoc, version: OpenAPIVersionDoc): z.input<typeof OpenAPISpecVersion> {
  return {
    object: 'openapi-spec-version',
    id: version.id,
    createdAt: version.createdAt,
    url: version.url,
    urls: { location: `${specUrl(ctx, spec)}/versions/${version.id}` },
  };
}

export const presentContent = (version: OpenAPIVersionDoc): z.input<typeof OpenAPISpecContent> => ({
  filesystem: version._filesystem,
  url: version.url,
});

/* ---------- reading sources ---------- */

export type SourceOutcome =
  | { ok: true; filesystem: Record<string, unknown>; url?: string }
  | { ok: false; code: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR'; url: string };

/** The parsed document, or undefined when the text is not an OpenAPI (or Swagger) document. */
export function parseDocument(text: string): unknown {
  let doc: unknown;
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      doc = JSON.parse(trimmed);
    } catch {
      return undefined;
    }
  } else {
    try {
      doc = parseYaml(text);
    } catch {
      return undefined;
    }
  }
  const isSpec = typeof doc === 'object' && doc !== null && !Array.isArray(doc) && ('openapi' in doc || 'swagger' in doc);
  return isSpec ? doc : undefined;
}

async function fetchText(ctx: EmulatorContext, url: URL): Promise<{ text: string } | { code: 'FETCH_TIMEOUT' | 'FETCH_ERROR' }> {
  if (url.protocol === 'file:') {
    // Under the files root only, like content imports; a refusal is recorded as a fetch error.
    try {
      return { text: Buffer.from(await readLocalFile(ctx.host, filePath(url, 'source.url'), 'source.url')).toString('utf8') };
    } catch {
      return { code: 'FETCH_ERROR' };
    }
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isLoopbackHost(url.hostname)) return { code: 'FETCH_ERROR' };
  // The emulator's own API holds this request's turn: fetching from it would wait on itself.
  if (url.origin === new URL(ctx.baseUrl).origin && url.pathname.startsWith('/v1/')) return { code: 'FETCH_ERROR' };
  try {
    const res = await fetch(url, { signal: AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), ctx.host.signal]), redirect: 'follow' });
    if (!res.ok) return { code: 'FETCH_ERROR' };
    return { text: Buffer.from(await readBodyCapped(res, ctx.host.maxImportBytes, url.href)).toString('utf8') };
  } catch (err) {
    const name = (err as { name?: string })?.name;
    return { code: name === 'TimeoutError' || name === 'AbortError' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR' };
  }
}

export async function readUrlSource(ctx: EmulatorContext, url: string): Promise<SourceOutcome> {
  const parsed = new URL(url);
  const fetched = await fetchText(ctx, parsed);
  if ('code' in fetched) return { ok: false, code: fetched.code, url };
  const doc = parseDocument(fetched.text);
  if (doc === undefined) return { ok: false, code: 'PARSE_ERROR', url };
  const name = basename(parsed.pathname) || 'openapi.json';
  return { ok: true, filesystem: { [name]: doc }, url };
}

export function readTextSource(text: string): SourceOutcome & { ok: true } {
  const doc = parseDocument(text);
  if (doc === undefined) throw badRequest('body.source.text: not an OpenAPI document (JSON or YAML with an "openapi" or "swagger" field)');
  return { ok: true, filesystem: { [text.trim().startsWith('{') ? 'openapi.json' : 'openapi.yaml']: doc } };
}

/* ---------- writing ---------- */

/**
 * Create the spec `slug` (when `existing` is undefined) or record a new source on it, with a new
 * version when the source could be read.
 */
export function recordSource(
  ctx: EmulatorContext,
  orgId: string,
  slug: string,
  existing: OpenAPISpecDoc | undefined,
  outcome: SourceOutcome,
): OpenAPISpecDoc {
  const now = ctx.now().toISOString();
  const spec: OpenAPISpecDoc = existing
    ? { ...existing, updatedAt: now }
    : {
        id: ctx.store.newId('oas'),
        object: 'openapi-spec',
        organization: orgId,
        slug,
        createdAt: now,
        updatedAt: now,
        visibility: 'private',
        processingState: 'complete',
      };
  spec.processingState = 'complete';
  spec.lastProcessedAt = now;
  if (outcome.url) spec.sourceURL = outcome.url;
  else delete spec.sourceURL;
  if (outcome.ok) {
    delete spec.lastProcessErrorCode;
    const id = ctx.store.newId('oasv');
    const url = outcome.url ?? `${ctx.baseUrl}/v1/orgs/${orgId}/openapi/${slug}/versions/${id}/content`;
    ctx.store.insert<OpenAPIVersionDoc>(
      'openapiVersion',
      { id, object: 'openapi-spec-version', spec: spec.id, createdAt: now, url, _filesystem: outcome.filesystem },
      spec.id,
    );
    spec.lastVersion = id;
  } else spec.lastProcessErrorCode = outcome.code;
  return existing ? ctx.store.put('openapiSpec', spec) : ctx.store.insert('openapiSpec', spec, orgId);
}

export function removeSpec(ctx: EmulatorContext, orgId: string, slug: string): void {
  const spec = findSpec(ctx, orgId, slug);
  if (!spec) return;
  for (const version of ctx.store.all('openapiVersion', spec.id)) ctx.store.delete('openapiVersion', version.id);
  ctx.store.delete('openapiSpec', spec.id);
}
