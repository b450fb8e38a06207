import { afterEach, describe, expect, it, vi } from 'vitest';
import { duration, RateLimitNotice, waitText, windowText } from '../../src/cli/rate-limit-notice.js';
import type { Progress } from '../../src/cli/progress.js';

afterEach(() => {
  vi.useRealTimers();
});

function recorder(): Progress & { texts: string[]; stopped: boolean } {
  const p = {
    texts: [] as string[],
    stopped: false,
    update: (text: string) => p.texts.push(text),
    stop: () => {
      p.stopped = true;
    },
  };
  return p;
}

describe('the words of a wait', () => {
  it('reads as people read durations', () => {
    expect(duration(0)).toBe('0 s');
    expect(duration(41_200)).toBe('42 s');
    expect(duration(60_000)).toBe('1 min');
    expect(duration(200_000)).toBe('3 min 20 s');
    expect(duration(10_020_000)).toBe('2 h 47 min');
    expect(duration(3_600_000)).toBe('1 h');
    expect(windowText(60, 60_000)).toBe('60 requests a window of 1 min');
    expect(windowText(1, undefined)).toBe('1 request a window');
    expect(windowText(undefined, 60_000)).toBe('');
    expect(waitText({ reason: 'spent', limit: 60, windowMs: 60_000 }, 42_000)).toBe(
      'rate limited: resuming in 42 s (60 requests a window of 1 min)',
    );
    expect(waitText({ reason: 'pacing', limit: 60, windowMs: 60_000 }, 3000)).toBe(
      'rate limit shared with other clients: next request in 3 s (60 requests a window of 1 min)',
    );
  });
});

describe('RateLimitNotice', () => {
  it('on a terminal, counts down on the progress line and gives the command its own text back', () => {
    vi.useFakeTimers({ now: 0 });
    const line = { progress: recorder(), text: 'Pulling 120/1000 pages…' };
    const notice = new RateLimitNotice({
      terminal: true,
      now: () => Date.now(),
      line: () => line,
      start: () => Promise.reject(new Error('the command has a line of its own')),
      write: () => {
        throw new Error('nothing is written on a terminal');
      },
    });
    notice.onWait({ kind: 'read', ms: 3000, reason: 'spent', limit: 60, windowMs: 60_000 });
    // Eight requests waiting for the same reset: one countdown.
    for (let i = 0; i < 7; i++) notice.onWait({ kind: 'read', ms: 3000, reason: 'spent', limit: 60, windowMs: 60_000 });
    expect(notice.showing).toBe(true);
    vi.advanceTimersByTime(1000);
    line.text = 'Pulling 121/1000 pages…';
    vi.advanceTimersByTime(2000);
    expect(line.progress.texts.filter((t, i, all) => all.indexOf(t) === i)).toEqual([
      'rate limited: resuming in 3 s (60 requests a window of 1 min)',
      'rate limited: resuming in 2 s (60 requests a window of 1 min)',
      'rate limited: resuming in 1 s (60 requests a window of 1 min)',
      'Pulling 121/1000 pages…',
    ]);
    expect(notice.showing).toBe(false);
  });

  it('on a terminal without a progress line, shows one of its own for the wait and removes it after', async () => {
    vi.useFakeTimers({ now: 0 });
    const own = recorder();
    const notice = new RateLimitNotice({
      terminal: true,
      now: () => Date.now(),
      line: () => undefined,
      start: (text) => {
        own.texts.push(text);
        return Promise.resolve(own);
      },
      write: () => undefined,
    });
    notice.onWait({ kind: 'write', ms: 2000, reason: 'refused', limit: 60, windowMs: 60_000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(own.texts[0]).toBe('rate limited: resuming in 2 s (60 requests a window of 1 min)');
    expect(own.stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1500);
    expect(own.stopped).toBe(true);
  });

  it('elsewhere (a CI log), writes one line for a wait of 10 s or more, once per reset, and nothing for short ones', () => {
    const lines: string[] = [];
    let now = 0;
    const notice = new RateLimitNotice({
      terminal: false,
      now: () => now,
      line: () => undefined,
      start: () => Promise.reject(new Error('no spinner off a terminal')),
      write: (text) => lines.push(text),
    });
    notice.onWait({ kind: 'read', ms: 4000, reason: 'spent', limit: 60, windowMs: 60_000 });
    notice.onWait({ kind: 'read', ms: 42_000, reason: 'spent', limit: 60, windowMs: 60_000 });
    now = 10;
    notice.onWait({ kind: 'read', ms: 41_990, reason: 'spent', limit: 60, windowMs: 60_000 });
    now = 60_000;
    notice.onWait({ kind: 'read', ms: 50_000, reason: 'refused', limit: 60, windowMs: 60_000 });
    expect(lines).toEqual([
      'rate limited: resuming in 42 s (60 requests a window of 1 min)',
      'rate limited: resuming in 50 s (60 requests a window of 1 min)',
    ]);
  });
});
