import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancelledError, CommandFailure, UsageError } from './errors.js';
import type { IO } from './io.js';
import { ExitCode } from '../api/errors.js';

/**
 * Text written in the user's editor, as `git commit` and `gh` do: `$VISUAL`, else `$EDITOR`, else
 * `vi`, on a temporary file holding a `#` comment that says what to write. Lines starting with `#`
 * are dropped; an empty text cancels (exit 2, nothing sent). The editor may carry arguments
 * (`code --wait`), so it runs through the shell, with the file's path quoted.
 */

export interface EditorOptions {
  /** What is written: `the comment`, `the reply`. */
  what: string;
  env?: NodeJS.ProcessEnv;
  /** The text the file starts with (a draft to go on with). */
  initial?: string;
}

export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

export async function textFromEditor(options: EditorOptions): Promise<string> {
  const env = options.env ?? process.env;
  const editor = editorCommand(env);
  const dir = await mkdtemp(join(tmpdir(), 'docs-edit-'));
  const file = join(dir, 'TEXT.md');
  try {
    await writeFile(
      file,
      `${options.initial ? `${options.initial.trimEnd()}\n` : ''}\n# Write ${options.what} above (markdown). Lines starting with # are dropped; an empty text cancels.\n`,
      {
        mode: 0o600,
      },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(`${editor} ${quote(file)}`, { shell: true, stdio: 'inherit', env });
      child.on('error', reject);
      child.on('exit', (status) => resolve(status));
    });
    if (code !== 0)
      throw new CommandFailure(`the editor (${editor}) exited with status ${code ?? 'unknown'}; nothing was sent`, ExitCode.usage);
    const text = (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n')
      .trim();
    if (text === '') throw new CancelledError(`Cancelled: ${options.what} is empty; nothing was sent.`);
    return text;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A person is there to ask (stdin, stdout and stderr are terminals) and the output is not for a program (--json). */
export function mayPrompt(isJson: boolean, io: Pick<IO, 'stdin' | 'stdout' | 'stderr'>): boolean {
  return !isJson && io.stdin.isTTY === true && io.stdout.isTTY === true && io.stderr.isTTY === true;
}

/** The text given with --body/--body-file; else, with a person there, the editor's; else a usage error. */
export async function bodyOrEditor(
  given: { markdown: string } | undefined,
  isJson: boolean,
  what: string,
  io: Pick<IO, 'stdin' | 'stdout' | 'stderr' | 'env'>,
): Promise<{ markdown: string }> {
  if (given) return given;
  if (mayPrompt(isJson, io)) return { markdown: await textFromEditor({ what, env: io.env }) };
  throw new UsageError('no text given: pass --body "<markdown>" or --body-file <file|->');
}
