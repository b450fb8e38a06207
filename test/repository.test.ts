import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/e2e.js';

/**
 * The repository stands alone: a clone with nothing beside it builds and passes its tests. No
 * source, test, bench or CI file may read a path that climbs out of the repository.
 */

const DIRS = ['src', 'test', 'bench', 'bin', '.ci'];
// Relative paths the file loads or reads from its own place: imports, `new URL('../x', import.meta.url)`,
// `require('../x')`. (Hostile paths that tests send to the emulator are data, not reads.)
const RELATIVE = /(?:\bfrom\s+|\bimport\(\s*|\brequire\(\s*|\bnew URL\(\s*)['"`](\.\.?\/[^'"`\s]*)['"`]/g;
const outside = (file: string, path: string) => relative(ROOT, resolve(dirname(file), path)).startsWith('..');

function files(dir: string): string[] {
  // .ci/runtimes/*/node_modules holds the Node.js runtimes CI installs (git-ignored): not the repository's files.
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('the repository stands alone', () => {
  it('no file under src, test, bench, bin or .ci reads a path outside the repository', () => {
    const offenders: string[] = [];
    for (const file of DIRS.flatMap((d) => files(join(ROOT, d)))) {
      if (file === new URL(import.meta.url).pathname) continue;
      const text = readFileSync(file, 'utf8');
      text.split('\n').forEach((line, i) => {
        const climbs = [...line.matchAll(RELATIVE)].some((m) => outside(file, m[1]!));
        if (climbs || /\bshared\/(spec|design|seed)\b|\.\.\/shared\b/.test(line))
          offenders.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('comments cite the documents of the repository, not design notes that live outside it', () => {
    const offenders = DIRS.flatMap((d) => files(join(ROOT, d)))
      .filter((file) => file !== new URL(import.meta.url).pathname)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(ROOT, file)}:${i + 1}` }))
          .filter(({ line }) => /\b(PRODUCT|ARCHITECTURE|EMULATOR)\.md\b|(?<!CONTRACT-)\bNOTES(\.md| §)/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
