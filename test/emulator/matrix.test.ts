import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { can, operationAccess, resolveTarget, type MinimumRole } from '../../src/emulator/access.js';
import { startEmulator } from '../../src/emulator/server.js';
import { Store } from '../../src/emulator/store/store.js';
import { loadSpec, responseSchema, type JsonSchema } from '../helpers/spec.js';
import { call, DEMO, type Api } from './helpers.js';
import { loadScenarios } from './scenarios/index.js';
import type { World } from './scenarios/types.js';

/*
 * Every operation, called by every demo role and by another organization's admin, on a fresh
 * emulator each time: the roles that meet the access table's minimum succeed (and the body
 * validates against the official spec), the others get 403, the outsider 404.
 * Scenarios (how to call each operation successfully) live in test/emulator/scenarios/*.ts.
 * The one exception to the table, team owners managing their team, is tested in teams.test.ts; the
 * team scenarios use a team without owners.
 */

const builders = await loadScenarios();

const operations = allOperations as readonly Operation[];
const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'] as const;
const CALLERS = [
  ...ROLES.map((role) => ({ name: role, role: role as MinimumRole, token: DEMO.tokens[role], userId: DEMO.users[role] })),
  { name: 'other organization admin', role: undefined, token: DEMO.tokens.otherAdmin, userId: DEMO.users.otherAdmin },
];

/* ---------- response validation against the official spec ---------- */

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
for (const name of ['emoji', 'icon']) ajv.addFormat(name, true);
ajv.addSchema({ components: fromOpenApi(loadSpec().doc.components) }, 'spec.json');

/** OpenAPI 3.0 `nullable: true` → JSON Schema (a `null` type, or an `anyOf` when there is no `type`). */
function fromOpenApi(node: unknown): unknown {
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

/** The spec's local `#/components/...` refs, pointed at the document registered above. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `spec.json${v}` : rebase(v)]));
}

const validators = new Map<string, ValidateFunction | null>();
function validatorFor(id: string): ValidateFunction | null {
  if (!validators.has(id)) {
    const schema = responseSchema(id);
    validators.set(id, schema ? ajv.compile(rebase(fromOpenApi(schema)) as JsonSchema) : null);
  }
  return validators.get(id) ?? null;
}

/* ---------- the matrix ---------- */

let snapshot: Buffer;
beforeAll(async () => {
  const seeded = await startEmulator({ seed: 'demo' });
  snapshot = seeded.store.snapshot();
  await seeded.close();
});

it('every operation has a scenario', () => {
  const missing = operations.map((op) => op.id).filter((id) => !builders[id]);
  expect(missing, `operations without a scenario in test/emulator/scenarios/: ${missing.join(', ')}`).toEqual([]);
});

it('checks responses against the spec for real (required fields, formats, nullable enums)', () => {
  const validate = validatorFor('getOrganizationById')!;
  expect(validate({ id: 'o1' })).toBe(false);
  const member = validatorFor('getMemberInOrganizationById')!;
  const user = { object: 'user', id: 'u', displayName: 'U', urls: { location: 'http://127.0.0.1/v1/users/u' } };
  const ok = { object: 'member', id: 'u', role: null, user, disabled: false, joinedAt: '2025-01-01T00:00:00.000Z', sso: false, spaces: 0, teams: 0 };
  expect(member(ok)).toBe(true);
  expect(member({ ...ok, role: 'owner' })).toBe(false);
  expect(member({ ...ok, joinedAt: 'yesterday' })).toBe(false);
  expect(member({ ...ok, user: { ...user, urls: { location: 'not a uri' } } })).toBe(false);
});

it('scenarios name only operations of the table', () => {
  const ids = new Set(operations.map((op) => op.id));
  expect(Object.keys(builders).filter((id) => !ids.has(id))).toEqual([]);
});

describe('access matrix', () => {
  afterAll(() => validators.clear());

  for (const op of operations) {
    const build = builders[op.id];
    if (!build) continue;
    it(`${op.id} (${operationAccess[op.id]})`, async () => {
      const minimum = operationAccess[op.id] as MinimumRole;
      const problems: string[] = [];
      for (const caller of CALLERS) {
        let now = new Date('2025-06-10T12:00:00.000Z');
        const store = new Store(snapshot);
        const emu = await startEmulator({ store, clock: () => now });
        try {
          const admin: Api = (method, path, options = {}) => call(emu.url, method, path, { token: DEMO.tokens.admin, ...options });
          const world: World = {
            url: emu.url,
            store,
            demo: DEMO,
            caller: { userId: caller.userId, token: caller.token },
            admin,
            now: () => now,
            setNow: (date) => {
              now = date;
            },
          };
          const scenario = await build(world);
          const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
            const value = scenario.params[name];
            if (value === undefined) throw new Error(`${op.id}: the scenario gives no ${name}`);
            return encodeURIComponent(value);
          });
          const orgless = resolveTarget(store, op.id, scenario.params).kind === 'none';
          const expected = caller.role === undefined ? (orgless ? 'success' : 404) : can(caller.role === 'guest' ? null : (caller.role as Exclude<MinimumRole, 'guest'>), minimum) ? 'success' : 403;
          const res = await call(emu.url, op.method, path, {
            token: caller.token,
            ...(scenario.query ? { query: scenario.query } : {}),
            ...(scenario.body !== undefined ? { body: scenario.body } : {}),
          });
          const label = `${caller.name}: ${op.method} ${path} → ${res.status}`;
          if (expected === 'success') {
            if (!op.success.includes(res.status)) {
              problems.push(`${label}, expected ${op.success.join('/')}: ${res.text.slice(0, 300)}`);
              continue;
            }
            const validate = validatorFor(op.id);
            if (validate && res.status !== 204 && res.status !== 205 && !validate(res.body)) {
              problems.push(`${label}: body does not match the spec: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 600)}`);
            }
            if (!validate && res.text !== '') problems.push(`${label}: expected an empty body, got ${res.text.slice(0, 200)}`);
          } else if (res.status !== expected) {
            problems.push(`${label}, expected ${expected}: ${res.text.slice(0, 300)}`);
          } else if (res.body?.error?.code !== expected) {
            problems.push(`${label}: not in the error shape: ${res.text.slice(0, 200)}`);
          }
        } finally {
          await emu.close();
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
