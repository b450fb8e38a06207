import { Args, Flags } from '@oclif/core';
import type { AlphabetLowercase, AlphabetUppercase } from '@oclif/core/interfaces';
import type { z } from 'zod';

/*
 * Flags shared by many commands, and flags derived from an operation's zod schemas so that the
 * help text states the contract's bounds and the values accepted. The bounds themselves are
 * enforced by the schemas (client.prepare) before anything is sent; errors name the flag.
 */

export const kebabCase = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

export const spaceFlag = () =>
  Flags.string({ char: 's', description: "Space id (default: the profile's space, see `docs config set space`)", helpValue: '<id>' });

export const orgFlag = () =>
  Flags.string({
    char: 'o',
    description: "Organization id (default: the profile's org, else the only one the token sees)",
    helpValue: '<id>',
  });

export const yesFlag = () => Flags.boolean({ char: 'y', description: 'Do not ask for confirmation (required without a terminal)' });

export const dryRunFlag = () => Flags.boolean({ description: 'Print the request (method, URL, body) and send nothing' });

export const DEFAULT_LIMIT = 30;
/** With --all, pages as large as the contract allows (MAX_PAGE_SIZE of src/api/schemas/common.ts, not imported: it loads zod). */
export const ALL_PAGE_SIZE = 1000;

/** `--limit` (default 30, the page size with --all) and `--all` (stream every page). */
export const listFlags = () => ({
  limit: Flags.integer({
    char: 'L',
    description: `Maximum number of items to show (default ${DEFAULT_LIMIT}); with --all, the page size (default and most: ${ALL_PAGE_SIZE})`,
    helpValue: '<n>',
  }),
  all: Flags.boolean({ description: 'Fetch every page, streaming as pages arrive (one JSON object per line with --json)' }),
});

export const changeRequestArg = () => Args.string({ description: 'Change request id or number', required: true });

/* ---------- schema introspection ---------- */

export interface FieldShape {
  kind: 'string' | 'enum' | 'number' | 'boolean' | 'other';
  min?: number;
  max?: number;
  int?: boolean;
  values?: string[];
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

/** What a schema field accepts, looking through optional/nullable/default and the query helpers' unions. */
export function fieldShape(schema: z.ZodType): FieldShape {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return def.innerType ? fieldShape(def.innerType) : { kind: 'other' };
    case 'pipe': {
      // qNumber: union(number, numeric string) piped into the bounded number.
      const out = def.out ? fieldShape(def.out) : { kind: 'other' as const };
      return out.kind === 'other' && def.in ? fieldShape(def.in) : out;
    }
    case 'union': {
      const shapes = (def.options ?? []).map(fieldShape);
      return shapes.find((s) => s.kind === 'boolean') ?? shapes.find((s) => s.kind !== 'other') ?? { kind: 'other' };
    }
    case 'string': {
      const s = schema as z.ZodString;
      return { kind: 'string', min: s.minLength ?? undefined, max: s.maxLength ?? undefined };
    }
    case 'enum':
      return { kind: 'enum', values: (schema as unknown as { options: string[] }).options };
    case 'number': {
      const n = schema as z.ZodNumber;
      const bound = (v: number | null | undefined) =>
        v === null || v === undefined || !Number.isFinite(v) || Math.abs(v) >= Number.MAX_SAFE_INTEGER ? undefined : v;
      return { kind: 'number', min: bound(n.minValue), max: bound(n.maxValue), int: n.isInt };
    }
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'other' };
  }
}

/** The field `name` of an object schema (body or query), or a clear programming error. */
export function schemaField(schema: z.ZodType | undefined, name: string): z.ZodType {
  const shape = schema ? (schema as unknown as { shape?: Record<string, z.ZodType> }).shape : undefined;
  const field = shape?.[name];
  if (!field) throw new Error(`the schema has no field "${name}"`);
  return field;
}

/** "at most 100 characters", "1-100 characters", "0-1000" — appended to flag descriptions. */
export function describeBounds(shape: FieldShape): string | undefined {
  const unit = shape.kind === 'string' ? ' characters' : '';
  const { min, max } = shape;
  if (min !== undefined && max !== undefined) return `${min}-${max}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  if (min !== undefined && !(shape.kind === 'string' && min === 1)) return `at least ${min}${unit}`;
  return undefined;
}

interface FieldFlagProps {
  description: string;
  char?: AlphabetLowercase | AlphabetUppercase;
  required?: boolean;
  helpValue?: string;
}

function withBounds(description: string, shape: FieldShape): string {
  const bounds = describeBounds(shape);
  return bounds ? `${description} (${bounds})` : description;
}

/**
 * Flags made from a body or query field of an operation: the help states the contract's bound,
 * enums become `options`. Example: `field.string(changeRequests.update.body, 'subject', {description: 'New subject'})`
 * → `--subject` described as "New subject (at most 100 characters)".
 */
export const field = {
  string(schema: z.ZodType | undefined, name: string, props: FieldFlagProps) {
    const shape = fieldShape(schemaField(schema, name));
    return Flags.string({ ...props, description: withBounds(props.description, shape), helpValue: props.helpValue ?? '<text>' });
  },
  option(schema: z.ZodType | undefined, name: string, props: FieldFlagProps) {
    const shape = fieldShape(schemaField(schema, name));
    if (!shape.values) throw new Error(`field "${name}" is not an enum`);
    return Flags.string({ ...props, options: shape.values });
  },
  integer(schema: z.ZodType | undefined, name: string, props: FieldFlagProps) {
    const shape = fieldShape(schemaField(schema, name));
    // Bounds are left to the schema so the message reads `--limit must be at most 1000`.
    return Flags.integer({ ...props, description: withBounds(props.description, shape), helpValue: props.helpValue ?? '<n>' });
  },
  boolean(schema: z.ZodType | undefined, name: string, props: Omit<FieldFlagProps, 'helpValue'>) {
    schemaField(schema, name);
    return Flags.boolean({ ...props, allowNo: true });
  },
};

/**
 * The body or query object for a schema, from the flags named after its fields (`subject` →
 * `--subject`, `agentTaskId` → `--agent-task-id`). Unset flags are left out.
 */
export function fieldsFromFlags(schema: z.ZodType | undefined, flags: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const shape = schema ? ((schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {}) : {};
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(shape)) {
    const value = flags[kebabCase(name)];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** `--cr`: work on a change request (id or number) of the space instead of the space itself; `what` is what is read or changed there. */
export const crFlag = (what: 'content' | 'comments' = 'content') =>
  Flags.string({ description: `Use this change request's ${what} instead of the space's`, helpValue: '<id|number>' });
