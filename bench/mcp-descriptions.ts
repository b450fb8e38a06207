/**
 * Writes src/mcp/descriptions.json: for each operation of the table, the OpenAPI document's descriptions
 * of its path parameters, query parameters and top-level request-body properties, kept only where the
 * MCP tool's input schema has a property of that name. `docs mcp` adds them to the tools' input schemas.
 *
 *   node --import tsx bench/mcp-descriptions.ts <openapi.json> [out.json]
 *
 * Run by hand when the operation table or the OpenAPI document changes; nothing reads the document at
 * build, test or run time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allOperations } from '../src/api/operations/index.js';
import { inputSchema, jsonSchemaOf } from '../src/mcp/catalog.js';

type Json = Record<string, unknown>;

const [specPath, outPath = fileURLToPath(new URL('../src/mcp/descriptions.json', import.meta.url))] = process.argv.slice(2);
if (!specPath) {
  console.error('usage: node --import tsx bench/mcp-descriptions.ts <openapi.json> [out.json]');
  process.exit(2);
}
const spec = JSON.parse(readFileSync(specPath, 'utf8')) as Json;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `#/components/...` → the object there. */
function deref(node: unknown, seen = new Set<string>()): Json | undefined {
  if (!isObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  if (seen.has(ref)) return undefined;
  seen.add(ref);
  let target: unknown = spec;
  for (const part of ref.replace(/^#\//, '').split('/')) target = isObject(target) ? target[part] : undefined;
  return deref(target, seen);
}

/**
 * A description made fit for a field: its first paragraph without the bullet list that may follow (the
 * schema's enum has the values), at most two sentences and about 300 characters.
 */
export function shorten(text: string): string {
  const lines: string[] = [];
  for (const line of text.trim().split('\n')) {
    if (!line.trim()) {
      if (lines.length) break;
      continue;
    }
    if (/^\s*[*-]\s/.test(line)) break;
    lines.push(line.trim());
  }
  const flat = lines.join(' ').replace(/\s+/g, ' ').trim();
  // A sentence ends at . ! or ? before a capital (so "e.g. api" and "i.e. the width" do not end one).
  const sentences = flat.split(/(?<=[.!?])\s+(?=[A-Z`"(])/);
  let out = sentences[0] ?? flat;
  if (sentences[1] && `${out} ${sentences[1]}`.length <= 300) out = `${out} ${sentences[1]}`;
  if (out.length > 300) out = `${out.slice(0, 297).replace(/\s+\S*$/, '')}…`;
  return out.replace(/:$/, '.');
}

/** The description of a schema: its own, else that of what it refers to, else that of an allOf member. */
function describe(node: unknown, depth = 0): string | undefined {
  if (!isObject(node) || depth > 5) return undefined;
  if (typeof node.description === 'string' && node.description.trim()) return node.description;
  if (typeof node.$ref === 'string') return describe(deref(node), depth + 1);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = node[key];
    if (Array.isArray(parts) && parts.length === 1) return describe(parts[0], depth + 1);
  }
  return undefined;
}

/** The top-level properties of a body schema, through $ref, allOf, oneOf and anyOf (first description wins). */
function bodyProperties(node: unknown, into: Map<string, string>, depth = 0): void {
  const schema = deref(node);
  if (!schema || depth > 6) return;
  if (isObject(schema.properties)) {
    for (const [name, prop] of Object.entries(schema.properties)) {
      const text = describe(prop);
      if (text && !into.has(name)) into.set(name, text);
    }
  }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) for (const part of parts) bodyProperties(part, into, depth + 1);
  }
}

const byId = new Map<string, { parameters: unknown[]; requestBody: unknown }>();
for (const item of Object.values(spec.paths as Json)) {
  if (!isObject(item)) continue;
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
  const shared = list(item.parameters);
  for (const [method, op] of Object.entries(item)) {
    if (method === 'parameters' || !isObject(op) || typeof op.operationId !== 'string') continue;
    byId.set(op.operationId, {
      parameters: [...shared, ...list(op.parameters)],
      requestBody: op.requestBody,
    });
  }
}

const out: Record<string, Record<string, string>> = {};
const missing: string[] = [];
let fields = 0;
let withoutText = 0;
const undescribed: string[] = [];
for (const op of allOperations) {
  const found = byId.get(op.id);
  if (!found) {
    missing.push(op.id);
    continue;
  }
  const texts = new Map<string, string>();
  for (const p of found.parameters) {
    const param = deref(p);
    if (!param || (param.in !== 'path' && param.in !== 'query') || typeof param.name !== 'string') continue;
    const text = describe(param) ?? describe(param.schema);
    if (text) texts.set(param.name, text);
  }
  const content = deref(found.requestBody)?.content;
  const json = isObject(content) ? (content['application/json'] ?? Object.values(content)[0]) : undefined;
  if (isObject(json)) bodyProperties(json.schema, texts);

  // Fields the schema describes already (path parameters, `limit`, `cursor`) keep their text.
  const properties = jsonSchemaOf(inputSchema(op)).properties as Record<string, Json>;
  const entry: Record<string, string> = {};
  for (const [name, prop] of Object.entries(properties)) {
    if (typeof prop.description === 'string') continue;
    const text = texts.get(name);
    if (text) entry[name] = shorten(text);
    else {
      withoutText++;
      undescribed.push(`${op.id}.${name}`);
    }
  }
  fields += Object.keys(entry).length;
  if (Object.keys(entry).length) out[op.id] = entry;
}

writeFileSync(outPath, `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `${Object.keys(out).length} of ${allOperations.length} operations, ${fields} fields described, ${withoutText} undescribed fields without a description in the document` +
    (missing.length ? `; not in the document: ${missing.join(', ')}` : ''),
);
if (process.env.VERBOSE) console.log(`without a description: ${undescribed.join(' ')}`);
