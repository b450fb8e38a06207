import { beforeAll, expect, it } from 'vitest';
import { allOperations } from '../../../src/api/operations/index.js';
import type { Operation } from '../../../src/api/operation.js';
import { startEmulator } from '../../../src/emulator/server.js';
import { Store } from '../../../src/emulator/store/store.js';
import { call, DEMO, type Api } from '../helpers.js';
import { loadScenarios } from '../scenarios/index.js';
import type { World } from '../scenarios/types.js';

/*
 * A deleted space is in the trash: every operation on it or on what it holds (content, change
 * requests, comments, Git) answers 404 as if it did not exist (deletes: 204), until it is restored.
 * Each operation runs its matrix scenario (a call that succeeds on a live space) after the space
 * was deleted.
 */

const builders = await loadScenarios();
const onSpaces = (allOperations as readonly Operation[]).filter((op) => op.path.includes('{spaceId}') && op.id !== 'restoreSpace' && op.id !== 'deleteSpaceById');

let snapshot: Buffer;
beforeAll(async () => {
  const seeded = await startEmulator({ seed: 'demo' });
  snapshot = seeded.store.snapshot();
  await seeded.close();
});

it('covers the space operations', () => {
  expect(onSpaces.length).toBeGreaterThan(50);
  expect(onSpaces.filter((op) => !builders[op.id]).map((op) => op.id)).toEqual([]);
});

it('answers 404 for every operation inside a deleted space (deletes 204), and serves it again once restored', async () => {
  const problems: string[] = [];
  for (const op of onSpaces) {
    let now = new Date('2025-06-10T12:00:00.000Z');
    const store = new Store(snapshot);
    const emu = await startEmulator({ store, clock: () => now });
    try {
      const admin: Api = (method, path, options = {}) => call(emu.url, method, path, { token: DEMO.tokens.admin, ...options });
      const world: World = {
        url: emu.url,
        store,
        demo: DEMO,
        caller: { userId: DEMO.users.admin, token: DEMO.tokens.admin },
        admin,
        now: () => now,
        setNow: (date) => {
          now = date;
        },
      };
      const scenario = await (builders[op.id] as NonNullable<(typeof builders)[string]>)(world);
      const spaceId = scenario.params.spaceId as string;
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(scenario.params[name] ?? ''));
      const send = () =>
        admin(op.method, path, { ...(scenario.query ? { query: scenario.query } : {}), ...(scenario.body !== undefined ? { body: scenario.body } : {}) });
      expect((await admin('DELETE', `/v1/spaces/${spaceId}`)).status).toBe(204);
      const res = await send();
      const expected = op.method === 'DELETE' ? 204 : 404;
      if (res.status !== expected) problems.push(`${op.id}: ${op.method} ${path} → ${res.status}, expected ${expected}: ${res.text.slice(0, 200)}`);
      else if (expected === 404 && res.body?.error?.code !== 404) problems.push(`${op.id}: not in the error shape: ${res.text.slice(0, 200)}`);
      if (op.id === 'getSpaceById' || op.id === 'listCommentsInChangeRequest') {
        // Restored within the retention window, it (and what it holds) answers again.
        now = new Date(now.getTime() + 6 * 24 * 3600 * 1000);
        expect((await admin('POST', `/v1/spaces/${spaceId}/restore`)).status).toBe(200);
        const again = await send();
        if (again.status !== 200) problems.push(`${op.id} after restore → ${again.status}: ${again.text.slice(0, 200)}`);
      }
    } finally {
      await emu.close();
    }
  }
  expect(problems).toEqual([]);
}, 120_000);
