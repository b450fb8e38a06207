import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/*
 * Piped, the answer to a change is one row with the id first, the same for every command
 * (src/cli/output.ts). The rows commands pass to `done` are the `…Row` columns of src/cli/format.
 */
it('every change row of the formatters starts with the id (a slug for OpenAPI specifications)', async () => {
  const dir = fileURLToPath(new URL('../../src/cli/format/', import.meta.url));
  const rows: [string, string][] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(/* @vite-ignore */ `${dir}${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (/Row$/.test(name) && value && typeof value === 'object') rows.push([`${file}:${name}`, Object.keys(value)[0] ?? '']);
    }
  }
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.filter(([, first]) => !/(^|\s)ID$|^SLUG$/.test(first))).toEqual([]);
});
