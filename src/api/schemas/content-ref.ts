import * as z from 'zod';
import { openEnum } from './common.js';
import { lazy } from './lazy.js';

/** Kinds of `ContentRef`, a relative reference to content (template `contentRefs`, link page `target`, covers). */
export const CONTENT_REF_KINDS = ['file', 'url', 'page', 'anchor', 'user', 'collection', 'space', 'reusable-content', 'openapi'] as const;

/** A ContentRef as sent: one strict shape per kind. */
export const ContentRefInput = lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('file'), file: z.string() }),
    z.strictObject({ kind: z.literal('url'), url: z.string() }),
    z.strictObject({ kind: z.literal('page'), page: z.string(), space: z.string().optional() }),
    z.strictObject({ kind: z.literal('anchor'), anchor: z.string(), space: z.string().optional(), page: z.string().optional() }),
    z.strictObject({ kind: z.literal('user'), user: z.string() }),
    z.strictObject({ kind: z.literal('collection'), collection: z.string() }),
    z.strictObject({ kind: z.literal('space'), space: z.string() }),
    z.strictObject({ kind: z.literal('reusable-content'), reusableContent: z.string(), space: z.string().optional() }),
    z.strictObject({ kind: z.literal('openapi'), spec: z.string() }),
  ]),
);
export type ContentRefInput = z.input<typeof ContentRefInput>;

/** A ContentRef as received: the kind and whichever reference fields it carries. */
export const ContentRef = lazy(() =>
  z.looseObject({
    kind: openEnum(CONTENT_REF_KINDS),
    file: z.string().optional(),
    url: z.string().optional(),
    page: z.string().optional(),
    anchor: z.string().optional(),
    space: z.string().optional(),
    user: z.string().optional(),
    collection: z.string().optional(),
    reusableContent: z.string().optional(),
    spec: z.string().optional(),
  }),
);
export type ContentRef = z.infer<typeof ContentRef>;

/**
 * The fallback branch of a response union discriminated by `key`: any value not in `known`, so a
 * newer server's variants still parse while the known variants keep their required fields.
 */
export function unknownVariant<const K extends string, S extends z.ZodRawShape>(key: K, known: readonly string[], shape: S) {
  const discriminant = z.string().refine((v) => !known.includes(v), { message: `is a known ${key} with missing fields` });
  // The assertion looks unnecessary to the linter, but a computed key widens to an index signature without it.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  return z.looseObject({ ...shape, [key]: discriminant } as S & { [P in K]: typeof discriminant });
}
