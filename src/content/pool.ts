import { setMaxListeners } from 'node:events';

/** Requests the content tools keep in flight: enough to hide latency, few enough not to hit rate limits. */
export const CONCURRENCY = 8;

/**
 * Run `tasks` with at most CONCURRENCY in flight; the results come in task order. The first failure
 * rejects and no further task starts. `onDone` hears the count of finished tasks after each one.
 */
export async function pool<T>(tasks: readonly (() => Promise<T>)[], onDone?: (done: number) => void): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (next < tasks.length && !failed) {
      const i = next++;
      try {
        results[i] = await (tasks[i] as () => Promise<T>)();
      } catch (err) {
        failed = true;
        throw err;
      }
      onDone?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, worker));
  return results;
}

/**
 * Call options for requests run through `pool`. Each request in flight listens to the signal (the
 * transport, and undici while a body is read): CONCURRENCY of them plus the caller's own listeners
 * pass Node's default of 10, which is no leak, so the limit is raised for this signal.
 */
export function inFlight(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  if (!signal) return {};
  setMaxListeners(CONCURRENCY * 4, signal);
  return { signal };
}
