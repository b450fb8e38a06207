import { setTimeout as sleep } from 'node:timers/promises';
import { Flags } from '@oclif/core';
import { ExitCode } from '../api/errors.js';
import { CommandFailure, UsageError } from './errors.js';
import type { Translation } from '../api/schemas/translation.js';
import type { Progress } from './progress.js';

/**
 * `--wait`: poll work the API finishes later (a translation run) until it ends. Exit 0 when it
 * completes; a state the contract does not list is reported as unexpected (exit 1, the contract
 * names no failure state); `--wait-timeout` reached exits 7, the code of a time limit.
 */

export const DEFAULT_WAIT_TIMEOUT = '10m';

export const waitFlags = (what: string) => ({
  wait: Flags.boolean({ description: `Wait until ${what} (progress on a terminal); exit 0 when it completes` }),
  'wait-timeout': Flags.string({
    description: `How long --wait waits before giving up with exit 7 (90s, 10m, 1h; default ${DEFAULT_WAIT_TIMEOUT})`,
    helpValue: '<duration>',
    dependsOn: ['wait'],
  }),
});

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `10m`, `1h`, `500ms`, or a bare number of seconds. */
export function parseDuration(text: string, flag = '--wait-timeout'): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (UNITS[match[2] ?? 's'] ?? 1000) : NaN;
  if (!Number.isFinite(ms) || ms <= 0) throw new UsageError(`${flag} must be a duration such as 90s, 10m or 1h (got "${text}")`);
  return ms;
}

/** `1m 30s`, `45s`: elapsed time for the progress line and the timeout message. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m}m ${s % 60}s` : `${m}m`;
}

export interface WaitOptions<T> {
  /** What is waited for, for messages: `translation tr_abc`. */
  label: string;
  poll: () => Promise<T>;
  state: (value: T) => string;
  /** States that mean done (exit 0) and still going (poll again); anything else ends the wait. */
  done: readonly string[];
  going: readonly string[];
  timeoutMs: number;
  signal: AbortSignal;
  progress: Progress;
  /** First pause between polls; it doubles up to maxIntervalMs (a long run is not polled every second). */
  intervalMs?: number;
  maxIntervalMs?: number;
  now?: () => number;
}

export async function waitFor<T>(options: WaitOptions<T>): Promise<T> {
  const now = options.now ?? Date.now;
  const started = now();
  let interval = options.intervalMs ?? 1000;
  for (;;) {
    const value = await options.poll();
    const state = options.state(value);
    const elapsed = now() - started;
    if (options.done.includes(state)) return value;
    if (!options.going.includes(state)) {
      throw new CommandFailure(`${options.label} ended in state "${state}" (expected ${options.done.join(' or ')})`, ExitCode.unexpected);
    }
    if (elapsed >= options.timeoutMs) {
      throw new CommandFailure(
        `gave up waiting after ${formatDuration(elapsed)}: ${options.label} is still ${state} (raise --wait-timeout, or check later)`,
        ExitCode.network,
      );
    }
    options.progress.update(`Waiting for ${options.label}: ${state} (${formatDuration(elapsed)})`);
    const pause = Math.min(interval, options.timeoutMs - elapsed);
    await sleep(pause, undefined, { signal: options.signal });
    interval = Math.min(interval * 2, options.maxIntervalMs ?? 10_000);
  }
}

/**
 * `--wait` on `translations run` and `translations create`: polls the translation until its run is
 * `completed` (the contract's states: pending, running, completed).
 */
export async function waitForTranslation(options: {
  id: string;
  get: () => Promise<Translation>;
  timeout?: string;
  signal: AbortSignal;
  progress: Progress;
}): Promise<Translation> {
  const timeoutMs = parseDuration(options.timeout ?? DEFAULT_WAIT_TIMEOUT);
  try {
    return await waitFor({
      label: `translation ${options.id}`,
      poll: options.get,
      state: (t) => t.status,
      done: ['completed'],
      going: ['pending', 'running'],
      timeoutMs,
      signal: options.signal,
      progress: options.progress,
    });
  } finally {
    options.progress.stop();
  }
}
