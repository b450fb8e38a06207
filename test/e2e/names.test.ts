import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs, ensureBuilt, startEmulator, type RunningEmulator } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';

/** Names a user would guess: `sites spaces remove` (the old `delete` still works, unlisted), `orgs ping`'s summary. */

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const siteSpaces = async (): Promise<string[]> =>
  (await docs(['sites', 'spaces', 'list', DEMO.site], { env })).stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]!);

describe('names', () => {
  it('sites spaces remove takes a space off a site; piped, the row is `<id><TAB>removed`', async () => {
    const [first] = await siteSpaces();
    const res = await docs(['sites', 'spaces', 'remove', DEMO.site, first!, '--yes'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe(`${first}\tremoved\n`);
    expect(await siteSpaces()).not.toContain(first);
  });

  it('the old name `sites spaces delete` still works but is not listed', async () => {
    const [next] = await siteSpaces();
    const res = await docs(['sites', 'spaces', 'delete', DEMO.site, next!, '--yes'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe(`${next}\tremoved\n`);
    const help = await docs(['sites', 'spaces', '--help'], { env });
    expect(help.stdout).toContain('sites spaces remove');
    expect(help.stdout).not.toContain('sites spaces delete');
  });

  it("orgs ping's summary says it updates the last-seen time", async () => {
    const help = await docs(['orgs', '--help'], { env });
    expect(help.stdout).toMatch(/orgs ping +Update your last-seen time in an organization/);
  });
});
