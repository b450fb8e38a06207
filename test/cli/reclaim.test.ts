import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { reclaimer, RECLAIM_EVERY, youngCollection } from '../../src/cli/reclaim.js';

describe('reclaim', () => {
  it('finds V8’s young-generation collection at run time, and it runs one', async () => {
    const collect = await youngCollection();
    expect(collect).toBeTypeOf('function');
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) kinds.push(entry.detail?.kind ?? -1);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      collect!();
      // gc entries are delivered after the collection, on a later turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      observer.disconnect();
    }
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
    // Found once: the second lookup returns the same function.
    expect(await youngCollection()).toBe(collect);
  });

  it('collects once every RECLAIM_EVERY bytes, counting across calls', async () => {
    let collections = 0;
    const written = reclaimer(() => Promise.resolve(() => void collections++));
    await written(RECLAIM_EVERY - 1);
    expect(collections).toBe(0);
    await written(1);
    expect(collections).toBe(1);
    await written(RECLAIM_EVERY / 2);
    await written(RECLAIM_EVERY / 2 - 1);
    expect(collections).toBe(1);
    await written(RECLAIM_EVERY * 3);
    expect(collections).toBe(2);
  });

  it('carries on without collecting where the runtime offers no collection', async () => {
    const written = reclaimer(() => Promise.resolve(undefined));
    await expect(written(RECLAIM_EVERY * 2)).resolves.toBeUndefined();
  });
});
