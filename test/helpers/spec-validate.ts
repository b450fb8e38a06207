import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { loadSpec, responseSchema, type JsonSchema } from './spec.js';

/**
 * Validation of response bodies against the official spec's success response schemas (ajv), for
 * the emulator's tests. OpenAPI 3.0's `nullable` is turned into JSON Schema (`type: [..., 'null']`,
 * or `anyOf` with null where there is no type), so nullable enums and refs are checked for real.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction | null>();

/** OpenAPI 3.0 `nullable: true` → JSON Schema (a `null` type, or an `anyOf` when there is no `type`). */
export function fromOpenApi(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromOpenApi);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'enum' ? value : fromOpenApi(value);
  if (out.nullable === undefined || typeof out.nullable !== 'boolean') return out;
  const nullable = out.nullable;
  delete out.nullable;
  if (!nullable) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

/** The spec's local `#/components/...` refs, pointed at the components document registered with ajv. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `spec.json${v}` : rebase(v)]),
  );
}

function instance(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    // Spec formats with no checkable syntax.
    for (const name of ['emoji', 'icon']) ajv.addFormat(name, true);
    ajv.addSchema({ components: fromOpenApi(loadSpec().doc.components) }, 'spec.json');
  }
  return ajv;
}

/** The validator of an operation's success response body; null when the operation answers no content. */
export function specValidator(operationId: string): ValidateFunction | null {
  if (!validators.has(operationId)) {
    const schema = responseSchema(operationId);
    validators.set(operationId, schema ? instance().compile(rebase(fromOpenApi(schema)) as JsonSchema) : null);
  }
  return validators.get(operationId) ?? null;
}

/** Why the last validation failed, in one line. */
export function specErrors(validate: ValidateFunction): string {
  return instance().errorsText(validate.errors, { separator: '; ' });
}

/** Problems of `body` as a response of `operationId` (empty when it validates). */
export function specProblems(operationId: string, body: unknown): string[] {
  const validate = specValidator(operationId);
  if (!validate) throw new Error(`${operationId} has no response schema`);
  return validate(body) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`.trim());
}
