/*
 * The visitor schema of a site's adaptive content (contract "Site adaptive schema"; spec
 * `SiteAdaptiveJSONSchema`). The contract describes boolean claims; the spec (and our operation
 * table) also allows string, enumerated string, number, array and nested object claims, so the
 * emulator accepts the same superset the client sends.
 *
 * The router already validates the body against the operation table; this check runs again in
 * the domain so that seeds and direct callers get the same errors, each naming the offending path.
 */

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';

// A type, not an interface, so that it fits the loose response schema (an interface is closed to other keys).
export type TemplateCondition = {
  description: string;
  condition: string;
};

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first problem of a visitor schema, as `jsonSchema.<path>: <what>`; undefined when valid. */
export function adaptiveSchemaProblem(schema: unknown): string | undefined {
  const at = 'jsonSchema';
  if (!isObject(schema)) return `${at}: must be an object`;
  const extra = Object.keys(schema).find((k) => !['$schema', 'type', 'properties', 'additionalProperties'].includes(k));
  if (extra) return `${at}.${extra}: unknown property (allowed: $schema, type, properties, additionalProperties)`;
  if (schema.$schema !== undefined && schema.$schema !== DRAFT_07) return `${at}.$schema: must be "${DRAFT_07}"`;
  if (schema.type !== 'object') return `${at}.type: must be "object"`;
  if (schema.additionalProperties !== false) return `${at}.additionalProperties: must be false`;
  if (!isObject(schema.properties)) return `${at}.properties: must be an object`;
  for (const [name, claim] of Object.entries(schema.properties)) {
    const path = `${at}.properties.${name}`;
    const problem = name === 'unsigned' ? unsignedProblem(claim, path) : claimProblem(claim, path, 0);
    if (problem) return problem;
  }
  return undefined;
}

function unsignedProblem(value: unknown, path: string): string | undefined {
  if (!isObject(value)) return `${path}: must be an object`;
  if (value.type !== 'object') return `${path}.type: must be "object"`;
  if (value.description !== UNSIGNED_DESCRIPTION) return `${path}.description: must be "${UNSIGNED_DESCRIPTION}"`;
  if (value.additionalProperties !== false) return `${path}.additionalProperties: must be false`;
  return propertiesProblem(value, path, 0);
}

function propertiesProblem(value: Json, path: string, depth: number): string | undefined {
  if (!isObject(value.properties)) return `${path}.properties: must be an object`;
  for (const [name, claim] of Object.entries(value.properties)) {
    const problem = claimProblem(claim, `${path}.properties.${name}`, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

const CLAIM_KEYS: Record<string, string[]> = {
  boolean: ['type', 'description'],
  string: ['type', 'description', 'enum'],
  number: ['type', 'description'],
  array: ['type', 'description', 'items'],
  object: ['type', 'description', 'properties', 'additionalProperties'],
};

function claimProblem(claim: unknown, path: string, depth: number): string | undefined {
  if (!isObject(claim)) return `${path}: must be an object`;
  const type = typeof claim.type === 'string' ? claim.type : undefined;
  const allowed = type === undefined ? undefined : CLAIM_KEYS[type];
  if (!allowed || (depth > 8 && type === 'object')) return `${path}.type: must be one of boolean, string, number, array, object`;
  if (typeof claim.description !== 'string') return `${path}.description: required (a string)`;
  const extra = Object.keys(claim).find((k) => !allowed.includes(k));
  if (extra) return `${path}.${extra}: not allowed on a ${type} claim`;
  if (type === 'string' && claim.enum !== undefined && !(Array.isArray(claim.enum) && claim.enum.every((v) => typeof v === 'string'))) {
    return `${path}.enum: must be an array of strings`;
  }
  if (type === 'array') {
    const items = claim.items;
    if (!isObject(items) || !['boolean', 'string', 'number'].includes(String(items.type)))
      return `${path}.items.type: must be one of boolean, string, number`;
    return claimProblem(items, `${path}.items`, depth + 1);
  }
  if (type === 'object') {
    if (claim.additionalProperties !== false) return `${path}.additionalProperties: must be false`;
    return propertiesProblem(claim, path, depth);
  }
  return undefined;
}

/** `visitor.claims.a.b`, with bracket notation for names that are not identifiers. */
function accessor(path: string[]): string {
  return path.reduce((acc, key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${acc}.${key}` : `${acc}[${JSON.stringify(key)}]`), 'visitor.claims');
}

/**
 * Conditions suggested by a (valid) schema: one per boolean claim (`visitor.claims.isBeta`,
 * `visitor.claims.unsigned.isBeta`), one per value of an enumerated string claim, nested objects
 * followed; signed claims before unsigned ones. Free strings, numbers and arrays have no obvious
 * condition and get none.
 */
export function templateConditions(schema: unknown): TemplateCondition[] {
  const out: TemplateCondition[] = [];
  const walk = (properties: unknown, prefix: string[]) => {
    if (!isObject(properties)) return;
    for (const [name, claim] of Object.entries(properties)) {
      if (!isObject(claim)) continue;
      const path = [...prefix, name];
      const description = typeof claim.description === 'string' ? claim.description : name;
      if (claim.type === 'boolean') out.push({ description, condition: accessor(path) });
      else if (claim.type === 'string' && Array.isArray(claim.enum)) {
        for (const value of claim.enum)
          out.push({ description: `${description}: ${String(value)}`, condition: `${accessor(path)} === ${JSON.stringify(value)}` });
      } else if (claim.type === 'object') walk(claim.properties, path);
    }
  };
  if (isObject(schema) && isObject(schema.properties)) {
    // Signed claims first, then the unsigned ones, whatever the key order of the document.
    const { unsigned, ...signed } = schema.properties;
    walk(signed, []);
    if (isObject(unsigned)) walk(unsigned.properties, ['unsigned']);
  }
  return out;
}
