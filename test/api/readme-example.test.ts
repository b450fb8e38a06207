import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, DocsClient } from '../../src/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';

/** The README's typed-client example, run against the emulator. */
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
});
afterAll(() => emu.close());

describe('typed client, as the README shows it', () => {
  it('creates and merges a change request, then pages through members', async () => {
    const client = new DocsClient({ baseUrl: emu.url, token: 'demo-admin-token' });
    const cr = await client.changeRequests.create({ spaceId: 'space_guides', body: { subject: 'Fix typos' } });
    const { result } = await client.changeRequests.merge({ spaceId: 'space_guides', changeRequestId: cr.number });
    expect(result).toBe('merge');
    expect((await client.changeRequests.get({ spaceId: 'space_guides', changeRequestId: cr.id })).status).toBe('merged');
    const names: string[] = [];
    for await (const member of client.paginate(areas.members.list, { organizationId: 'org_acme' }, { pageSize: 2 })) {
      names.push(member.user?.displayName ?? '');
    }
    expect(names.length).toBeGreaterThanOrEqual(7);
    expect(new Set(names).size).toBe(names.length);
    await client.close();
  });
});
