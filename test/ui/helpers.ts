/**
 * Wait until the last frame of an ink-testing-library render contains `text`, matches it, or passes
 * the predicate, polling: the views load over real HTTP, so a frame is only right once the answer
 * has arrived. Fails with the last frame.
 */
export async function waitForFrame(
  lastFrame: () => string | undefined,
  text: string | RegExp | ((frame: string) => boolean),
  timeoutMs = 10_000,
): Promise<string> {
  const ok = typeof text === 'string' ? (f: string) => f.includes(text) : text instanceof RegExp ? (f: string) => text.test(f) : text;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (ok(frame)) {
      // Ink subscribes to keys in an effect after the frame is drawn: let it, before the next key.
      await tick(100);
      return frame;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof text === 'function' ? 'the frame' : String(text)}; last frame:\n${frame}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Let Ink handle what was written to stdin before the next key (input is read on the next tick). */
export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

export const KEYS = { enter: '\r', escape: '\u001B', up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D' } as const;
