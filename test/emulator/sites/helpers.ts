import { expect } from 'vitest';
import { DEMO, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator/index.js';
import { specProblems } from '../../helpers/spec-validate.js';
import { call as request } from '../helpers.js';

export { DEMO };

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface SitesWorld {
  emu: RunningEmulator;
  /** Move the emulator's clock. */
  advance(ms: number): void;
  call<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>>;
  /** Paths under /v1/orgs/{org}. */
  org: string;
  close(): Promise<void>;
}

/** The emulator with the demo seed, on a free port, with a clock the test moves. */
/** `options`: more emulator options, such as `filesRoot` for the tests that read local files. */
export async function startWorld(options: EmulatorOptions = {}): Promise<SitesWorld> {
  let now = Date.parse('2026-03-01T10:00:00.000Z');
  const emu = await startEmulator({ port: 0, seed: 'demo', clock: () => new Date(now), ...options });
  return {
    emu,
    advance: (ms) => {
      now += ms;
    },
    org: `/v1/orgs/${DEMO.org}`,
    call: (method, path, body, token = DEMO.tokens.admin) =>
      request(emu.url, method, path, { token, ...(body === undefined ? {} : { body }) }),
    close: () => emu.close(),
  };
}

/** Expect an error answer naming `fragment` in its message. */
export function expectError(answer: Answer, status: number, fragment?: string | RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body?.error?.code).toBe(status);
  if (fragment !== undefined) expect(answer.body.error.message).toMatch(fragment);
}

/** Expect a success answer whose body matches the official spec's response schema. */
export function expectSpec<T = any>(answer: Answer<T>, operationId: string, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(specProblems(operationId, answer.body), `${operationId} response does not match the spec`).toEqual([]);
  return answer.body;
}
