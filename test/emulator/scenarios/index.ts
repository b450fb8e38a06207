import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Operation } from '../../../src/api/operation.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/server.js';
import { Store } from '../../../src/emulator/store/store.js';
import { call, DEMO, type Api, type CallResult } from '../helpers.js';
import type { Scenario, ScenarioBuilder, Scenarios, World } from './types.js';
import { fixturesRoot } from './content.js';

/** Every scenario of the files in this directory, by operationId (each operation at most once). */
export async function loadScenarios(): Promise<Record<string, ScenarioBuilder>> {
  const dir = fileURLToPath(new URL('./', import.meta.url));
  const builders: Record<string, ScenarioBuilder> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'types.ts' && f !== 'index.ts')
    .sort()) {
    const mod = (await import(/* @vite-ignore */ `${dir}${file}`)) as { scenarios?: Scenarios };
    for (const [id, builder] of Object.entries(mod.scenarios ?? {})) {
      if (builders[id]) throw new Error(`two scenarios for ${id} (${file})`);
      builders[id] = builder;
    }
  }
  return builders;
}

/** The demo seed's state, from which each scenario starts its own emulator. */
export async function demoSnapshot(): Promise<Buffer> {
  const seeded = await startEmulator({ seed: 'demo' });
  try {
    return seeded.store.snapshot();
  } finally {
    await seeded.close();
  }
}

/** A fresh emulator on a copy of `snapshot` (clock at 2025-06-10 noon) and the world a builder gets for `caller`. */
export async function startScenario(snapshot: Buffer, caller: World['caller']): Promise<{ emu: RunningEmulator; world: World }> {
  let now = new Date('2025-06-10T12:00:00.000Z');
  const store = new Store(snapshot);
  const emu = await startEmulator({ store, clock: () => now, filesRoot: fixturesRoot() });
  const admin: Api = (method, path, options = {}) => call(emu.url, method, path, { token: DEMO.tokens.admin, ...options });
  const world: World = {
    url: emu.url,
    store,
    demo: DEMO,
    caller,
    admin,
    now: () => now,
    setNow: (date) => {
      now = date;
    },
  };
  return { emu, world };
}

/** The operation's path with the scenario's parameters. */
export function scenarioPath(op: Operation, scenario: Scenario, params: Scenario['params'] = scenario.params): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.id}: the scenario gives no ${name}`);
    return encodeURIComponent(value);
  });
}

/** Send the request a scenario describes, as `token`. */
export function sendScenario(
  world: World,
  op: Operation,
  scenario: Scenario,
  token: string,
  path = scenarioPath(op, scenario),
): Promise<CallResult> {
  return call(world.url, op.method, path, {
    token,
    ...(scenario.query ? { query: scenario.query } : {}),
    ...(scenario.body !== undefined ? { body: scenario.body } : {}),
  });
}
