/**
 * The terminal of an interactive view (`docs cr review`, `docs spaces browse`), from the first moment
 * to the last. It has no static imports, so that bin/run.js can open it before the CLI itself loads:
 *
 * - open: raw mode at once (keys typed while the CLI starts are kept for the view, and what the terminal
 *   echoed of them before raw mode is wiped), the alternate screen, bracketed paste, the cursor hidden, and a first frame drawn;
 * - Ctrl-C at any moment: the terminal is restored and the process exits with 130;
 * - SIGTERM and SIGHUP: restored, exit 143 and 129;
 * - restore (also on any exit): the alternate screen left, the cursor shown, raw mode off.
 *
 * There is one session per process; bin/run.js and the command share it through this module.
 */

const ESC = '\u001B';
// Keys typed before raw mode was on were echoed by the terminal on the line the shell left the cursor
// on; that line is cleared first, so they are not there when the shell's screen comes back.
const ENTER = `\r${ESC}[K${ESC}[?1049h${ESC}[?25l${ESC}[?2004h${ESC}[H${ESC}[2J`;
const LEAVE = `${ESC}[?2004l${ESC}[0m${ESC}[?25h${ESC}[?1049l`;
const CTRL_C = 0x03;
const LINE_FEED = 0x0a;

/** The two streams a session needs; process.stdin and process.stdout in the CLI. */
export interface TerminalStreams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

export class TerminalSession {
  private readonly buffered: Buffer[] = [];
  private consumer: ((chunk: Buffer) => void) | undefined;
  private restored = false;
  private firstRead = true;
  /**
   * Lines the terminal moved down while echoing keys typed before raw mode was on (each Enter typed ahead).
   * What the terminal held when raw mode went on is the first read, however late the CLI gets to it, and an
   * Enter typed before raw mode is in it as a line feed (the terminal turned its CR into LF then); an Enter
   * typed in raw mode is a CR, so the line feeds of the first read count the echoed lines, and nothing else.
   */
  private echoedLines = 0;
  private readonly onData = (chunk: Buffer | string) => this.receive(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  private readonly onSignal = (signal: NodeJS.Signals) => this.exit(signal === 'SIGTERM' ? 143 : 129);
  private readonly onExit = () => this.restore();
  /** What to leave on the shell's screen when Ctrl-C or a signal ends the view. */
  private interruptText: (() => string | undefined) | undefined;

  constructor(
    private readonly streams: TerminalStreams,
    title: string,
    private readonly exitProcess: (code: number) => void = (code) => process.exit(code),
  ) {
    streams.stdin.setRawMode(true);
    streams.stdin.on('data', this.onData);
    streams.stdin.resume();
    streams.stdout.write(ENTER + firstFrame(title, streams.stdout.columns || 80));
    process.on('SIGTERM', this.onSignal);
    process.on('SIGHUP', this.onSignal);
    process.on('exit', this.onExit);
  }

  /** What the terminal sends from now on goes to `consumer`, after what arrived before. */
  attach(consumer: (chunk: Buffer) => void): void {
    this.consumer = consumer;
    for (const chunk of this.buffered.splice(0)) consumer(chunk);
  }

  /**
   * The first frame's second line, the loading line, says `text` instead (in yellow when `warn`): what holds the
   * view back before it is drawn. Nothing once the terminal is given back.
   */
  status(text: string, warn = false): void {
    if (this.restored) return;
    const columns = this.streams.stdout.columns || 80;
    const plain = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
    const cut = text.length > columns ? `${text.slice(0, Math.max(0, columns - 1))}…` : text;
    const styled = plain ? cut : `${ESC}[${warn ? '33' : '2'}m${cut}${ESC}[0m`;
    this.streams.stdout.write(`${ESC}[2;1H${ESC}[2K${styled}`);
  }

  get isRestored(): boolean {
    return this.restored;
  }

  /**
   * When Ctrl-C or a signal ends the view, `text()` is written on the shell's screen after the terminal is given
   * back (an action in flight that may have been applied, a conflict's way out).
   */
  onInterrupt(text: () => string | undefined): void {
    this.interruptText = text;
  }

  /**
   * Lend the terminal to another program (the user's editor) while `work` runs: the alternate screen left, raw
   * mode off, no keys read, SIGINT ignored (Ctrl-C there is the program's); then taken back, on a clear screen.
   */
  async lend<T>(work: () => Promise<T>): Promise<T> {
    if (this.restored) return work();
    const { stdin, stdout } = this.streams;
    const ignore = () => undefined;
    stdin.off('data', this.onData);
    stdin.pause();
    stdout.write(LEAVE);
    try {
      stdin.setRawMode(false);
    } catch {
      // The terminal is gone: the program finds out by itself.
    }
    process.on('SIGINT', ignore);
    try {
      return await work();
    } finally {
      process.off('SIGINT', ignore);
      if (!this.restored) {
        try {
          stdin.setRawMode(true);
        } catch {
          // As above.
        }
        stdin.on('data', this.onData);
        stdin.resume();
        stdout.write(`${ESC}[?1049h${ESC}[?25l${ESC}[?2004h${ESC}[H${ESC}[2J`);
      }
    }
  }

  /** Give the terminal back as it was. Safe to call more than once. */
  restore(): void {
    if (this.restored) return;
    this.restored = true;
    this.consumer = undefined;
    const { stdin, stdout } = this.streams;
    stdin.off('data', this.onData);
    try {
      stdin.setRawMode(false);
    } catch {
      // The terminal is gone (hang-up): nothing to give back.
    }
    stdin.pause();
    // Back on the shell's screen, where the echo of keys typed ahead was left: the line the cursor is on was
    // cleared at open; the lines above it that an Enter typed ahead pushed the echo onto are cleared now.
    stdout.write(LEAVE + (this.echoedLines > 0 ? `${ESC}[${this.echoedLines}A\r${ESC}[J` : ''));
    process.off('SIGTERM', this.onSignal);
    process.off('SIGHUP', this.onSignal);
    process.off('exit', this.onExit);
    if (current === this) current = undefined;
  }

  private receive(chunk: Buffer): void {
    // Ctrl-C quits at any moment, whatever has the keys; in raw mode it arrives as a byte, not a signal.
    if (chunk.includes(CTRL_C)) return this.exit(130);
    if (this.firstRead) this.echoedLines = chunk.filter((byte) => byte === LINE_FEED).length;
    this.firstRead = false;
    if (this.consumer) this.consumer(chunk);
    else this.buffered.push(chunk);
  }

  private exit(code: number): void {
    const wasOpen = !this.restored;
    this.restore();
    const text = wasOpen ? this.interruptText?.() : undefined;
    if (text) this.streams.stdout.write(`${text}\n`);
    this.exitProcess(code);
  }
}

let current: TerminalSession | undefined;

/**
 * The session of this process, opened now with a first frame titled `title` if it is not open yet.
 * Undefined when standard input or output is not a terminal (the command then explains that it needs one).
 */
export function openTerminal(title: string, streams: TerminalStreams = process): TerminalSession | undefined {
  if (current) return current;
  if (!streams.stdin.isTTY || !streams.stdout.isTTY) return undefined;
  current = new TerminalSession(streams, title);
  return current;
}

/** The first frame, drawn before anything else loads: the view's title and a loading line. */
function firstFrame(title: string, columns: number): string {
  const plain = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
  const cut = (text: string) => (text.length > columns ? `${text.slice(0, Math.max(0, columns - 1))}…` : text);
  const bold = (text: string) => (plain ? text : `${ESC}[1;36m${text}${ESC}[0m`);
  const dim = (text: string) => (plain ? text : `${ESC}[2m${text}${ESC}[0m`);
  return `${bold(cut(title))}\r\n${dim(cut('Loading…'))}`;
}

/** The views that bin/run.js opens a session for before loading the CLI, by their command words. */
export const INTERACTIVE_COMMANDS: Record<string, string> = {
  'cr review': 'docs cr review',
  'spaces browse': 'docs spaces browse',
};

/**
 * Called by bin/run.js with the id of the command argv runs (bin/manifest.js finds it as oclif does) and argv:
 * opens the session at once for an interactive view on a terminal (not for its --help).
 */
export function openEarly(id: string | undefined, argv: readonly string[]): void {
  const words = (id ?? '').split(':').join(' ');
  const title = INTERACTIVE_COMMANDS[words];
  if (title === undefined) return;
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return;
  if (openTerminal(title)) void VIEW_CODE[words as keyof typeof VIEW_CODE]().catch(() => undefined);
}

/**
 * Each view's code: what its command needs to draw it (the runner, the view, the rate limit's watch), asked for the
 * moment its session opens. Reading and compiling Ink and the view then fills the time the CLI spends waiting on
 * its own files, instead of starting once the command runs. The command takes the same modules from here (one
 * list, one copy), and any failure to load them is reported there.
 */
export const VIEW_CODE = {
  'cr review': () => Promise.all([import('./run.js'), import('./cr-review/index.js'), import('./rate-limit.js')]),
  'spaces browse': () => Promise.all([import('./run.js'), import('./space-browser/index.js'), import('./rate-limit.js')]),
};
