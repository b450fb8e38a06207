import { describe, expect, it } from 'vitest';
import { COUNT_FROM, counted, progressAllowed, startProgress, type Progress } from '../../src/cli/progress.js';

describe('progress', () => {
  it('is shown to a person at a terminal only: both streams terminals, and never with --json', () => {
    const tty = { isTTY: true };
    expect(progressAllowed({ stdout: tty, stderr: tty }, false)).toBe(true);
    expect(progressAllowed({ stdout: tty, stderr: tty }, true)).toBe(false);
    expect(progressAllowed({ stdout: {}, stderr: tty }, false)).toBe(false);
    expect(progressAllowed({ stdout: tty, stderr: {} }, false)).toBe(false);
  });

  it('draws nothing when not allowed', async () => {
    const progress = await startProgress('Working…', { enabled: false });
    expect(() => (progress.update('more'), progress.stop())).not.toThrow();
  });

  it('counts steps on the same line once there are enough of them', () => {
    const lines: string[] = [];
    const progress: Progress = { update: (text) => lines.push(text), stop: () => undefined };
    const tick = counted(progress, 'Reading pages');
    tick(1, COUNT_FROM - 1);
    expect(lines).toEqual([]);
    tick(0, COUNT_FROM);
    tick(COUNT_FROM, COUNT_FROM);
    expect(lines).toEqual([`Reading pages 0/${COUNT_FROM}…`, `Reading pages ${COUNT_FROM}/${COUNT_FROM}…`]);
  });
});
