/**
 * Wait until the last frame of an ink-testing-library render contains `text` (or matches it), polling:
 * the views load over real HTTP, so a frame is only right once the answer has arrived.
 */
export async function waitForFrame(lastFrame: () => string | undefined, text: string | RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (typeof text === 'string' ? frame.includes(text) : text.test(frame)) {
      // Ink subscribes to keys in an effect after the frame is drawn: let it, before the next key.
      await tick(100);
      return frame;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)} in the frame:\n${frame}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Let Ink handle what was written to stdin before the next key (input is read on the next tick). */
export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
