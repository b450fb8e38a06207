import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';

/**
 * Every operation of the contract is reachable from a named command, not only through
 * `docs api`: each command declares the operations it calls in `static operations`.
 */
const COMMANDS = fileURLToPath(new URL('../../src/commands', import.meta.url));

function commandFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? commandFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('command coverage', () => {
  it('has a named command for each of the 134 operations', async () => {
    const byOperation = new Map<string, string[]>();
    for (const file of commandFiles(COMMANDS)) {
      const mod = (await import(file)) as { default?: { operations?: readonly Operation[] } };
      for (const op of mod.default?.operations ?? []) {
        const name = relative(COMMANDS, file)
          .replace(/\.ts$/, '')
          .replace(/\/index$/, '')
          .split('/')
          .join(' ');
        byOperation.set(op.id, [...(byOperation.get(op.id) ?? []), name]);
      }
    }
    const missing = allOperations.map((op) => op.id).filter((id) => !byOperation.has(id));
    expect(missing, `operations without a command: ${missing.join(', ')}`).toEqual([]);
    expect(allOperations).toHaveLength(134);
  });
});
