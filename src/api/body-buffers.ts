/*
 * Buffers a response body is read into and used again, so that `--all --json` holds about as much memory for
 * 100,000 items as for 10,000 (bench/paging.ts) without forcing a garbage collection.
 *
 * A page's bytes are kept whole while its JSON lines are cut from them and written out (src/api/json-lines.ts).
 * Read into a new buffer each time (undici's `arrayBuffer()`), every page left a dead ArrayBuffer of its size
 * behind, and V8 frees one only when it collects the object that held it: a run allocates little JavaScript
 * a page, so collections are far apart and some 30 MB of dead pages piled up over 100 pages (peak RSS 1.25×
 * at 100,000 against 10,000 on Node.js 26). Read into one of a few buffers that come back once the page has
 * been written, a long run allocates nothing a page beyond what the socket reads themselves take.
 */

/** Buffers kept for the next bodies: a page being written out and the next one, which is fetched meanwhile. */
const KEPT = 2;
/** A buffer grown past this (a body of many megabytes) is dropped after use instead of kept. */
const KEEP_AT_MOST = 16 * 1024 * 1024;
const FIRST_SIZE = 64 * 1024;

/** A body's bytes, and what gives its buffer back once nothing reads them any more. */
export interface BodyBytes {
  bytes: Buffer;
  release: () => void;
}

export class BodyBuffers {
  private readonly free: Buffer[] = [];

  /** Reads `chunks` into a kept buffer (a new one when none is free), growing it when the body is longer. */
  async read(chunks: AsyncIterable<Uint8Array>): Promise<BodyBytes> {
    let buffer = this.free.pop() ?? Buffer.allocUnsafeSlow(FIRST_SIZE);
    let length = 0;
    for await (const chunk of chunks) {
      if (length + chunk.length > buffer.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(buffer.length * 2, length + chunk.length));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      buffer.set(chunk, length);
      length += chunk.length;
    }
    let released = false;
    const kept = buffer;
    return {
      bytes: kept.subarray(0, length),
      release: () => {
        if (released) return;
        released = true;
        if (this.free.length < KEPT && kept.length <= KEEP_AT_MOST) this.free.push(kept);
      },
    };
  }
}
