import { Flags } from '@oclif/core';
import { ExitCode } from '../api/errors.js';
import { CommandFailure } from './errors.js';
import type { IO } from './io.js';

/**
 * `--web`: the resource's app URL in the browser, as `gh ... --web`. On a terminal the URL is also
 * printed (stderr), so it can be clicked when nothing opens; piped, the URL is printed on stdout
 * and no browser is started (a script gets the URL, never a window). `BROWSER=none` never starts
 * one either. The `open` package is loaded only when a browser is really started.
 */

export const webFlag = () => Flags.boolean({ description: 'Open it in the app in a browser (piped: print the URL)' });

export interface WebIO {
  env: NodeJS.ProcessEnv;
  stdoutIsTTY: boolean;
  out(text: string): void;
  err(text: string): void;
  launch?: (url: string) => Promise<void>;
}

/** Opens `url` with the system's opener; throws when it is missing or finds no browser. */
export const launchBrowser = async (url: string): Promise<void> => {
  const { default: open } = await import('open');
  const child = await open(url);
  // An opener that is missing, or finds no browser (xdg-open on a server), fails after the spawn:
  // wait briefly for its verdict; one still running by then has opened something.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, 1500);
    child.once('error', (err) => (clearTimeout(timer), reject(err)));
    child.once('exit', (code) => (clearTimeout(timer), code ? reject(new Error(`the opener exited with status ${code}`)) : resolve()));
  });
};

export async function openWeb(url: string | undefined, what: string, io: WebIO): Promise<void> {
  if (!url) throw new CommandFailure(`the API gave no app URL for ${what}`, ExitCode.unexpected);
  if (!io.stdoutIsTTY || io.env.BROWSER === 'none') {
    io.out(url);
    return;
  }
  io.err(`Opening ${url} in the browser.`);
  try {
    await (io.launch ?? launchBrowser)(url);
  } catch {
    io.err(`No browser could be opened; open the URL yourself: ${url}`);
  }
}

/** The IO of a command run: its output, and the environment and stdout of its `io`. */
export const webIO = (output: { line(text: string): void; info(text: string): void }, io: Pick<IO, 'env' | 'stdout'>): WebIO => ({
  env: io.env,
  stdoutIsTTY: io.stdout.isTTY === true,
  out: (text) => output.line(text),
  err: (text) => output.info(text),
});
