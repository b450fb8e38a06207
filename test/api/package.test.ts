import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/index.js';

/*
 * The package as a library user imports it: `docs-cli` through the `exports` map of package.json,
 * from the built dist/ (the test run builds it first, see test/global-setup.ts). Node resolves the
 * package's own name from inside it, so no install is needed.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SCRIPT = `
const lib = await import('docs-cli');
const emulator = await import('docs-cli/emulator');
const client = new lib.DocsClient({ baseUrl: 'http://127.0.0.1:9' });
let refused = '';
try { client.prepare(lib.areas.changeRequests.update, { spaceId: 's', changeRequestId: 1 }); } catch (err) { refused = (err instanceof lib.ValidationError) + ' ' + err.message; }
console.log(JSON.stringify({
  names: Object.keys(lib).sort(),
  emulator: typeof emulator.startEmulator,
  url: client.prepare(lib.areas.changeRequests.merge, { spaceId: 's p', changeRequestId: 3 }).url,
  refused,
}));
`;

describe('package entry', () => {
  it('exports from dist/ what src/index.ts exports, and works as the client', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT, encoding: 'utf8' });
    const got = JSON.parse(out) as { names: string[]; emulator: string; url: string; refused: string };
    expect(got.names).toEqual(Object.keys(entry).sort());
    expect(got.names).toEqual(expect.arrayContaining(['DocsClient', 'areas', 'ApiError', 'ValidationError', 'ExitCode', 'paginate']));
    expect(got.emulator).toBe('function');
    expect(got.url).toBe('http://127.0.0.1:9/v1/spaces/s%20p/change-requests/3/merge');
    expect(got.refused).toBe('true body: required');
  });
});
