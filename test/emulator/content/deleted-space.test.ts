import { beforeAll, expect, it } from 'vitest';
import { allOperations } from '../../../src/api/operations/index.js';
import type { Operation } from '../../../src/api/operation.js';
import { DEMO } from '../helpers.js';
import { demoSnapshot, loadScenarios, sendScenario, startScenario } from '../scenarios/index.js';

/*
 * A deleted space is in the trash: every operation on it or on what it holds (content, change
 * requests, comments, Git) answers 404 as if it did not exist (deletes: 204), until it is restored.
 * Each operation runs its matrix scenario (a call that succeeds on a live space) after the space
 * was deleted.
 */

const builders = await loadScenarios();
const onSpaces = (allOperations as readonly Operation[]).filter(
  (op) => op.path.includes('{spaceId}') && op.id !== 'restoreSpace' && op.id !== 'deleteSpaceById',
);

let snapshot: Buffer;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

it('covers the space operations', () => {
  expect(onSpaces.length).toBeGreaterThan(50);
  expect(onSpaces.filter((op) => !builders[op.id]).map((op) => op.id)).toEqual([]);
});

it('answers 404 for every operation inside a deleted space (deletes 204), and serves it again once restored', async () => {
  const problems: string[] = [];
  for (const op of onSpaces) {
    const { emu, world } = await startScenario(snapshot, { userId: DEMO.users.admin, token: DEMO.tokens.admin });
    try {
      const scenario = await (builders[op.id] as NonNullable<(typeof builders)[string]>)(world);
      const spaceId = scenario.params.spaceId as string;
      const send = () => sendScenario(world, op, scenario, DEMO.tokens.admin);
      expect((await world.admin('DELETE', `/v1/spaces/${spaceId}`)).status).toBe(204);
      const res = await send();
      const expected = op.method === 'DELETE' ? 204 : 404;
      if (res.status !== expected) problems.push(`${op.id}: ${op.method} → ${res.status}, expected ${expected}: ${res.text.slice(0, 200)}`);
      else if (expected === 404 && res.body?.error?.code !== 404)
        problems.push(`${op.id}: not in the error shape: ${res.text.slice(0, 200)}`);
      if (op.id === 'getSpaceById' || op.id === 'listCommentsInChangeRequest') {
        // Restored within the retention window, it (and what it holds) answers again.
        world.setNow(new Date(world.now().getTime() + 6 * 24 * 3600 * 1000));
        expect((await world.admin('POST', `/v1/spaces/${spaceId}/restore`)).status).toBe(200);
        const again = await send();
        if (again.status !== 200) problems.push(`${op.id} after restore → ${again.status}: ${again.text.slice(0, 200)}`);
      }
    } finally {
      await emu.close();
    }
  }
  expect(problems).toEqual([]);
}, 120_000);
