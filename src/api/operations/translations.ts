import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { JSONDocumentInput } from '../schemas/comment.js';
import { Translation, TranslationLanguageInput, TranslationSourceInput } from '../schemas/translation.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}/translations' as const;

export const translations = {
  list: defineList({
    id: 'listTranslations',
    path: base,
    summary: 'List the translations of an organization',
    item: Translation,
  }),
  create: defineOperation({
    id: 'createTranslation',
    method: 'POST',
    path: base,
    summary: 'Create a translation of a space into another language',
    body: lazy(() =>
      z.strictObject({
        // The contract makes `source` optional; the spec requires it, and the server checks the spec.
        source: TranslationSourceInput,
        language: TranslationLanguageInput,
        instructions: JSONDocumentInput.optional(),
      }),
    ),
    bodyRequired: true,
    success: [201],
    response: Translation,
  }),
  get: defineOperation({
    id: 'getTranslation',
    method: 'GET',
    path: `${base}/{translationId}`,
    summary: 'Get a translation',
    response: Translation,
  }),
  update: defineOperation({
    id: 'updateTranslation',
    method: 'PUT',
    path: `${base}/{translationId}`,
    summary: 'Replace the instructions of a translation',
    // Required by the spec (the contract lists it without saying).
    body: lazy(() => z.strictObject({ instructions: JSONDocumentInput })),
    bodyRequired: true,
    success: [200],
    response: Translation,
  }),
  delete: defineOperation({
    id: 'deleteTranslation',
    method: 'DELETE',
    path: `${base}/{translationId}`,
    summary: 'Delete a translation',
  }),
  run: defineOperation({
    id: 'runTranslation',
    method: 'POST',
    path: `${base}/{translationId}/run`,
    summary: 'Run a translation again',
    success: [204],
  }),
} as const;
