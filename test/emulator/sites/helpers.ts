import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { expect } from 'vitest';
import { DEMO, startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { type JsonSchema, loadSpec, responseSchema } from '../../helpers/spec.js';

export { DEMO };

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface SitesWorld {
  emu: RunningEmulator;
  /** Move the emulator's clock. */
  advance(ms: number): void;
  call<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>>;
  /** Paths under /v1/orgs/{org}. */
  org: string;
  close(): Promise<void>;
}

/** The emulator with the demo seed, on a free port, with a clock the test moves. */
export async function startWorld(): Promise<SitesWorld> {
  let now = Date.parse('2026-03-01T10:00:00.000Z');
  const emu = await startEmulator({ port: 0, seed: 'demo', clock: () => new Date(now) });
  return {
    emu,
    advance: (ms) => {
      now += ms;
    },
    org: `/v1/orgs/${DEMO.org}`,
    async call(method, path, body, token = DEMO.tokens.admin) {
      const res = await fetch(`${emu.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
    close: () => emu.close(),
  };
}

/** Expect an error answer naming `fragment` in its message. */
export function expectError(answer: Answer, status: number, fragment?: string | RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body?.error?.code).toBe(status);
  if (fragment !== undefined) expect(answer.body.error.message).toMatch(fragment);
}

const validators = new Map<string, ValidateFunction>();
let ajv: Ajv | undefined;

function validator(operationId: string): ValidateFunction {
  let fn = validators.get(operationId);
  if (fn) return fn;
  if (!ajv) {
    const components = structuredClone(loadSpec().doc.components) as JsonSchema;
    // OpenAPI 3.0's `nullable` next to a `$ref` (no type) means "anything or null": drop it for JSON Schema.
    (function strip(node: unknown): void {
      if (!node || typeof node !== 'object') return;
      const n = node as JsonSchema;
      if (!Array.isArray(n) && n.nullable && !n.type) delete n.nullable;
      for (const child of Object.values(n)) strip(child);
    })(components);
    ajv = new Ajv({ strict: false, logger: false, allErrors: false });
    formats.default(ajv);
    ajv.addSchema({ $id: 'spec', components });
  }
  const schema = responseSchema(operationId);
  if (!schema) throw new Error(`${operationId} has no response schema`);
  fn = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"spec#/components/')));
  validators.set(operationId, fn);
  return fn;
}

/** Expect a success answer whose body matches the official spec's response schema. */
export function expectSpec<T = any>(answer: Answer<T>, operationId: string, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const validate = validator(operationId);
  const ok = validate(answer.body);
  expect(ok, `${operationId}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  return answer.body;
}
