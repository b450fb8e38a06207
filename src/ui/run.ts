import { createElement, type ReactElement } from 'react';
import { KeyFeed } from './input.js';
import { KeysContext } from './keys.js';
import { Parting, PartingContext } from './parting.js';
import { RateLimitProvider, type RateLimitWatch } from './rate-limit.js';
import { openTerminal } from './terminal.js';

/**
 * Run an Ink app full screen until it quits, on the terminal session of this process (opened here if
 * bin/run.js did not open it already; see terminal.ts). Ink reads its keys from a KeyFeed fed by the
 * session, so the keys typed before this point reach the app in order, each one on its own. The keys are
 * held until the app's first screen has loaded (useFirstScreen), and the terminal is restored whatever
 * happens. Ctrl-C and signals are the session's: they restore the terminal and exit 130, 143, 129.
 * `rateLimit` shows the API's rate-limit waits in the view's status line, and gives Esc the power to cancel them.
 */
/** The view running now, for `lendTerminal`. */
let running: { session: ReturnType<typeof openTerminal>; clear: () => void } | undefined;

/**
 * Run `work` (the user's editor) with the terminal handed to it, then draw the view again whole. Outside a running
 * view, `work` just runs.
 */
export async function lendTerminal<T>(work: () => Promise<T>): Promise<T> {
  const now = running;
  if (!now?.session) return work();
  try {
    return await now.session.lend(work);
  } finally {
    // Ink draws only what changed since its last frame: forget it, so the next frame is drawn whole on the cleared screen.
    now.clear();
  }
}

export async function runFullScreen(app: ReactElement, title: string, options: { rateLimit?: RateLimitWatch } = {}): Promise<void> {
  const session = openTerminal(title);
  const parting = new Parting();
  try {
    const { render } = await import('ink');
    const feed = new KeyFeed();
    feed.hold();
    session?.attach((chunk) => feed.push(chunk));
    session?.onInterrupt(() => parting.onInterrupt());
    // The first frame was drawn by the session: Ink draws from the top of a clear screen.
    process.stdout.write('\u001B[H\u001B[2J');
    const instance = render(
      createElement(
        KeysContext.Provider,
        { value: feed },
        createElement(PartingContext.Provider, { value: parting }, createElement(RateLimitProvider, { watch: options.rateLimit }, app)),
      ),
      {
        stdin: feed as unknown as NodeJS.ReadStream,
        exitOnCtrlC: false,
        patchConsole: false,
      },
    );
    running = { session, clear: () => instance.clear() };
    await instance.waitUntilExit();
  } finally {
    running = undefined;
    session?.restore();
  }
  if (parting.text) process.stdout.write(`${parting.text}\n`);
}
