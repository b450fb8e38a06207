/*
 * Memory flat in a list's length for `--all --json` (Output.stream), whatever the list's length.
 *
 * Every read from a socket arrives in an ArrayBuffer of its own (up to 64 kB), and V8 frees a dead one only
 * when it collects the object that held it. V8 starts a young-generation collection when the JavaScript
 * objects allocated since the last one fill the young generation, and it grows that generation (to 16 MB a
 * semi-space) as a long run goes on; the bytes of those ArrayBuffers do not count towards filling it. A list
 * written as JSON lines (src/api/json-lines.ts) allocates little JavaScript a page, so the dead reads of
 * some 90 pages of 1000 members (about 33 MB) piled up between two collections: peak RSS was 77 MB at
 * 10,000 members and 104 MB at 100,000 (bench/paging.ts), with the heap itself under 20 MB.
 *
 * So the command asks for a young-generation collection every RECLAIM_EVERY bytes it has written, through
 * V8's `gc` (exposed with `--expose-gc`, set at run time, and read from a new context, where V8 installs it).
 * One takes about half a millisecond, since little in the young generation is alive: some 10 ms over
 * 100,000 members. Nothing is asked before the first RECLAIM_EVERY bytes, so a short list or a single
 * object pays nothing, not even the flag. Where the runtime does not offer `gc`, nothing is collected and
 * only the memory is as before.
 */

/** Bytes received between two young-generation collections: about five pages of 1000 members. */
export const RECLAIM_EVERY = 2 * 1024 * 1024;

/** A young-generation collection; undefined where the runtime offers none. */
export type Collect = () => void;

let young: Collect | null | undefined;

/** V8's young-generation collection, found on first use (null when the runtime does not offer it). */
export async function youngCollection(): Promise<Collect | undefined> {
  if (young === undefined) young = (await findGc()) ?? null;
  return young ?? undefined;
}

type Gc = (options: { type: 'minor' | 'major' }) => void;

async function findGc(): Promise<Collect | undefined> {
  try {
    let gc = (globalThis as { gc?: Gc }).gc;
    if (typeof gc !== 'function') {
      const [v8, vm] = await Promise.all([import('node:v8'), import('node:vm')]);
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('typeof gc === "function" ? gc : undefined') as Gc | undefined;
    }
    if (typeof gc !== 'function') return undefined;
    const found = gc;
    return () => found({ type: 'minor' });
  } catch {
    return undefined;
  }
}

/**
 * Counts the bytes written and collects the young generation every `every` of them (`collect` is looked
 * up the first time it is due). Returns what to call with each chunk's length.
 */
export function reclaimer(
  collect: () => Promise<Collect | undefined> = youngCollection,
  every = RECLAIM_EVERY,
): (bytes: number) => Promise<void> {
  let since = 0;
  return async (bytes) => {
    since += bytes;
    if (since < every) return;
    since = 0;
    (await collect())?.();
  };
}
