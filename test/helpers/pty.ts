import { Unicode11Addon } from '@xterm/addon-unicode11';
import { Terminal } from '@xterm/headless';
import { spawn, type IPty } from '@lydell/node-pty';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { BIN, ROOT, transcript } from './e2e.js';

/**
 * `docs <args>` on a real pseudo-terminal (@lydell/node-pty: node-pty as published, with prebuilt binaries
 * for Linux, macOS and Windows on x64 and arm64, so no compiler at install), read back through a terminal
 * emulator (@xterm/headless), for what only a person at a terminal sees: full-screen views, keys as a
 * terminal sends them, Ctrl-C, signals and resizes.
 *
 * The command runs under `sh`, which after it prints its exit status and the terminal's settings
 * (`stty -a`), so a test can check that the view gave the terminal back: raw mode off (icanon, echo),
 * the alternate screen left, the cursor shown.
 */
export interface PtyRun {
  /** The visible screen, one string per row, trailing spaces cut. */
  screen(): string[];
  /** Which screen is showing: the view's (alternate) or the shell's (normal). */
  buffer(): 'normal' | 'alternate';
  /** The terminal column (cell) where `text` starts on screen row `row`: a wide character takes two cells. */
  column(row: number, text: string): number;
  /** Everything the terminal received, escape codes included. */
  raw(): string;
  /** Send `keys` in one write, as a terminal does for a paste or for keys typed faster than a read. */
  type(keys: string): void;
  /** Wait until the screen shows `text` (or matches it). Fails with the screen. */
  waitFor(text: string | RegExp | ((lines: string[]) => boolean), timeoutMs?: number): Promise<string[]>;
  resize(columns: number, rows: number): void;
  /** Send a signal to the docs process itself (not the shell around it). */
  signal(name: NodeJS.Signals): void;
  /** Resolves when the docs process has exited: its status, and the terminal's settings after it. */
  exited: Promise<{ code: number; stty: string }>;
  /**
   * `exited`, or after `ms` a failure that says whether the docs process is still there and in what state
   * (from /proc), with the screen: what to look at when a process does not exit.
   */
  exitedWithin(ms: number): Promise<{ code: number; stty: string }>;
}

const ESC = '\u001B';
export const KEY = {
  enter: '\r',
  escape: ESC,
  up: `${ESC}[A`,
  down: `${ESC}[B`,
  right: `${ESC}[C`,
  left: `${ESC}[D`,
  ctrlC: '\u0003',
  paste: (text: string) => `${ESC}[200~${text}${ESC}[201~`,
} as const;

export function docsOnPty(
  args: readonly string[],
  options: { env?: Record<string, string>; columns?: number; rows?: number } = {},
): PtyRun {
  const columns = options.columns ?? 80;
  const rows = options.rows ?? 24;
  const term = new Terminal({ cols: columns, rows, allowProposedApi: true });
  // Emoji are two columns wide since Unicode 9, as in the terminals people use; xterm's default is Unicode 6.
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  let output = '';
  let ended = false;
  // The shell prints the status and the settings after the command, between markers, then waits to be
  // killed: on Linux, what a program writes just before the terminal's last holder exits can be lost
  // (node-pty reports the exit before it has read everything), so the shell holds the terminal open
  // until the markers have been read.
  const script = `"$@"; status=$?; printf '\\n@@EXIT=%s@@\\n' "$status"; stty -a; printf '@@END@@\\n'; exec sleep 60`;
  const pty: IPty = spawn('sh', ['-c', script, 'sh', process.execPath, BIN, ...args], {
    name: 'xterm-256color',
    cols: columns,
    rows,
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: join(tmpdir(), 'docs-e2e-home'),
      TERM: 'xterm-256color',
      ...options.env,
    },
  });
  let resolveExit: (value: { code: number; stty: string }) => void;
  const exited = new Promise<{ code: number; stty: string }>((resolve) => {
    resolveExit = resolve;
  });
  pty.onData((data) => {
    output += data;
    term.write(data);
    const done = ended ? null : /@@EXIT=(\d+)@@[\s\S]*@@END@@/.exec(output);
    if (done) {
      ended = true;
      const stty = output.slice(output.lastIndexOf('@@EXIT='), output.lastIndexOf('@@END@@'));
      // Once the terminal emulator has taken in everything received so far; then the shell may go.
      term.write('', () => {
        resolveExit({ code: Number(done[1]), stty });
        try {
          pty.kill();
        } catch {
          // Gone already.
        }
      });
    }
  });
  pty.onExit(() => {
    transcript.push(`$ docs ${args.join(' ')} (on a pseudo-terminal)\n${output}`);
  });
  const screen = () => {
    const buffer = term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < term.rows; i += 1) lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return lines;
  };
  // xterm applies writes asynchronously: read the screen once everything written so far is parsed.
  const settled = () => new Promise<void>((resolve) => term.write('', resolve));
  return {
    screen,
    buffer: () => term.buffer.active.type,
    column(row, text) {
      const buffer = term.buffer.active;
      const line = buffer.getLine(buffer.viewportY + row);
      let joined = '';
      const cellOf: number[] = [];
      for (let x = 0; line && x < term.cols; x += 1) {
        const chars = line.getCell(x)?.getChars() ?? '';
        for (let k = 0; k < chars.length; k += 1) cellOf.push(x);
        joined += chars;
      }
      const at = joined.indexOf(text);
      return at < 0 ? -1 : (cellOf[at] as number);
    },
    raw: () => output,
    type: (keys) => pty.write(keys),
    async waitFor(text, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await settled();
        const lines = screen();
        const joined = lines.join('\n');
        if (typeof text === 'string' ? joined.includes(text) : text instanceof RegExp ? text.test(joined) : text(lines)) return lines;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)}; the screen:\n${joined}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    resize(c, r) {
      pty.resize(c, r);
      term.resize(c, r);
    },
    signal(name) {
      const child = docsProcess();
      if (child === undefined) throw new Error('the docs process is not running');
      process.kill(Number(child), name);
    },
    exited,
    exitedWithin(ms) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const child = docsProcess();
          const state = child === undefined ? 'no docs process is left' : `docs process ${child}: ${processState(child)}`;
          reject(new Error(`the process did not exit within ${ms} ms (${state}); the screen:\n${screen().join('\n')}`));
        }, ms);
      });
      return Promise.race([exited, late]).finally(() => clearTimeout(timer));
    },
  };

  /** The shell's child is the docs process: the one whose parent is the shell, read from /proc. */
  function docsProcess(): string | undefined {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .find((entry) => {
        try {
          return (
            readFileSync(`/proc/${entry}/stat`, 'utf8')
              .replace(/^.*\) /, '')
              .split(' ')[1] === String(pty.pid)
          );
        } catch {
          return false;
        }
      });
  }
}

/** A process's state and what it waits in, as /proc tells (for a failure message). */
function processState(pid: string): string {
  try {
    const state = /^State:\s*(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '?';
    const wchan = readFileSync(`/proc/${pid}/wchan`, 'utf8').trim() || '-';
    return `${state}, waiting in ${wchan}`;
  } catch {
    return 'gone';
  }
}

/** Whether `stty -a` output says the terminal is back in its usual (cooked, echoing) mode. */
export function cooked(stty: string): boolean {
  return /(^|\s)icanon(\s|;|$)/.test(stty) && /(^|\s)echo(\s|;|$)/.test(stty);
}
