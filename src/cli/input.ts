import { errnoWords } from '../api/private-files.js';
import { UsageError } from './errors.js';
import { readAll } from './prompt.js';

/**
 * The text a `--flag <file|->` names: the file, or `stdin` (the run's: `this.io.stdin`) for `-`. A file that cannot be read is a
 * usage error naming the flag and why (`--body-file notes.md: cannot read it (no such file)`).
 */
export async function readTextArg(flag: string, source: string, stdin: NodeJS.ReadableStream): Promise<string> {
  try {
    if (source === '-') return await readAll(stdin);
    // Imported here, not at the top: node:fs/promises loads readline and ~30 of Node.js's modules, which every
    // command importing this file paid for at start-up.
    const { readFile } = await import('node:fs/promises');
    return await readFile(source, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`--${flag} ${source}: cannot read it (${errnoWords(code) ?? (err as Error).message})`);
  }
}
