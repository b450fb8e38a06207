import { describe, expect, it, vi } from 'vitest';
import { cacheToWrite } from '../../src/cli/vendor.js';

// When a vendor script's code cache is written at exit (src/cli/vendor.ts); the e2e side is test/e2e/code-cache.test.ts.
describe('cacheToWrite', () => {
  const none = { accepted: false, bytes: 0, learnt: [] };
  const held = { accepted: true, bytes: 400_000, learnt: ['config:get'] };

  it('writes a cache where V8 took none, learning the command only where it succeeded', () => {
    expect(cacheToWrite(none, { command: 'spaces:get', succeeded: true }, () => 1)).toEqual({ learnt: ['spaces:get'] });
    expect(cacheToWrite(none, { command: 'spaces:get', succeeded: false }, () => 1)).toEqual({ learnt: [] });
    expect(cacheToWrite(none, { command: undefined, succeeded: true }, () => 1)).toEqual({ learnt: [] });
    // A refused one keeps nothing of what it said it had learnt.
    expect(cacheToWrite({ ...held, accepted: false }, { command: 'spaces:get', succeeded: true }, () => 1)).toEqual({
      learnt: ['spaces:get'],
    });
  });

  it('writes a cache it took again for a command new to it that succeeded, unless the new one is much smaller', () => {
    expect(cacheToWrite(held, { command: 'spaces:get', succeeded: true }, () => 450_000)).toEqual({
      learnt: ['config:get', 'spaces:get'],
    });
    // A run can lose a little of it (V8 dropped the code of a few functions it had not called).
    expect(cacheToWrite(held, { command: 'cr:list', succeeded: true }, () => 390_000)).toEqual({ learnt: ['config:get', 'cr:list'] });
    // A long run loses a lot: V8 dropped the code of what it had not called for a while.
    expect(cacheToWrite(held, { command: 'emulator:start', succeeded: true }, () => 379_000)).toBeUndefined();
    expect(cacheToWrite(held, { command: 'emulator:start', succeeded: true }, () => 300_000)).toBeUndefined();
  });

  it('leaves a cache it took as it is for a command it knows, a failed run or no command, without making a new one', () => {
    const bytes = vi.fn(() => 450_000);
    expect(cacheToWrite(held, { command: 'config:get', succeeded: true }, bytes)).toBeUndefined();
    expect(cacheToWrite(held, { command: 'spaces:get', succeeded: false }, bytes)).toBeUndefined();
    expect(cacheToWrite(held, { command: undefined, succeeded: true }, bytes)).toBeUndefined();
    expect(bytes).not.toHaveBeenCalled();
  });
});
