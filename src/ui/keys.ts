import { useInput, type Key } from 'ink';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import type { KeyFeed } from './input.js';
import { useRateLimitWait } from './rate-limit.js';

/** The KeyFeed the app reads from, for the views to release the keys typed ahead (none in plain renders). */
export const KeysContext = createContext<KeyFeed | undefined>(undefined);

/** Keys typed before the app's first screen was ready wait until then; after that, a fallback lets them through anyway. */
const HOLD_AT_MOST_MS = 5000;

/**
 * Tell the input layer that the first screen is ready (its data loaded, or failed to): the keys typed
 * ahead are given to it now. Call it from each screen an app may start on; only the first call counts.
 * While the first load waits on the rate limit, the fallback waits too: the screen says so, Esc cancels
 * the load (rate-limit.ts), and the keys typed ahead are for the screen that comes after.
 */
export function useFirstScreen(ready: boolean): void {
  const feed = useContext(KeysContext);
  const limited = useRateLimitWait() !== undefined;
  useEffect(() => {
    if (!feed) return undefined;
    if (ready) {
      feed.release();
      return undefined;
    }
    if (limited) return undefined;
    const timer = setTimeout(() => feed.release(), HOLD_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, [feed, ready, limited]);
}

/**
 * While `busy`, a key the screen cannot act on yet is deferred by calling the function returned, from the
 * key handler: that key and every key typed after it wait, and are given to the screen again once `busy`
 * is over (in plain renders, without the input layer, the key is dropped).
 */
export function useDeferredKeys(busy: boolean): () => void {
  const feed = useContext(KeysContext);
  useEffect(() => {
    if (!busy) feed?.releaseDeferred();
  }, [feed, busy]);
  // A screen that goes away while busy (an action that leaves it) hands the waiting keys to the next one.
  useEffect(() => () => feed?.releaseDeferred(), [feed]);
  return useCallback(() => feed?.deferCurrent(), [feed]);
}

/**
 * Ink's useInput with a handler that keeps its identity across renders, calling the latest render's
 * handler. Ink re-subscribes whenever the handler changes, and a key that arrives between a render and the
 * new subscription would be lost; the input layer (input.ts) gives keys one at a time, each after the
 * previous one's render, so the handler called is always the one of the screen as it is now.
 */
export function useKeys(handler: (input: string, key: Key) => void, isActive = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  const stable = useCallback((input: string, key: Key) => ref.current(input, key), []);
  useInput(stable, { isActive });
}

/** The letters every list moves with (moveSelection, scrollTo): j k up and down, g G first and last. */
export const MOVE_LETTERS = 'jkgG';

/**
 * The sign for a key that does nothing on this screen: a printable character that is none of `known` (arrows,
 * Enter, Tab and control keys are not signed: they are either a screen's or do nothing anywhere). Shown in the
 * status line until the next key, over what the line said (which comes back then), so that it never hides an
 * error or a conflict for longer.
 */
export function unknownKeySign(input: string, key: Key, known: string): string | undefined {
  if (key.ctrl || key.meta || Array.from(input).length !== 1 || input < ' ' || input === '\u007F') return undefined;
  if (known.includes(input)) return undefined;
  return `${input === ' ' ? 'space' : input}: no such key · ? shows the keys`;
}
