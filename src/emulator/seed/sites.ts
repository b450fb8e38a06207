import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { formatIssues } from '../../api/validation.js';
import type { Store } from '../store/store.js';
import type { EmulatorContext } from '../types.js';
import { HttpError } from '../types.js';
import { adaptiveSchemaProblem } from '../domain/adaptive-schema.js';
import { getLiveSpace } from '../domain/sites-deps.js';
import { findSpec, parseDocument, recordSource } from '../domain/openapi.js';
import { addSection, addSiteSpace, createGroup, updateSection } from '../domain/site-structure-edits.js';
import { insertSite, SITE_TYPES, type SiteDoc } from '../domain/sites.js';
import { createTranslation, QUEUED_MS, RUN_MS, settle } from '../domain/translations.js';
import { TRANSLATION_LANGUAGES } from '../../api/schemas/common.js';
import { OpenAPISlugInput } from '../../api/schemas/openapi.js';
import { SeedError } from './schema.js';

/**
 * The sites part of a seed: `sites`, `openapi` and `translations` of an organization. Spaces are
 * named by id (seeded before sites by the content model).
 *
 *   sites: [{ id?, title, type?, visibility?, published?, hostname?, basename?, icon?, agentsContext?,
 *             adaptiveContent?, adaptiveSchema?,
 *             siteSpaces?: [{ id?, space, path?, condition? }],            // root level
 *             sections?: [{ id?, title, space?, siteSpaces?, path?, icon?, description?, condition? }],
 *             sectionGroups?: [{ id?, title, icon?, sections: [...same as sections] }] }]
 *   openapi: [{ slug, text? | url? (file:// only), visibility? }]
 *   translations: [{ id?, space, sourceLanguage?, language, completed? }]
 */

const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'must use letters, digits and _ . : - only');
const Condition = z.string().min(1).max(1024);
const Path = z.string().min(1).max(100);

const SeedSiteSpace = z.strictObject({ id: Id.optional(), space: Id, path: Path.optional(), condition: Condition.optional() });
const SeedSection = z.strictObject({
  id: Id.optional(),
  title: z.string().min(2).max(128),
  /** Shortcut for a section with one site space. */
  space: Id.optional(),
  siteSpaces: z.array(SeedSiteSpace).optional(),
  path: Path.optional(),
  icon: z.string().max(50).optional(),
  description: z.string().max(256).optional(),
  condition: Condition.optional(),
});

export const SeedSite = z.strictObject({
  id: Id.optional(),
  title: z.string().min(2).max(128),
  type: z.enum(SITE_TYPES).optional(),
  visibility: z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']).optional(),
  /** Published as if its visibility had been set (default false). */
  published: z.boolean().optional(),
  hostname: z
    .string()
    .max(512)
    .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/)
    .optional(),
  basename: z.string().min(1).max(100).optional(),
  icon: z
    .union([
      z.strictObject({ icon: z.strictObject({ light: z.url(), dark: z.url() }) }),
      z.strictObject({ emoji: z.string().max(50) }),
      z.null(),
    ])
    .optional(),
  agentsContext: z.enum(['excluded', 'included']).optional(),
  adaptiveContent: z.strictObject({ enabled: z.boolean() }).optional(),
  adaptiveSchema: z.record(z.string(), z.unknown()).optional(),
  siteSpaces: z.array(SeedSiteSpace).optional(),
  sections: z.array(SeedSection).optional(),
  sectionGroups: z
    .array(
      z.strictObject({
        id: Id.optional(),
        title: z.string().min(1).max(100),
        icon: z.string().max(50).optional(),
        sections: z.array(SeedSection),
      }),
    )
    .optional(),
});

export const SeedOpenAPISpec = z
  .strictObject({
    slug: OpenAPISlugInput,
    text: z.string().min(1).optional(),
    /** A file:// URL (seeds are applied synchronously, so nothing is fetched over the network). */
    url: z.url().startsWith('file://').optional(),
    visibility: z.enum(['private', 'public']).optional(),
  })
  .refine((s) => (s.text === undefined) !== (s.url === undefined), { message: 'must have exactly one of text, url' });

export const SeedTranslation = z.strictObject({
  id: Id.optional(),
  space: Id,
  sourceLanguage: z.enum(TRANSLATION_LANGUAGES).optional(),
  language: z.enum(TRANSLATION_LANGUAGES),
  /** Run to completion at seed time (the translated space exists from the start). */
  completed: z.boolean().optional(),
});

function parse<T extends z.ZodType>(schema: T, items: unknown[], at: string): z.output<T>[] {
  return items.map((item, i) => {
    const result = schema.safeParse(item);
    if (!result.success) throw new SeedError(`seed: ${formatIssues(result.error.issues, `${at}.${i}`)}`);
    return result.data;
  });
}

/** Run a step, turning the emulator's API errors into seed errors that say where. */
function step<T>(at: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof HttpError) throw new SeedError(`seed: ${at}: ${err.message}`);
    throw err;
  }
}

type Section = z.output<typeof SeedSection>;

function requireSeedSpace(ctx: EmulatorContext, orgId: string, spaceId: string, at: string): void {
  const space = getLiveSpace(ctx, spaceId);
  if (!space || space.organization !== orgId)
    throw new SeedError(`seed: ${at}: no space "${spaceId}" in this organization (spaces are named by id)`);
}

function seedSection(ctx: EmulatorContext, site: SiteDoc, s: Section, at: string): string {
  const spaces = [...(s.space ? [{ space: s.space }] : []), ...(s.siteSpaces ?? [])];
  const [first, ...rest] = spaces;
  if (!first) throw new SeedError(`seed: ${at}: a section needs a space (space or siteSpaces)`);
  if (s.space) requireSeedSpace(ctx, site.organization, s.space, `${at}.space`);
  (s.siteSpaces ?? []).forEach((ss, i) => requireSeedSpace(ctx, site.organization, ss.space, `${at}.siteSpaces.${i}.space`));
  const section = step(at, () =>
    addSection(ctx, site, {
      spaceId: first.space,
      title: s.title,
      ...(s.id ? { id: s.id } : {}),
      ...(s.path ? { path: s.path } : {}),
      ...(s.icon ? { icon: s.icon } : {}),
      siteSpace: {
        ...('id' in first && first.id ? { id: first.id } : {}),
        ...('path' in first && first.path ? { path: first.path } : {}),
        ...('condition' in first && first.condition ? { condition: first.condition } : {}),
      },
    }),
  );
  if (s.description || s.condition)
    step(at, () =>
      updateSection(ctx, site, section, {
        ...(s.description ? { description: s.description } : {}),
        ...(s.condition ? { condition: s.condition } : {}),
      }),
    );
  rest.forEach((ss, i) => seedSiteSpace(ctx, site, ss, section.id, `${at}.siteSpaces.${i + (s.space ? 0 : 1)}`));
  return section.id;
}

function seedSiteSpace(
  ctx: EmulatorContext,
  site: SiteDoc,
  ss: z.output<typeof SeedSiteSpace>,
  sectionId: string | undefined,
  at: string,
): void {
  requireSeedSpace(ctx, site.organization, ss.space, `${at}.space`);
  step(at, () =>
    addSiteSpace(ctx, site, {
      spaceId: ss.space,
      field: `${at}.space`,
      ...(ss.id ? { id: ss.id } : {}),
      ...(sectionId ? { sectionId } : {}),
      ...(ss.path ? { path: ss.path } : {}),
      ...(ss.condition ? { condition: ss.condition } : {}),
    }),
  );
}

export function seedSites(
  store: Store,
  ctx: EmulatorContext,
  organizationId: string,
  parts: { sites: unknown[]; openapi: unknown[]; translations: unknown[] },
): void {
  parse(SeedSite, parts.sites, 'sites').forEach((input, i) => {
    const at = `sites.${i}`;
    if (input.adaptiveSchema) {
      const problem = adaptiveSchemaProblem(input.adaptiveSchema);
      if (problem) throw new SeedError(`seed: ${at}.adaptiveSchema: ${problem}`);
    }
    if ((input.siteSpaces?.length ?? 0) > 0 && ((input.sections?.length ?? 0) > 0 || (input.sectionGroups?.length ?? 0) > 0)) {
      throw new SeedError(`seed: ${at}: give siteSpaces (root level) or sections, not both`);
    }
    let site = insertSite(ctx, {
      ...(input.id ? { id: input.id } : {}),
      organization: organizationId,
      title: input.title,
      ...(input.type ? { type: input.type } : {}),
      ...(input.visibility ? { visibility: input.visibility } : {}),
      published: input.published ?? false,
      ...(input.hostname ? { hostname: input.hostname } : {}),
      ...(input.basename ? { basename: input.basename } : {}),
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
      ...(input.agentsContext ? { agentsContext: input.agentsContext } : {}),
    });
    const extra: Partial<SiteDoc> = {};
    if (input.adaptiveContent) extra.adaptiveContent = input.adaptiveContent;
    if (input.adaptiveSchema) extra._adaptiveSchema = { jsonSchema: input.adaptiveSchema, updatedAt: ctx.now().toISOString() };
    if (Object.keys(extra).length > 0) site = store.patch<SiteDoc>('site', site.id, extra) as SiteDoc;
    (input.siteSpaces ?? []).forEach((ss, j) => seedSiteSpace(ctx, site, ss, undefined, `${at}.siteSpaces.${j}`));
    (input.sections ?? []).forEach((s, j) => seedSection(ctx, site, s, `${at}.sections.${j}`));
    (input.sectionGroups ?? []).forEach((g, j) => {
      const ids = g.sections.map((s, k) => seedSection(ctx, site, s, `${at}.sectionGroups.${j}.sections.${k}`));
      step(`${at}.sectionGroups.${j}`, () =>
        createGroup(ctx, site, { title: g.title, ...(g.id ? { id: g.id } : {}), ...(g.icon ? { icon: g.icon } : {}), sections: ids }),
      );
    });
  });

  parse(SeedOpenAPISpec, parts.openapi, 'openapi').forEach((input, i) => {
    const at = `openapi.${i}`;
    if (findSpec(ctx, organizationId, input.slug)) throw new SeedError(`seed: ${at}.slug: "${input.slug}" is used twice`);
    let text = input.text;
    if (input.url) {
      try {
        text = readFileSync(fileURLToPath(input.url), 'utf8');
      } catch (err) {
        throw new SeedError(`seed: ${at}.url: cannot read ${input.url} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      }
    }
    const doc = parseDocument(text ?? '');
    if (doc === undefined) throw new SeedError(`seed: ${at}: not an OpenAPI document (JSON or YAML with an "openapi" or "swagger" field)`);
    const name = input.url
      ? (input.url.split('/').pop() ?? 'openapi.json')
      : (text ?? '').trim().startsWith('{')
        ? 'openapi.json'
        : 'openapi.yaml';
    const spec = recordSource(ctx, organizationId, input.slug, undefined, {
      ok: true,
      filesystem: { [name]: doc },
      ...(input.url ? { url: input.url } : {}),
    });
    if (input.visibility) store.patch<typeof spec>('openapiSpec', spec.id, { visibility: input.visibility });
  });

  parse(SeedTranslation, parts.translations, 'translations').forEach((input, i) => {
    const at = `translations.${i}`;
    requireSeedSpace(ctx, organizationId, input.space, `${at}.space`);
    const t = step(at, () =>
      createTranslation(ctx, organizationId, {
        ...(input.id ? { id: input.id } : {}),
        source: { space: input.space, language: input.sourceLanguage ?? 'en' },
        language: input.language,
      }),
    );
    if (input.completed) {
      const started = new Date(ctx.now().getTime() - QUEUED_MS - RUN_MS).toISOString();
      settle(ctx, store.put('translation', { ...t, _runStartedAt: started, createdAt: started, updatedAt: started }));
    }
  });
}
