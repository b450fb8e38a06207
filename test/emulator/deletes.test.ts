import { beforeAll, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { DEMO } from './helpers.js';
import { demoSnapshot, loadScenarios, scenarioPath, startScenario } from './scenarios/index.js';

/*
 * Contract Conventions 7: every delete answers 204 with no content whether or not its target
 * existed. Each of the 18 deletes runs its matrix scenario twice in a row (the second time the
 * target is gone), then with every id in its path unknown (the organization excepted: an unknown
 * organization is one the caller is not in, 404).
 */

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
      // Something went away (a document; a deleted space stays, restorable; a section leaving a group stays in the site).
      const changed = documents(world.store.db) < before || op.id === 'deleteSpaceById' || op.id === 'removeSectionFromGroup';
      if (!changed) problems.push(`${op.id}: nothing was removed`);
    } finally {
      await emu.close();
    }
  }
  expect(problems).toEqual([]);
}, 120_000);
