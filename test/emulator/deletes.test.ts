import { beforeAll, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { DEMO } from './helpers.js';
import { demoSnapshot, loadScenarios, scenarioPath, startScenario } from './scenarios/index.js';
import type { World } from './scenarios/types.js';

/*
 * Contract Conventions 7: every delete answers 204 with no content whether or not its target
 * existed. Each of the 18 deletes runs its matrix scenario twice in a row (the second time the
 * target is gone), then with every id in its path unknown (the organization excepted: an unknown
 * organization is one the caller is not in, 404). Each removes a stored document, except the two
 * below, whose target stays by design: they are checked for what they do instead.
 */

type Params = Record<string, string>;

/** Deletes that keep their target stored, and what must hold after them (a problem, or undefined). */
const keepsTarget: Record<string, (world: World, params: Params) => Promise<string | undefined>> = {
  // A deleted space stays, restorable for 7 days (restoreSpace): it is marked deleted and reads answer 404.
  deleteSpaceById: async (world, { spaceId = '' }) => {
    const read = await world.admin('GET', `/v1/spaces/${spaceId}`);
    const stored = world.store.get<{ id: string; deletedAt?: string }>('space', spaceId);
    return read.status === 404 && stored?.deletedAt ? undefined : `the space reads ${read.status}, deletedAt ${stored?.deletedAt}`;
  },
  // A section taken out of its group stays in the site, at the top level.
  removeSectionFromGroup: async (world, { siteSectionId = '' }) => {
    const stored = world.store.get<{ id: string; sectionGroup?: string }>('siteSection', siteSectionId);
    return stored && stored.sectionGroup === undefined
      ? undefined
      : `the section is ${stored ? `in group ${stored.sectionGroup}` : 'gone'}`;
  },
};

const builders = await loadScenarios();
const deletes = (allOperations as readonly Operation[]).filter((op) => op.method === 'DELETE');

let snapshot: Buffer;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

it('knows the 18 deletes', () => {
  expect(deletes).toHaveLength(18);
});

it('answers 204 with an empty body twice in a row and for unknown ids, and the target is gone after the first', async () => {
  const problems: string[] = [];
  const documents = (db: { prepare(sql: string): { get(): unknown } }) =>
    (db.prepare('SELECT COUNT(*) AS n FROM docs').get() as { n: number }).n;
  for (const op of deletes) {
    const { emu, world } = await startScenario(snapshot, { userId: DEMO.users.admin, token: DEMO.tokens.admin });
    try {
      const scenario = await (builders[op.id] as NonNullable<(typeof builders)[string]>)(world);
      const unknown = Object.fromEntries(
        Object.entries(scenario.params).map(([name, value]) => [name, name === 'organizationId' ? value : `unknown-${name}`]),
      );
      const before = documents(world.store.db);
      for (const [label, path] of [
        ['first', scenarioPath(op, scenario)],
        ['second', scenarioPath(op, scenario)],
        ['unknown ids', scenarioPath(op, scenario, unknown)],
      ] as const) {
        const res = await world.admin('DELETE', path);
        if (res.status !== 204 || res.text !== '')
          problems.push(`${op.id} (${label}): DELETE ${path} → ${res.status} ${res.text.slice(0, 200)}`);
      }
      const kept = keepsTarget[op.id];
      if (kept) {
        const problem = await kept(world, scenario.params);
        if (problem) problems.push(`${op.id}: ${problem}`);
      } else if (documents(world.store.db) >= before) problems.push(`${op.id}: nothing was removed`);
    } finally {
      await emu.close();
    }
  }
  expect(problems).toEqual([]);
}, 120_000);
