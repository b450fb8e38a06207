import type { Operation } from '../api/operation.js';
import descriptions from './descriptions.json' with { type: 'json' };

/**
 * The contract's descriptions of each operation's fields (path and query parameters, top-level body
 * properties), from the OpenAPI document, keyed by operationId then field name. Written by
 * bench/mcp-descriptions.ts; test/mcp/descriptions.test.ts checks that every field it names is one of
 * its tool's.
 */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = descriptions;

/**
 * Gives each property of a tool's input JSON Schema that has no description the contract's one, in
 * place (the schema is the tool's own copy, fresh from toJSONSchema). Returns the schema.
 */
export function withFieldDescriptions(op: Operation, schema: Record<string, unknown>): Record<string, unknown> {
  const texts = FIELD_DESCRIPTIONS[op.id];
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (!texts || !props) return schema;
  for (const [name, text] of Object.entries(texts)) {
    const prop = props[name];
    if (prop && typeof prop.description !== 'string') prop.description = text;
  }
  return schema;
}
