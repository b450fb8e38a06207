import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFile, createRevision, fileBytes, getRevision } from '../../../src/emulator/domain/revisions.js';
import { setSpaceRevision, type SpaceDoc } from '../../../src/emulator/domain/spaces.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { Store } from '../../../src/emulator/store/store.js';

/* File bytes are stored once (content-addressed) and read without parsing the space's history. */

let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const seed = {
  users: [{ id: 'usr_a', displayName: 'Ada', tokens: ['blob-admin-token'] }],
  organizations: [
    {
      id: 'org_b',
      title: 'Blobs',
      members: [{ user: 'usr_a', role: 'admin' as const }],
      spaces: [
        {
          id: 'sp_b',
          title: 'Files',
          pages: [{ title: 'Home', markdown: '# Home' }],
          files: [{ id: 'fl_big', name: 'big.bin', contentType: 'application/octet-stream', text: 'x'.repeat(16_384) }],
        },
      ],
    },
  ],
};

describe('file bytes', () => {
  it('are stored once however many revisions keep the file, and the same bytes in two files once', async () => {
    const store = new Store();
    const a = buildFile(store, { name: 'a.txt', contentType: 'text/plain', content: 'same bytes' });
    const b = buildFile(store, { name: 'b.txt', contentType: 'text/plain', content: 'same bytes' });
    expect(a._blob).toBe(b._blob);
    expect(store.count('blob')).toBe(1);
    expect(fileBytes(store, b).toString()).toBe('same bytes');
    // Revisions written before blobs keep their base64 bytes and still read.
    expect(fileBytes(store, { _content: Buffer.from('old').toString('base64') }).toString()).toBe('old');
    store.close();
  });

  it('keep a revision that leaves the file unchanged small, and download from the current revision without reading older ones', async () => {
    emu = await startEmulator({ seed });
    const { store } = emu;
    const space = store.get<SpaceDoc>('space', 'sp_b') as SpaceDoc;
    const first = getRevision(store, space.revision);
    const sizeOf = (id: string) =>
      store.db.prepare<{ n: number }>('SELECT length(data) AS n FROM docs WHERE kind = ? AND id = ?').get('revision', id)?.n;
    expect(sizeOf(first.id)).toBeLessThan(4096);
    for (let i = 0; i < 5; i++) {
      const current = getRevision(store, (store.get<SpaceDoc>('space', 'sp_b') as SpaceDoc).revision);
      const next = createRevision(store, {
        space: 'sp_b',
        parents: [current.id],
        pages: [...current.pages],
        files: [...current.files],
        createdAt: new Date().toISOString(),
        type: 'edits',
      });
      setSpaceRevision(store, store.get<SpaceDoc>('space', 'sp_b') as SpaceDoc, next.id, new Date());
      expect(sizeOf(next.id)).toBeLessThan(4096);
    }
    expect(store.count('blob')).toBe(1);

    const all = vi.spyOn(store, 'all');
    const res = await fetch(`${emu.url}/_emulator/files/sp_b/fl_big/big.bin`);
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBe(16_384);
    expect(all.mock.calls.filter(([kind]) => kind === 'revision')).toEqual([]);
    all.mockRestore();
  });
});
