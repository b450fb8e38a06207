import * as z from 'zod';

/**
 * A schema built the first time it is used instead of when its module loads.
 *
 * The contract's schemas are several hundred zod objects, and building them was 20–25 ms of every command's
 * start-up, though a command parses one or two of them. So each schema of this folder, and each operation's own
 * query, body and response, is declared as `lazy(() => z.…)`: a stand-in that builds the schema the first time
 * anything reads from it (a parse, `.shape`, `.optional()`, zod composing it into another schema) and from then on
 * forwards every operation to it. A command builds what it parses and what that is made of, nothing else. Types
 * are the schema's own.
 *
 * The stand-in is a Proxy, not the schema, and zod tells schemas apart by identity in one place: z.toJSONSchema,
 * whose processors look up the schema they were given where it recorded the one it was handed. So a schema built
 * here holds the built schemas, not their stand-ins (`replaceStandIns`), and a JSON Schema is made through
 * `toJSONSchema` below, which does the same for a schema composed elsewhere. Compare stand-ins with each other
 * (every module imports the same one), not with the schema.
 *
 * Stand-ins stay inside src/api: an operation's `query`, `body` and `response` are getters that build the schema
 * on first read and give the plain zod schema (`plain`), so a library user gets `.shape`, `.extend()` and
 * z.toJSONSchema as zod documents them, and a command still builds only the schemas of the operations it reads.
 */
export function lazy<T extends object>(build: () => T): T {
  let schema: T | undefined;
  let building = false;
  const built = (): T => {
    if (schema) return schema;
    if (building) throw new Error('a lazy schema refers to itself while it is built: wrap the reference in z.lazy(() => …)');
    building = true;
    try {
      schema = build();
    } finally {
      building = false;
    }
    replaceStandIns(schema);
    const meta = schema instanceof z.ZodType ? z.globalRegistry.get(schema) : undefined;
    if (meta) {
      // What the schema registered (`.describe()`, `.meta()`) holds for the stand-in too; an id names one schema.
      const { id: _id, ...rest } = meta;
      z.globalRegistry.add(stand as z.ZodType, rest);
    }
    return schema;
  };
  // Node.js's util.inspect (console.log) shows a Proxy's target without asking it: the target shows the schema.
  const target = {
    [Symbol.for('nodejs.util.inspect.custom')]: (_depth: number, options: object, inspect: (value: unknown, options: object) => string) =>
      inspect(built(), options),
  };
  const stand = new Proxy(target as unknown as T, {
    get: (_, key) => {
      const schema = built();
      return Reflect.get(schema, key, schema);
    },
    has: (_, key) => Reflect.has(built(), key),
    set: (_, key, value) => {
      const schema = built();
      return Reflect.set(schema, key, value, schema);
    },
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(built()),
    // The target is an extensible object whose one property is configurable: a property it lacks may only be
    // reported as configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
  builders.set(stand, built);
  return stand;
}

/** Each stand-in's way to its schema. */
const builders = new WeakMap<object, () => object>();

/** The schema behind a stand-in (built if need be); any other value as it is. */
export function unwrap<T>(value: T): T {
  const built = typeof value === 'object' && value !== null ? builders.get(value) : undefined;
  return (built ? built() : value) as T;
}

/**
 * The schema behind a stand-in with no stand-in left anywhere in it, z.lazy's inner types included: a plain zod
 * schema, for whoever reads it (an operation's `query`, `body` and `response`, see defineOperation). Any other
 * value as it is.
 */
export function plain<T>(value: T): T {
  const root = unwrap(value);
  if (typeof root === 'object' && root !== null && isSchema(root)) replaceStandIns(root, true);
  return root;
}

/** z.toJSONSchema of a schema that may hold stand-ins (any schema of the contract, or one composed of them). */
export function toJSONSchema(schema: z.ZodType, params?: z.core.ToJSONSchemaParams): Record<string, unknown> {
  const root = unwrap(schema);
  replaceStandIns(root, true);
  return z.toJSONSchema(root, params);
}

/** Schemas whose definitions hold no stand-in, down to their leaves (and through z.lazy where `throughLazy`). */
const clean = new WeakSet<object>();
const cleanThroughLazy = new WeakSet<object>();

/**
 * Replaces, in place, every stand-in that the definition of `schema` reaches (its shape, options, inner and element
 * types, at any depth) by the schema it stands for. Each stand-in forwards everything to that schema, so only
 * identity changes. A z.lazy's inner type is reached only `throughLazy` (it may be the schema being built).
 */
function replaceStandIns(schema: object, throughLazy = false): void {
  const done = throughLazy ? cleanThroughLazy : clean;
  if (done.has(schema) || !isSchema(schema)) return;
  done.add(schema);
  const internals = schema._zod;
  replaceIn(internals.def, throughLazy);
  // zod copies parts of the definition onto the schema (an array's `element`, a union's `options`).
  replaceIn(schema, throughLazy, ['_zod', 'def']);
  const inner = throughLazy && internals.def.type === 'lazy' ? (internals as { innerType?: object }).innerType : undefined;
  if (inner) {
    const innerSchema = unwrap(inner);
    if (innerSchema !== inner) {
      Object.defineProperty(internals, 'innerType', { value: innerSchema, configurable: true, writable: true });
      // zod keeps the inner type it resolved on the definition too, for the clones of the z.lazy (`.optional()`).
      const def = internals.def as { _cachedInner?: unknown };
      if (def._cachedInner === inner) def._cachedInner = innerSchema;
    }
    replaceStandIns(innerSchema, throughLazy);
  }
}

/** The data properties of a definition, or of an array or plain object in it (a shape, a list of options). */
function replaceIn(container: object, throughLazy: boolean, skip: readonly string[] = []): void {
  for (const key of Object.keys(container)) {
    if (skip.includes(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(container, key);
    // A shape built by `.extend()` or `.pick()` is a getter until first read: reading it settles it.
    const value: unknown = descriptor && 'value' in descriptor ? descriptor.value : (container as Record<string, unknown>)[key];
    if (typeof value !== 'object' || value === null) continue;
    if (builders.has(value)) {
      const schema = unwrap(value);
      Object.defineProperty(container, key, { value: schema, configurable: true, enumerable: true, writable: true });
      replaceStandIns(schema, throughLazy);
    } else if (isSchema(value)) {
      replaceStandIns(value, throughLazy);
    } else if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) {
      replaceIn(value, throughLazy);
    }
  }
}

function isSchema(value: object): value is z.ZodType {
  return '_zod' in value && typeof (value as { _zod?: { def?: unknown } })._zod?.def === 'object';
}
