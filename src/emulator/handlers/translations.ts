import type { Handlers } from '../types.js';
import {
  createTranslation,
  getTranslation,
  presentTranslation,
  runTranslation,
  settle,
  type TranslationDoc,
} from '../domain/translations.js';

/* Translations of spaces (contract "Translations"); see domain/translations.ts for the run model. */

export const translationHandlers = {
  listTranslations: (req) => {
    const { ctx } = req;
    const result = ctx.store.list<TranslationDoc>('translation', {
      parent: req.params.organizationId,
      page: req.query.page,
      limit: req.query.limit,
    });
    return { status: 200, body: { ...result, items: result.items.map((t) => presentTranslation(ctx, req.caller, settle(ctx, t))) } };
  },
  createTranslation: (req) => {
    const t = createTranslation(req.ctx, req.params.organizationId, req.body);
    return { status: 201, body: presentTranslation(req.ctx, req.caller, t) };
  },
  getTranslation: (req) => ({
    status: 200,
    body: presentTranslation(req.ctx, req.caller, getTranslation(req.ctx, req.params.organizationId, req.params.translationId)),
  }),
  updateTranslation: (req) => {
    const t = getTranslation(req.ctx, req.params.organizationId, req.params.translationId);
    const next = req.ctx.store.put('translation', { ...t, instructions: req.body.instructions, updatedAt: req.ctx.now().toISOString() });
    return { status: 200, body: presentTranslation(req.ctx, req.caller, next) };
  },
  deleteTranslation: (req) => {
    const t = req.ctx.store.get<TranslationDoc>('translation', req.params.translationId);
    if (t && t.organization === req.params.organizationId) req.ctx.store.delete('translation', t.id);
    return { status: 204 };
  },
  runTranslation: (req) => {
    runTranslation(req.ctx, getTranslation(req.ctx, req.params.organizationId, req.params.translationId));
    return { status: 204 };
  },
} satisfies Partial<Handlers>;
