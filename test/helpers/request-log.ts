import { readFileSync } from 'node:fs';

/**
 * The lines of an emulator's request log (`--log`) once it has stopped growing: the log's stream writes behind the
 * answers, so a test that reads it as soon as its command is done can miss the last lines.
 */
export async function settledLogLines(file: string): Promise<string[]> {
  const read = () => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  let lines = read();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const again = read();
    if (again.length === lines.length) return again;
    lines = again;
  }
  return lines;
}
