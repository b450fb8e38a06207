import { describe, expect, it } from 'vitest';
import type { DocsClient } from '../../src/api/client.js';
import type { Page } from '../../src/api/schemas/content.js';
import { CONCURRENCY, diffChangeRequest } from '../../src/content/diff.js';
import { withCall } from '../helpers/area-call.js';

/**
 * How diffChangeRequest reads content from a server whose page lists carry no markdown (only
 * document ids): a client with the four content methods it uses, answering from memory.
 */

interface Body {
  documentId: string;
  markdown: string;
}
interface Node {
  id: string;
  title: string;
  body?: Body;
  pages?: Node[];
}
type Tree = Node[];

function fakeClient(primary: Tree, proposed: Tree) {
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const bodies = (tree: Tree, map = new Map<string, Body>()): Map<string, Body> => {
    for (const p of tree) {
      if (p.body) map.set(p.id, p.body);
      bodies(p.pages ?? [], map);
    }
    return map;
  };
  const list = (tree: Tree): Page[] =>
    tree.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.id,
      type: p.body ? 'document' : 'group',
      ...(p.body ? { documentId: p.body.documentId } : {}),
      pages: list(p.pages ?? []),
    }));
  const getPage = (side: string, tree: Tree) => async (params: { pageId: string; query?: { format?: string } }) => {
    requests.push(`${side}:${params.pageId}:${params.query?.format}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    const body = bodies(tree).get(params.pageId);
    if (!body) throw new Error(`no page ${params.pageId}`);
    return { id: params.pageId, type: 'document', title: params.pageId, markdown: body.markdown };
  };
  const client = withCall({
    content: { listPages: async () => ({ pages: list(primary) }), getPage: getPage('space', primary) },
    changeRequestContent: { listPages: async () => ({ pages: list(proposed) }), getPage: getPage('cr', proposed) },
  }) as unknown as DocsClient;
  return { client, requests, maxInFlight: () => maxInFlight };
}

const body = (documentId: string, markdown: string): Body => ({ documentId, markdown });

describe('diffChangeRequest', () => {
  it('fetches markdown only for pages whose documents differ, and only the sides that exist', async () => {
    const primary: Tree = [
      { id: 'same', title: 'Same', body: body('d1', 'x\n') },
      { id: 'edited', title: 'Edited', body: body('d2', 'old\n') },
      { id: 'gone', title: 'Gone', body: body('d3', 'bye\n') },
      { id: 'folder', title: 'Folder' },
    ];
    const proposed: Tree = [
      { id: 'same', title: 'Same but renamed', body: body('d1', 'x\n') },
      { id: 'edited', title: 'Edited', body: body('d4', 'new\n') },
      { id: 'folder', title: 'Folder', pages: [{ id: 'fresh', title: 'Fresh', body: body('d5', 'hi\n') }] },
    ];
    const { client, requests } = fakeClient(primary, proposed);
    const progress: [number, number][] = [];
    const diff = await diffChangeRequest(client, { spaceId: 's', changeRequestId: '3' }, { onProgress: (d, t) => progress.push([d, t]) });
    expect(requests.sort()).toEqual(['cr:edited:markdown', 'cr:fresh:markdown', 'space:edited:markdown', 'space:gone:markdown']);
    expect(progress[0]).toEqual([0, 4]);
    expect(progress.at(-1)).toEqual([4, 4]);
    expect(diff.pages.map((p) => `${p.id}:${p.changes.join('+')}`)).toEqual([
      'same:renamed',
      'edited:modified',
      'gone:removed',
      'fresh:added',
    ]);
    expect(diff.pages.find((p) => p.id === 'edited')?.hunks[0]?.lines).toEqual(['-old', '+new']);
    expect(diff).toMatchObject({ spaceId: 's', changeRequestId: '3', added: 2, removed: 2 });
  });

  it(`keeps at most ${CONCURRENCY} page requests in flight`, async () => {
    const many = (prefix: string): Tree =>
      Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, title: `P${i}`, body: body(`${prefix}${i}`, `${prefix} ${i}\n`) }));
    const { client, requests, maxInFlight } = fakeClient(many('a'), many('b'));
    const diff = await diffChangeRequest(client, { spaceId: 's', changeRequestId: '1' });
    expect(requests).toHaveLength(60);
    expect(maxInFlight()).toBe(CONCURRENCY);
    expect(diff.pages).toHaveLength(30);
  });

  it('stops starting requests after one fails, and rejects with that failure', async () => {
    const primary: Tree = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, title: 'P', body: body(`a${i}`, 'a\n') }));
    const proposed: Tree = primary.map((p) => ({ ...p, body: body(`b${p.id}`, 'b\n') }));
    const { client, requests } = fakeClient(primary, proposed);
    (client.changeRequestContent as unknown as { getPage: () => Promise<never> }).getPage = async () => {
      requests.push('cr:fail');
      throw new Error('HTTP 500');
    };
    await expect(diffChangeRequest(client, { spaceId: 's', changeRequestId: '1' })).rejects.toThrow('HTTP 500');
    expect(requests.length).toBeLessThan(60);
  });
});
