import { describe, expect, it } from 'vitest';
import type { RateLimitWait } from '../../src/api/rate-limit.js';
import { BeforeView } from '../../src/ui/before-view.js';
import { KeyFeed } from '../../src/ui/input.js';
import { LoadCancelled, RateLimitWatch, waitLine } from '../../src/ui/rate-limit.js';

const wait = (over: Partial<RateLimitWait> = {}): RateLimitWait => ({
  kind: 'read',
  ms: 42_000,
  reason: 'refused',
  limit: 60,
  windowMs: 60_000,
  ...over,
});

describe('waitLine', () => {
  it('says the view is rate limited, the countdown, the window and the key that cancels', () => {
    expect(waitLine({ wait: wait(), cancellable: true }, 42_000)).toBe(
      'Rate limited: resuming in 42 s (60 requests a window of 1 min) · esc cancels',
    );
    expect(waitLine({ wait: wait({ limit: undefined }), cancellable: false }, 1500)).toBe('Rate limited: resuming in 2 s');
  });
});

describe('RateLimitWatch', () => {
  it('shows a read wait as cancellable while a load runs; cancel ends the loads and the wait', () => {
    let now = 1000;
    const attached: AbortSignal[] = [];
    const watch = new RateLimitWatch({
      budgetMs: 4 * 3600_000,
      now: () => now,
      limiter: { attach: (s, b) => (attached.push(s), b), onWait: () => () => true },
    });
    const signal = new AbortController().signal;
    const cancelled: string[] = [];
    const untrack = watch.track(signal, () => cancelled.push('load'));
    expect(attached).toEqual([signal]);
    watch.onWait(wait({ ms: 500 }));
    expect(watch.current).toBeUndefined(); // too short to show
    watch.onWait(wait());
    expect(watch.current).toMatchObject({ until: 43_000, cancellable: true });
    expect(watch.cancel()).toBe(true);
    expect(cancelled).toEqual(['load']);
    expect(watch.current).toBeUndefined();
    expect(watch.cancel()).toBe(false);
    untrack();
    watch.onWait(wait({ kind: 'write' }));
    expect(watch.current?.cancellable).toBe(false);
    now = 50_000;
    expect(watch.current).toBeUndefined();
  });

  it('LoadCancelled says what happened', () => {
    expect(new LoadCancelled().message).toBe('Cancelled while waiting on the rate limit.');
  });
});

describe('KeyFeed.setUrgent', () => {
  it('takes the keys its handler wants ahead of held ones, and leaves the others queued in order', () => {
    const feed = new KeyFeed();
    feed.hold();
    const taken: string[] = [];
    const stop = feed.setUrgent((key) => key === '\u001B' && taken.push(key) > 0);
    feed.push('j\u001B[Bk');
    feed.push('\u001B');
    expect(taken).toEqual(['\u001B']);
    expect(feed.waiting).toBe(3); // j, Down, k: an arrow's escape sequence is not Esc
    stop();
    feed.push('\u001B');
    expect(feed.waiting).toBe(4);
  });
});

describe('BeforeView', () => {
  it('abandons a preload that meets a wait; otherwise the first frame counts down', () => {
    const lines: string[] = [];
    const before = new BeforeView({ status: (text) => lines.push(text) }, () => 0);
    const parent = new AbortController();
    const signal = before.preload(parent.signal);
    before.onWait(wait());
    expect(signal.aborted).toBe(true);
    expect(before.wasAbandoned(signal)).toBe(true);
    expect(lines).toEqual([]);
    before.done(signal);
    before.onWait(wait());
    before.stop();
    expect(lines).toEqual(['Rate limited: resuming in 42 s (60 requests a window of 1 min) · ctrl-c quits']);
  });
});
