/** Wait until the frame satisfies `test` (a text it contains, or a predicate), polling; fail with the last frame. */
export async function waitForFrame(lastFrame: () => string | undefined, test: string | ((frame: string) => boolean), timeoutMs = 5000): Promise<string> {
  const ok = typeof test === 'string' ? (frame: string) => frame.includes(test) : test;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (ok(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof test === 'string' ? JSON.stringify(test) : 'the frame'}; last frame:\n${frame}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Let Ink handle a key before the next one (input is read on the next tick). */
export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

export const KEYS = { enter: '\r', escape: '\u001B', up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D' } as const;
