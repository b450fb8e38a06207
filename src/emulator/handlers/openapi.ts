import type { EmulatorContext, Handlers, RequestBase } from '../types.js';
import { isOpenAPISlug } from '../../api/schemas/openapi.js';
import { badRequest, HttpError } from '../types.js';
import {
  findSpec,
  getSpec,
  getVersion,
  presentContent,
  presentSpec,
  presentVersion,
  readTextSource,
  readUrlSource,
  recordSource,
  removeSpec,
  type OpenAPISpecDoc,
  type OpenAPIVersionDoc,
  type SourceOutcome,
} from '../domain/openapi.js';

/*
 * OpenAPI specifications (contract "OpenAPI specifications"). A slug already taken answers 400 on
 * POST (the spec documents 400 as the only failure of createOpenAPISpec); PUT creates (201) or
 * adds a version (200). Versions list newest first. `latest` works wherever a version id does.
 */

type SpecRequest = RequestBase & { params: { organizationId: string; specSlug: string; versionId?: string } };
type Source = { url?: string; text?: string };

async function readSource(ctx: EmulatorContext, source: Source): Promise<SourceOutcome> {
  if (source.text !== undefined) return readTextSource(source.text);
  if (source.url !== undefined) return readUrlSource(ctx, source.url);
  throw badRequest('body.source: must have exactly one of url, text');
}

const version = (req: SpecRequest): { spec: OpenAPISpecDoc; version: OpenAPIVersionDoc } => {
  const spec = getSpec(req.ctx, req.params.organizationId, req.params.specSlug);
  return { spec, version: getVersion(req.ctx, spec, req.params.versionId ?? 'latest') };
};

export const openapiHandlers = {
  listOpenAPISpecs: (req) => {
    const result = req.ctx.store.list<OpenAPISpecDoc>('openapiSpec', {
      parent: req.params.organizationId,
      page: req.query.page,
      limit: req.query.limit,
    });
    return { status: 200, body: { ...result, items: result.items.map((s) => presentSpec(req.ctx, req.caller, s)) } };
  },
  createOpenAPISpec: async (req) => {
    const { organizationId } = req.params;
    const taken = () => {
      const issue = `an OpenAPI specification "${req.body.slug}" already exists in this organization`;
      // How to update it is said in HTTP terms, for API callers; the field's issue says only what is wrong with it.
      return new HttpError(400, `body.slug: ${issue} (PUT updates it)`, [{ path: ['body', 'slug'], message: issue }]);
    };
    if (findSpec(req.ctx, organizationId, req.body.slug)) throw taken();
    const outcome = await readSource(req.ctx, req.body.source);
    // Checked again: another request may have taken the slug while the source was fetched.
    if (findSpec(req.ctx, organizationId, req.body.slug)) throw taken();
    const spec = recordSource(req.ctx, organizationId, req.body.slug, undefined, outcome);
    return { status: 201, body: presentSpec(req.ctx, req.caller, spec) };
  },
  getOpenAPISpecBySlug: (req) => ({
    status: 200,
    body: presentSpec(req.ctx, req.caller, getSpec(req.ctx, req.params.organizationId, req.params.specSlug)),
  }),
  createOrUpdateOpenAPISpecBySlug: async (req) => {
    const { organizationId, specSlug } = req.params;
    if (!isOpenAPISlug(specSlug)) {
      throw badRequest(
        `specSlug: "${specSlug}" is not a valid slug (lowercase letters and digits separated by single dashes, at most 100 characters)`,
      );
    }
    const outcome = await readSource(req.ctx, req.body.source);
    const existing = findSpec(req.ctx, organizationId, specSlug);
    const spec = recordSource(req.ctx, organizationId, specSlug, existing, outcome);
    return { status: existing ? 200 : 201, body: presentSpec(req.ctx, req.caller, spec) };
  },
  deleteOpenAPISpecBySlug: (req) => {
    removeSpec(req.ctx, req.params.organizationId, req.params.specSlug);
    return { status: 204 };
  },
  updateOpenAPISpecBySlug: (req) => {
    const spec = getSpec(req.ctx, req.params.organizationId, req.params.specSlug);
    const next =
      spec.visibility === req.body.visibility
        ? spec
        : req.ctx.store.put('openapiSpec', { ...spec, visibility: req.body.visibility, updatedAt: req.ctx.now().toISOString() });
    return { status: 200, body: presentSpec(req.ctx, req.caller, next) };
  },
  listOpenAPISpecVersions: (req) => {
    const spec = getSpec(req.ctx, req.params.organizationId, req.params.specSlug);
    const result = req.ctx.store.list<OpenAPIVersionDoc>('openapiVersion', {
      parent: spec.id,
      order: 'desc',
      page: req.query.page,
      limit: req.query.limit,
    });
    return { status: 200, body: { ...result, items: result.items.map((v) => presentVersion(req.ctx, spec, v)) } };
  },
  getLatestOpenAPISpecVersion: (req) => {
    const found = version(req);
    return { status: 200, body: presentVersion(req.ctx, found.spec, found.version) };
  },
  getLatestOpenAPISpecVersionContent: (req) => ({ status: 200, body: presentContent(version(req).version) }),
  getOpenAPISpecVersionById: (req) => {
    const found = version(req);
    return { status: 200, body: presentVersion(req.ctx, found.spec, found.version) };
  },
  getOpenAPISpecVersionContentById: (req) => ({
    status: 200,
    body: presentContent(version(req).version),
  }),
} satisfies Partial<Handlers>;
