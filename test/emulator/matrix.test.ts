import { beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { can, operationAccess, resolveTarget, type MinimumRole } from '../../src/emulator/access.js';
import { specErrors, specValidator as validatorFor } from '../helpers/spec-validate.js';
import { DEMO } from './helpers.js';
import { demoSnapshot, loadScenarios, scenarioPath, sendScenario, startScenario } from './scenarios/index.js';

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
  ...ROLES.map((role) => ({ name: role, role: role, token: DEMO.tokens[role], userId: DEMO.users[role] })),
  { name: 'other organization admin', role: undefined, token: DEMO.tokens.otherAdmin, userId: DEMO.users.otherAdmin },
];

/* ---------- the matrix ---------- */

let snapshot: Buffer;
beforeAll(async () => {
  snapshot = await demoSnapshot();
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
  const ok = {
    object: 'member',
    id: 'u',
    role: null,
    user,
    disabled: false,
    joinedAt: '2025-01-01T00:00:00.000Z',
    sso: false,
    spaces: 0,
    teams: 0,
  };
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
  for (const op of operations) {
    const build = builders[op.id];
    if (!build) continue;
    it(`${op.id} (${operationAccess[op.id]})`, async () => {
      const minimum = operationAccess[op.id] as MinimumRole;
      const problems: string[] = [];
      for (const caller of CALLERS) {
        const { emu, world } = await startScenario(snapshot, { userId: caller.userId, token: caller.token });
        const { store } = world;
        try {
          const scenario = await build(world);
          const path = scenarioPath(op, scenario);
          const orgless = resolveTarget(store, op.id, scenario.params).kind === 'none';
          const expected =
            caller.role === undefined
              ? orgless
                ? 'success'
                : 404
              : can(caller.role === 'guest' ? null : caller.role, minimum)
                ? 'success'
                : 403;
          const res = await sendScenario(world, op, scenario, caller.token, path);
          const label = `${caller.name}: ${op.method} ${path} → ${res.status}`;
          if (expected === 'success') {
            if (!op.success.includes(res.status)) {
              problems.push(`${label}, expected ${op.success.join('/')}: ${res.text.slice(0, 300)}`);
              continue;
            }
            const validate = validatorFor(op.id);
            if (validate && res.status !== 204 && res.status !== 205 && !validate(res.body)) {
              problems.push(`${label}: body does not match the spec: ${specErrors(validate).slice(0, 600)}`);
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
