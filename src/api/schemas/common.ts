import * as z from 'zod';
import { lazy } from './lazy.js';

/*
 * Building blocks shared by every resource schema and operation.
 *
 * Two rules:
 * - What we SEND is strict (z.strictObject, closed enums, every bound of the contract).
 * - What we RECEIVE is lenient (z.looseObject keeps unknown keys, `openEnum` accepts new values),
 *   so a newer server never breaks the client.
 */

/** A closed enum for requests. */
export const closedEnum = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** An enum for responses: the known values are documented, any other string still passes. */
export const openEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string()]) as z.ZodType<T[number] | (string & {})>;

export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export const Role = lazy(() => z.enum(ROLES));
/** Role or null (null = guest), for request bodies. */
export const RoleOrGuest = lazy(() => Role.nullable());
export const TEAM_MEMBER_ROLES = ['owner', 'member'] as const;

export const TRANSLATION_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;

export const DateTime = lazy(() => z.string());
export const Url = lazy(() => z.string());

/* ---------- query-string helpers ----------
 * Query schemas are shared by the client (typed values) and the emulator (strings from the URL),
 * so each helper accepts both forms and outputs the typed value.
 */

/** A boolean query parameter: true/false or the strings "true"/"false". */
export const qBool = () => z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A numeric query parameter with bounds: a number or a decimal string. */
export const qNumber = (opts: { min?: number; max?: number; int?: boolean } = {}) => {
  let n = z.number();
  if (opts.int) n = n.int();
  if (opts.min !== undefined) n = n.min(opts.min);
  if (opts.max !== undefined) n = n.max(opts.max);
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
        .transform(Number),
    ])
    .pipe(n);
};

/** An array query parameter (`authors=a&authors=b`); a single value is accepted as a one-item array. */
export const qArray = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), item.transform((v) => [v])]) as unknown as z.ZodType<z.output<T>[], z.input<T> | z.input<T>[]>;

/** Page size: at most 1000 (contract Limits), at least 0 (spec). */
export const MAX_PAGE_SIZE = 1000;
export const pageQuery = lazy(() => ({
  page: z.string().optional(),
  limit: qNumber({ min: 0, max: MAX_PAGE_SIZE, int: true }).optional(),
}));

/** Query schema of a list operation: `page`, `limit` and the extra filters given. */
// The default keeps a call without filters typed as exactly `page` and `limit` (a bare `S` would widen to any key).
export const listQuery = <S extends z.ZodRawShape = Record<never, never>>(extra: S = {} as S) => z.strictObject({ ...pageQuery, ...extra });

/* ---------- response helpers ---------- */

/** The list envelope `{next?: {page}, count?, items}` (contract Conventions 5; spec §4). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    next: z.looseObject({ page: z.string() }).optional().nullable(),
    count: z.number().optional(),
    items: z.array(item),
  });

export type ListEnvelope<T> = { next?: { page: string } | null; count?: number; items: T[] };

/** An object of optional fields named `keys`, each made by `field`; unknown keys pass through. */
const namedFields = <const K extends readonly string[], T extends z.ZodType>(keys: K, field: () => T) =>
  z.looseObject(Object.fromEntries(keys.map((k) => [k, field().optional()])) as { [P in K[number]]: z.ZodOptional<T> });

/** A permissions object: booleans by name; unknown permissions pass through. */
export const permissions = <const K extends readonly string[]>(keys: K) => namedFields(keys, () => z.boolean());

/** A resource's `urls` object: the URLs named, each an optional string; unknown ones pass through. */
export const urlsOf = <const K extends readonly string[]>(keys: K) => namedFields(keys, () => z.string());

/** The fields a resource starts with: `object` names its kind (contract Conventions 3), `id` identifies it. */
export const resourceFields = lazy(() => ({ object: z.string().optional(), id: z.string() }));

/** A resource as received: `resourceFields`, then its own `fields` (built on first use); unknown keys pass through. */
export const resource = <S extends z.ZodRawShape>(fields: () => S) => lazy(() => z.looseObject({ ...resourceFields, ...fields() }));

export const User = resource(() => ({
  displayName: z.string().optional(),
  email: z.string().optional(),
  photoURL: z.string().optional(),
  urls: urlsOf(['location']).optional(),
}));
export type User = z.infer<typeof User>;

/** An empty or absent object: some operations answer `{}`. */
export const AnyObject = lazy(() => z.looseObject({}));
