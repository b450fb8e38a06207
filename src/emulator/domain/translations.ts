import type { z } from 'zod';
import type { JSONDocument } from '../../api/schemas/comment.js';
import type { Translation } from '../../api/schemas/translation.js';
import type { Caller, EmulatorContext } from '../types.js';
import { badRequest, HttpError } from '../types.js';
import {
  callerRole,
  createSpace,
  flatPages,
  getLiveSpace,
  permissionsFor,
  spacePages,
  writePages,
  type PageInput,
  type PageNode,
} from './sites-deps.js';

/*
 * Translations of a space into another language (contract "Translations").
 *
 * A run starts when the translation is created and on each POST .../run. Its status follows the
 * (injectable) clock, with no timers: `pending` for QUEUED_MS after the start, then `running`
 * until RUN_MS later, then `completed`. A run asked for while another is pending or running
 * replaces it. `stats.runs` counts the runs started.
 *
 * When a run completes, its effect is applied the next time the translation is read or changed
 * (every translation operation settles the translations it touches): the source space's pages are
 * copied into the result space (created on the first run with the target `language`, titled
 * "<source title> (<language>)", in the source's collection; later runs give it a new revision).
 * The emulator does not translate text: the copy keeps the source's words. If the result space
 * was deleted, the next run creates a new one.
 */

export const QUEUED_MS = 2000;
export const RUN_MS = 3000;

export interface TranslationDoc {
  id: string;
  object: 'translation';
  organization: string;
  source: { space: string; language: string };
  language: string;
  instructions: z.input<typeof JSONDocument>;
  createdAt: string;
  updatedAt: string;
  result?: { space: string; revision: string };
  _runs: number;
  _runStartedAt: string;
  /** True once the current run's result was written. */
  _runApplied: boolean;
  _stats: { totalWords: number; totalDuration: number; latestRunDuration: number; latestPages: number; latestWords: number };
  /** Source page ids translated so far (`totalPages` counts unique pages). */
  _pages: string[];
}

export const EMPTY_DOCUMENT = { object: 'document', data: {}, nodes: [] };

export const noTranslation = () => new HttpError(404, 'No matching translation found');

export type TranslationStatus = 'pending' | 'running' | 'completed';

export function statusAt(t: TranslationDoc, now: Date): TranslationStatus {
  const elapsed = now.getTime() - Date.parse(t._runStartedAt);
  if (elapsed < QUEUED_MS) return 'pending';
  return elapsed < QUEUED_MS + RUN_MS ? 'running' : 'completed';
}

export function countWords(markdown: string): number {
  return markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
}

/** Pages as new content: fresh ids in the copy, same titles, slugs and text. */
function copyPages(pages: readonly PageNode[]): PageInput[] {
  return pages.map((page) => ({
    title: page.title,
    slug: page.slug,
    markdown: page.markdown,
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(page.description !== undefined ? { description: page.description } : {}),
    pages: copyPages(page.pages),
  }));
}

/** Apply the current run if it has completed and was not applied yet. */
export function settle(ctx: EmulatorContext, t: TranslationDoc): TranslationDoc {
  if (t._runApplied || statusAt(t, ctx.now()) !== 'completed') return t;
  const next: TranslationDoc = {
    ...t,
    _runApplied: true,
    updatedAt: new Date(Date.parse(t._runStartedAt) + QUEUED_MS + RUN_MS).toISOString(),
  };
  const source = getLiveSpace(ctx, t.source.space);
  const pages = source ? spacePages(ctx, source) : [];
  const flat = flatPages(pages);
  const words = flat.reduce((sum, page) => sum + countWords(`${page.title}\n${page.markdown}`), 0);
  const duration = RUN_MS / 1000;
  next._stats = {
    totalWords: t._stats.totalWords + words,
    totalDuration: t._stats.totalDuration + duration,
    latestRunDuration: duration,
    latestPages: flat.length,
    latestWords: words,
  };
  next._pages = [...new Set([...t._pages, ...flat.map((p) => p.id)])];
  if (source) {
    const existing = t.result ? getLiveSpace(ctx, t.result.space) : undefined;
    if (existing) {
      next.result = { space: existing.id, revision: writePages(ctx, existing, copyPages(pages)) };
    } else {
      const space = createSpace(ctx, {
        organization: t.organization,
        title: `${source.title} (${t.language})`,
        language: t.language,
        ...(source.parent ? { parent: source.parent } : {}),
        pages: copyPages(pages),
      });
      next.result = { space: space.id, revision: space.revision };
    }
  }
  return ctx.store.put('translation', next);
}

export function getTranslation(ctx: EmulatorContext, orgId: string, id: string): TranslationDoc {
  const t = ctx.store.get<TranslationDoc>('translation', id);
  if (!t || t.organization !== orgId) throw noTranslation();
  return settle(ctx, t);
}

export function presentTranslation(ctx: EmulatorContext, caller: Caller, t: TranslationDoc): z.input<typeof Translation> {
  return {
    object: 'translation',
    id: t.id,
    status: statusAt(t, ctx.now()),
    source: t.source,
    language: t.language,
    instructions: t.instructions,
    ...(t.result ? { result: t.result } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    stats: { runs: t._runs, totalPages: t._pages.length, ...t._stats },
    permissions: permissionsFor(callerRole(ctx, caller, t.organization), { view: 'getTranslation', edit: 'updateTranslation' }),
    urls: { location: `${ctx.baseUrl}/v1/orgs/${t.organization}/translations/${t.id}` },
  };
}

export function createTranslation(
  ctx: EmulatorContext,
  orgId: string,
  input: { source: { space: string; language: string }; language: string; instructions?: z.input<typeof JSONDocument>; id?: string },
): TranslationDoc {
  const source = getLiveSpace(ctx, input.source.space);
  if (!source || source.organization !== orgId)
    throw badRequest(`body.source.space: no space "${input.source.space}" in this organization`);
  if (input.language === input.source.language)
    throw badRequest(`body.language: must differ from body.source.language ("${input.language}")`);
  const now = ctx.now().toISOString();
  const doc: TranslationDoc = {
    id: input.id ?? ctx.store.newId('tr'),
    object: 'translation',
    organization: orgId,
    source: { space: source.id, language: input.source.language },
    language: input.language,
    instructions: input.instructions ?? EMPTY_DOCUMENT,
    createdAt: now,
    updatedAt: now,
    _runs: 1,
    _runStartedAt: now,
    _runApplied: false,
    _stats: { totalWords: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
    _pages: [],
  };
  return ctx.store.insert('translation', doc, orgId);
}

/** Start a new run (replacing one still pending or running). */
export function runTranslation(ctx: EmulatorContext, t: TranslationDoc): TranslationDoc {
  if (!getLiveSpace(ctx, t.source.space))
    throw new HttpError(404, `No matching translation source: space "${t.source.space}" no longer exists`);
  const now = ctx.now().toISOString();
  return ctx.store.put('translation', { ...t, _runs: t._runs + 1, _runStartedAt: now, _runApplied: false, updatedAt: now });
}
