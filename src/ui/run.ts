import type { ReactElement } from 'react';

/**
 * Run an Ink app on the terminal until it exits. Ink is imported here, on demand, so that only the
 * interactive commands pay for loading it. The app draws on the alternate screen, like `less`, so
 * the shell's scrollback is left as it was when it quits.
 */
export async function runFullScreen(app: ReactElement): Promise<void> {
  const { render } = await import('ink');
  const alternate = process.stdout.isTTY === true;
  if (alternate) process.stdout.write('\u001B[?1049h\u001B[H');
  try {
    const instance = render(app, { exitOnCtrlC: true });
    await instance.waitUntilExit();
  } finally {
    if (alternate) process.stdout.write('\u001B[?1049l');
  }
}
