import { useInput, type Key } from 'ink';
import { useCallback, useRef } from 'react';

/**
 * useInput with a handler that keeps its identity across renders. Ink re-subscribes whenever the
 * handler changes, and a key that arrives between a render and the new subscription is lost; with
 * one subscription per screen, keys typed quickly (or pasted) all arrive.
 */
export function useKeys(handler: (input: string, key: Key) => void, isActive = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  const stable = useCallback((input: string, key: Key) => ref.current(input, key), []);
  useInput(stable, { isActive });
}
