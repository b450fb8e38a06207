import { render as inkRender } from 'ink';
import { EventEmitter } from 'node:events';
import { createElement, type ReactElement } from 'react';
import { KeyFeed, whenIdle } from '../../src/ui/input.js';
import { KeysContext } from '../../src/ui/keys.js';

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
      await settled();
      return frame;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof text === 'function' ? 'the frame' : String(text)}; last frame:\n${frame}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Let Ink handle what was written to stdin before the next key (input is read on the next tick). */
export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Once React is idle: what the last key changed is drawn, and what the drawn screen subscribes to is subscribed. */
export const settled = () => new Promise<void>((resolve) => whenIdle(resolve));

export const KEYS = { enter: '\r', escape: '\u001B', up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D' } as const;

/**
 * Render an app as `docs` runs it: Ink reads its keys from the input layer's KeyFeed (src/ui/input.ts),
 * so what `type` writes in one call arrives as one read from the terminal would, split into keys there.
 * `columns` and `rows` size the fake terminal, and `resize` changes them as a terminal window does.
 */
export function renderView(tree: ReactElement, options: { columns?: number; rows?: number; hold?: boolean } = {}) {
  const stdout = new FakeStdout(options.columns ?? 100, options.rows ?? 30);
  const stderr = new FakeStdout(options.columns ?? 100, options.rows ?? 30);
  const feed = new KeyFeed();
  if (options.hold) feed.hold();
  const instance = inkRender(createElement(KeysContext.Provider, { value: feed }, tree), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: feed as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    lastFrame: () => stdout.last,
    frames: stdout.frames,
    feed,
    /** Write `text` as one read from the terminal. */
    type: (text: string) => feed.push(text),
    resize: (columns: number, rows: number) => stdout.resize(columns, rows),
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
    waitUntilExit: () => instance.waitUntilExit(),
  };
}

class FakeStdout extends EventEmitter {
  readonly frames: string[] = [];
  last: string | undefined;
  readonly isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    this.last = frame;
    return true;
  };
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}
