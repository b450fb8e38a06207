import { beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { specErrors, specValidator as validatorFor } from '../helpers/spec-validate.js';
import { expectedAccess, roleMayCall, type AccessRule, type Role } from './expected-access.js';
import { DEMO } from './helpers.js';
import { demoSnapshot, loadScenarios, scenarioPath, sendScenario, startScenario } from './scenarios/index.js';
import type { Scenario, World } from './scenarios/types.js';

/*
 * Every operation, called by every demo role, by another organization's admin and, on a team, by a
 * guest who owns that team, on a fresh emulator each time. Who should succeed comes from
 * expected-access.ts (the contract's rules, written independently of src/emulator/policies.ts):
 * those callers succeed (and the body validates against the official spec), members below the
 * rule get 403, the outsider 404. Scenarios (how to call each operation successfully) live in
 * test/emulator/scenarios/*.ts; the team scenarios use teams without owners, so only the owner
 * added here has the owner's exception.
 */

const builders = await loadScenarios();

const operations = allOperations as readonly Operation[];
const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'] as const;

interface Caller {
  name: string;
  token: string;
  userId: string;
  /** What the rule lets this caller do: succeed, or be refused with 403 or 404. */
  expect(rule: AccessRule): 'success' | 403 | 404;
  /** Set up before the call (the scenario's state is built). */
  prepare?(world: World, scenario: Scenario): Promise<void>;
}

const member = (role: Role, token: string, userId: string): Caller => ({
  name: role,
  token,
  userId,
  expect: (rule) => (roleMayCall(rule, role) ? 'success' : 403),
});
const CALLERS: Caller[] = [
  ...ROLES.map((role) => member(role, DEMO.tokens[role], DEMO.users[role])),
  {
    name: 'other organization admin',
    token: DEMO.tokens.otherAdmin,
    userId: DEMO.users.otherAdmin,
    expect: (rule) => (rule.minimum === 'signed-in' ? 'success' : 404),
  },
];
/** On operations of one team: a guest (the lowest role) who owns it. */
const TEAM_OWNER: Caller = {
  name: 'guest owning the team',
  token: DEMO.tokens.guest,
  userId: DEMO.users.guest,
  expect: (rule) => (rule.teamOwners === true || roleMayCall(rule, 'guest') ? 'success' : 403),
  prepare: async ({ admin, demo }, { params }) => {
    const res = await admin('PUT', `/v1/orgs/${demo.org}/teams/${params.teamId}/members/${demo.users.guest}`, { body: { role: 'owner' } });
    if (res.status !== 204) throw new Error(`cannot make the guest an owner of ${params.teamId}: ${res.status} ${res.text}`);
  },
};

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
    const rule = expectedAccess(op.id);
    if (!build || !rule) continue;
    const callers = op.pathParams.includes('teamId') ? [...CALLERS, TEAM_OWNER] : CALLERS;
    it(`${op.id} (${rule.minimum}${rule.teamOwners ? ' or team owner' : ''})`, async () => {
      const problems: string[] = [];
      for (const caller of callers) {
        const { emu, world } = await startScenario(snapshot, { userId: caller.userId, token: caller.token });
        try {
          const scenario = await build(world);
          await caller.prepare?.(world, scenario);
          const path = scenarioPath(op, scenario);
          const expected = caller.expect(rule);
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
