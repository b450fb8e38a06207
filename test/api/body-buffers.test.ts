import { describe, expect, it } from 'vitest';
import { BodyBuffers } from '../../src/api/body-buffers.js';

async function* chunks(...parts: (string | Buffer)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

describe('BodyBuffers', () => {
  it('reads a body of many chunks whole, growing its buffer past the first size', async () => {
    const big = Buffer.alloc(300 * 1024, 'x');
    const { bytes } = await new BodyBuffers().read(chunks('{"a":', big, '1}'));
    expect(bytes.length).toBe(big.length + 7);
    expect(bytes.subarray(0, 5).toString()).toBe('{"a":');
    expect(bytes.subarray(-2).toString()).toBe('1}');
    expect(bytes.subarray(5, -2).equals(big)).toBe(true);
  });

  it('uses a buffer again only once it was given back, keeps two, and gives back once however often called', async () => {
    const pool = new BodyBuffers();
    const a = await pool.read(chunks('first'));
    const b = await pool.read(chunks('second'));
    expect(b.bytes.buffer).not.toBe(a.bytes.buffer);
    expect(a.bytes.toString()).toBe('first');
    a.release();
    a.release();
    const c = await pool.read(chunks('third'));
    expect(c.bytes.buffer).toBe(a.bytes.buffer);
    // Released twice, kept once: the next body gets a new buffer, not `c`'s.
    const d = await pool.read(chunks('fourth'));
    expect(d.bytes.buffer).not.toBe(c.bytes.buffer);
    expect(c.bytes.toString()).toBe('third');
    for (const body of [b, c, d]) body.release();
    const kept = new Set([(await pool.read(chunks('x'))).bytes.buffer, (await pool.read(chunks('y'))).bytes.buffer]);
    expect(kept.size).toBe(2);
    expect(kept.has((await pool.read(chunks('z'))).bytes.buffer)).toBe(false);
  });

  it('does not keep a buffer grown past 16 MB', async () => {
    const pool = new BodyBuffers();
    const huge = await pool.read(chunks(Buffer.alloc(17 * 1024 * 1024)));
    huge.release();
    expect((await pool.read(chunks('small'))).bytes.buffer).not.toBe(huge.bytes.buffer);
  });
});
