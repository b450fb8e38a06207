import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, waitFor } from '../../src/cli/wait.js';

const quiet = { update: () => undefined, stop: () => undefined };

describe('--wait', () => {
  it('reads 90s, 10m, 1h, 500ms and bare seconds; refuses anything else naming the flag', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('45')).toBe(45_000);
    for (const bad of ['', '0', '10 minutes', '-5s', 'm']) expect(() => parseDuration(bad)).toThrow(/--wait-timeout must be a duration/);
    expect(formatDuration(90_000)).toBe('1m 30s');
    expect(formatDuration(600_000)).toBe('10m');
  });

  it('polls until a done state, reporting each state on the progress line', async () => {
    const states = ['pending', 'running', 'completed'];
    const seen: string[] = [];
    const result = await waitFor({
      label: 'translation tr_1',
      poll: () => Promise.resolve(states.shift()!),
      state: (s) => s,
      done: ['completed'],
      going: ['pending', 'running'],
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      progress: { update: (t) => seen.push(t), stop: () => undefined },
      intervalMs: 1,
    });
    expect(result).toBe('completed');
    expect(seen).toEqual(['Waiting for translation tr_1: pending (0s)', 'Waiting for translation tr_1: running (0s)']);
  });

  it('a state the contract does not list ends the wait with exit 1', async () => {
    const run = waitFor({
      label: 'translation tr_1',
      poll: () => Promise.resolve('failed'),
      state: (s) => s,
      done: ['completed'],
      going: ['pending', 'running'],
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      progress: quiet,
    });
    await expect(run).rejects.toMatchObject({ exitCode: 1, message: 'translation tr_1 ended in state "failed" (expected completed)' });
  });
});
