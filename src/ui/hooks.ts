import { useStdout } from 'ink';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { LoadCancelled, RateLimitContext } from './rate-limit.js';

/** The terminal's size, following resizes (80×24 when the stream does not say). */
export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

export type Request<T> =
  | { state: 'loading'; data?: T; reload: () => void }
  | { state: 'ready'; data: T; reload: () => void }
  | { state: 'error'; error: unknown; data?: T; reload: () => void };

/**
 * Run `load` now and whenever `deps` change or `reload()` is called. A load that a newer one
 * replaced is aborted and its answer dropped, so a slow answer never overwrites a newer one.
 * The data of the last successful load stays visible while reloading. With `initial` (data the caller
 * already has, fresh), the first load is skipped: the request starts ready with it. A load that waits on the
 * API's rate limit can be cancelled (Esc, rate-limit.ts): it ends in error with LoadCancelled.
 */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[], initial?: T): Request<T> {
  const [generation, setGeneration] = useState(0);
  const [result, setResult] = useState<{ state: 'loading' | 'ready' | 'error'; data?: T; error?: unknown }>(
    initial !== undefined ? { state: 'ready', data: initial } : { state: 'loading' },
  );
  const loadRef = useRef(load);
  loadRef.current = load;
  const skipFirst = useRef(initial !== undefined);
  const rateLimit = useContext(RateLimitContext);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setResult((prev) => ({ state: 'loading', data: prev.data }));
    const untrack = rateLimit?.track(controller.signal, () => {
      controller.abort();
      setResult((prev) => ({ state: 'error', error: new LoadCancelled(), data: prev.data }));
    });
    loadRef
      .current(controller.signal)
      .then(
        (data) => {
          if (!controller.signal.aborted) setResult({ state: 'ready', data });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setResult((prev) => ({ state: 'error', error, data: prev.data }));
        },
      )
      .finally(untrack);
    return () => {
      untrack?.();
      controller.abort();
    };
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...result, reload } as Request<T>;
}
