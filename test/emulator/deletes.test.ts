import { beforeAll, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { startEmulator } from '../../src/emulator/server.js';
import { Store } from '../../src/emulator/store/store.js';
import { call, DEMO, type Api } from './helpers.js';
import { loadScenarios } from './scenarios/index.js';
import type { World } from './scenarios/types.js';

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
  const seeded = await startEmulator({ seed: 'demo' });
  snapshot = seeded.store.snapshot();
  await seeded.close();
});

it('knows the 18 deletes', () => {
  expect(deletes).toHaveLength(18);
});

it('answers 204 with an empty body twice in a row and for unknown ids, and the target is gone after the first', async () => {
  const problems: string[] = [];
  for (const op of deletes) {
    const store = new Store(snapshot);
    const emu = await startEmulator({ store, clock: () => new Date('2025-06-10T12:00:00.000Z') });
    try {
      const admin: Api = (method, path, options = {}) => call(emu.url, method, path, { token: DEMO.tokens.admin, ...options });
      const world: World = {
        url: emu.url,
        store,
        demo: DEMO,
        caller: { userId: DEMO.users.admin, token: DEMO.tokens.admin },
        admin,
        now: () => new Date('2025-06-10T12:00:00.000Z'),
        setNow: () => {},
      };
      const scenario = await (builders[op.id] as NonNullable<(typeof builders)[string]>)(world);
      const fill = (unknown: boolean) =>
        op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(unknown && name !== 'organizationId' ? `unknown-${name}` : (scenario.params[name] ?? '')),
        );
      const docsBefore = store.db.prepare('SELECT COUNT(*) AS n FROM docs').get() as { n: number };
      for (const [label, path] of [['first', fill(false)], ['second', fill(false)], ['unknown ids', fill(true)]] as const) {
        const res = await admin('DELETE', path);
        if (res.status !== 204 || res.text !== '') problems.push(`${op.id} (${label}): DELETE ${path} → ${res.status} ${res.text.slice(0, 200)}`);
      }
      // Something went away (a document, or a flag on one: a deleted space stays restorable).
      const docsAfter = store.db.prepare('SELECT COUNT(*) AS n FROM docs').get() as { n: number };
      const changed = docsAfter.n < docsBefore.n || op.id === 'deleteSpaceById' || op.id === 'removeSectionFromGroup';
      if (!changed) problems.push(`${op.id}: nothing was removed`);
    } finally {
      await emu.close();
    }
  }
  expect(problems).toEqual([]);
}, 120_000);
