import { beforeAll, expect, it } from 'vitest';
import { allOperations } from '../../../src/api/operations/index.js';
import type { Operation } from '../../../src/api/operation.js';
import type { ChangeRequestDoc } from '../../../src/emulator/domain/change-requests.js';
import { DEMO } from '../helpers.js';
import { demoSnapshot, loadScenarios, scenarioPath, sendScenario, startScenario } from '../scenarios/index.js';

/*
 * Contract Conventions 6: wherever a path has `changeRequestId`, the change request's id and its
 * number within the space both work. The matrix scenarios address change requests by number; each
 * operation runs here again with the id, and with a number the space does not have (404).
 */

const builders = await loadScenarios();
const withChangeRequest = (allOperations as readonly Operation[]).filter((op) => op.path.includes('{changeRequestId}'));

let snapshot: Buffer;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

it('accepts the id as well as the number in every change request path; an unknown number is 404', async () => {
  expect(withChangeRequest.length).toBeGreaterThanOrEqual(20);
  const problems: string[] = [];
  for (const op of withChangeRequest) {
    for (const form of ['id', 'unknown'] as const) {
      const { emu, world } = await startScenario(snapshot, { userId: DEMO.users.admin, token: DEMO.tokens.admin });
      try {
        const scenario = await (builders[op.id] as NonNullable<(typeof builders)[string]>)(world);
        const number = Number(scenario.params.changeRequestId);
        const cr = world.store.all<ChangeRequestDoc>('changeRequest', scenario.params.spaceId).find((c) => c.number === number);
        if (!cr) throw new Error(`${op.id}: the scenario's change request ${scenario.params.changeRequestId} is not a number of the space`);
        const changeRequestId = form === 'id' ? cr.id : '999';
        const res = await sendScenario(
          world,
          op,
          scenario,
          DEMO.tokens.admin,
          scenarioPath(op, scenario, { ...scenario.params, changeRequestId }),
        );
        const ok = form === 'id' ? op.success.includes(res.status) : res.status === (op.method === 'DELETE' ? 204 : 404);
        if (!ok) problems.push(`${op.id} by ${form}: ${res.status} ${res.text.slice(0, 160)}`);
      } finally {
        await emu.close();
      }
    }
  }
  expect(problems).toEqual([]);
}, 120_000);
