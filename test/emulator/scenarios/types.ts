import type { Store } from '../../../src/emulator/store/store.js';
import type { DEMO } from '../../../src/emulator/seed/demo.js';
import type { Api } from '../helpers.js';

/**
 * What a scenario builder gets: a fresh demo emulator (one per call under test, from the same
 * seeded snapshot), and who is about to call it. Builders may prepare state first (through
 * `admin` or `store`); whatever they do is thrown away after the call.
 */
export interface World {
  url: string;
  store: Store;
  demo: typeof DEMO;
  /** The caller of the operation under test (a demo role, or the second organization's admin). */
  caller: { userId: string; token: string };
  /** Calls as the demo organization's admin, for setting things up. */
  admin: Api;
  now(): Date;
  /** Move the emulator's clock. */
  setNow(date: Date): void;
}

export interface Scenario {
  params: Record<string, string>;
  query?: Record<string, string | number | boolean | string[]>;
  body?: unknown;
}

export type ScenarioBuilder = (world: World) => Scenario | Promise<Scenario>;

/** Each file in test/emulator/scenarios/ exports `scenarios`: one builder per operationId it covers. */
export type Scenarios = Record<string, ScenarioBuilder>;
