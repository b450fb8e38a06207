import { spawn } from 'node:child_process';

/**
 * Long text on a terminal goes through a pager, as `git diff` and `gh pr diff` do: DOCS_PAGER,
 * then PAGER, else `less -FRX` (quits when it fits one screen, keeps colours, leaves the text on
 * screen). An empty value or `cat` means no pager, and so does a stdout that is not a terminal.
 * A pager that cannot be started is skipped: the text is written directly.
 */

export const DEFAULT_PAGER = 'less -FRX';

/** The pager's words, or undefined for none. */
export function pagerCommand(env: Readonly<Record<string, string | undefined>>, stdoutIsTTY: boolean): string[] | undefined {
  if (!stdoutIsTTY) return undefined;
  const raw = env.DOCS_PAGER ?? env.PAGER ?? DEFAULT_PAGER;
  const words = splitWords(raw);
  if (words.length === 0 || (words.length === 1 && words[0] === 'cat')) return undefined;
  return words;
}

/** Split a command line on blanks, honouring '...' and "..." quotes and backslash escapes (no expansion). */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

export interface PageOptions {
  env: Readonly<Record<string, string | undefined>>;
  stdout: { isTTY?: boolean; write(chunk: string): boolean };
}

/** Show `text` through the pager (waiting until it is closed), or write it to stdout. */
export async function page(text: string, options: PageOptions): Promise<void> {
  const command = pagerCommand(options.env, options.stdout.isTTY === true);
  if (!command || !(await throughPager(command, text, options.env))) options.stdout.write(text);
}

/** True once the pager ran; false when it could not be started (nothing was shown). */
function throughPager(command: string[], text: string, env: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  const [file, ...args] = command as [string, ...string[]];
  // Like git: less and lv get colour-friendly defaults unless the user set their own.
  const childEnv = { ...process.env, ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' };
  // Ctrl-C belongs to the pager while it runs (less uses it to stop a search); we wait for it to exit.
  const sigint = process.listeners('SIGINT');
  process.removeAllListeners('SIGINT');
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.removeListener('SIGINT', ignore);
    for (const listener of sigint) process.on('SIGINT', listener);
  };
  return new Promise((resolve) => {
    let started = false;
    const child = spawn(file, args, { stdio: ['pipe', 'inherit', 'inherit'], env: childEnv });
    child.once('spawn', () => {
      started = true;
      // The reader may quit before reading everything (q in less): that is not an error.
      child.stdin.on('error', ignore);
      child.stdin.end(text);
    });
    const finish = () => {
      restore();
      resolve(started);
    };
    child.once('error', finish);
    child.once('close', finish);
  });
}
