import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs collections ...` end to end: real CLI process, real emulator process. */

interface Collection {
  id: string;
  title: string;
  description?: string;
  parent?: string;
  organization: string;
  defaultLevel?: string | null;
}
interface List<T> {
  items: T[];
}

const ORG = DEMO.org;
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

const getCollection = (id: string) => api<Collection>(emulator, 'GET', `/v1/collections/${id}`);
const allCollections = async () => (await api<List<Collection>>(emulator, 'GET', `/v1/orgs/${ORG}/collections?limit=1000`)).items;
const createCollection = (title: string, parent?: string) =>
  api<Collection>(emulator, 'POST', `/v1/orgs/${ORG}/collections`, { title, ...(parent ? { parent } : {}) });

describe('docs collections', () => {
  it('lists collections with parents as TSV, as a JSON array, and only the top level with --no-nested', async () => {
    const tsv = await docs(['collections', 'list'], { env });
    expect(tsv.code).toBe(0);
    const rows = tsv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows).toContainEqual(['col_guides', 'Guides', 'col_product', 'inherit', 'Tutorials and how-to guides']);
    expect(rows.map((r) => r[0])).toEqual((await allCollections()).map((c) => c.id));

    const json = await docs(['collections', 'list', '--json', '--no-nested'], { env });
    expect(json.code).toBe(0);
    const items = JSON.parse(json.stdout) as Collection[];
    expect(items.map((c) => c.id)).toContain('col_product');
    expect(items.every((c) => c.parent === undefined)).toBe(true);
    expect(items.map((c) => c.id)).not.toContain('col_guides');
  });

  it('creates, shows and edits a collection; the piped id feeds the next command', async () => {
    const created = await docs(['collections', 'create', '--title', 'Tutorials', '--parent', DEMO.collections.product], { env });
    expect(created.code).toBe(0);
    const [id, title, parent, org] = created.stdout.trim().split('\t');
    expect([title, parent, org]).toEqual(['Tutorials', DEMO.collections.product, ORG]);
    expect((await getCollection(id!)).title).toBe('Tutorials');

    const shown = await docs(['collections', 'get', id!], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`ID\t${id}`);
    expect(shown.stdout).toContain(`Parent\t${DEMO.collections.product}`);

    const edited = await docs(
      ['collections', 'edit', id!, '--title', 'How-to', '--description', 'Short recipes', '--default-level', 'guest', '--json'],
      { env },
    );
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({ id, title: 'How-to', description: 'Short recipes' });
    expect(await getCollection(id!)).toMatchObject({ title: 'How-to', description: 'Short recipes', defaultLevel: null });

    const json = await docs(['collections', 'get', id!, '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ id, title: 'How-to', parent: DEMO.collections.product });
  });

  it('rejects bounds and empty edits before sending (exit 2, naming the flag)', async () => {
    const before = await allCollections();
    const long = await docs(['collections', 'create', '--title', 'x'.repeat(51)], { env });
    expect(long.code).toBe(2);
    expect(long.stderr).toBe('Error: --title must be at most 50 characters\n');
    const longDescription = await docs(['collections', 'edit', 'col_api', '--description', 'd'.repeat(101)], { env });
    expect(longDescription.code).toBe(2);
    expect(longDescription.stderr).toContain('--description must be at most 100 characters');
    const level = await docs(['collections', 'edit', 'col_api', '--default-level', 'owner'], { env });
    expect(level.code).toBe(2);
    expect(level.stderr).toContain('--default-level');
    const nothing = await docs(['collections', 'edit', 'col_api'], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
    expect(await allCollections()).toEqual(before);
  });

  it('lists the spaces of a collection', async () => {
    const tsv = await docs(['collections', 'spaces', DEMO.collections.guides], { env });
    expect(tsv.code).toBe(0);
    expect(tsv.stdout.split('\t').slice(0, 4)).toEqual([DEMO.spaces.guides, 'Getting Started', 'public', 'live']);
    const json = await docs(['collections', 'spaces', DEMO.collections.guides, '--json'], { env });
    expect((JSON.parse(json.stdout) as Array<{ id: string }>).map((s) => s.id)).toEqual([DEMO.spaces.guides]);
    const empty = await docs(['collections', 'spaces', DEMO.collections.product, '--json'], { env });
    expect(JSON.parse(empty.stdout)).toEqual([]);
  });

  it('moves a collection among its neighbours, into another collection and to the top level', async () => {
    const a = await createCollection('Move A');
    const b = await createCollection('Move B');
    const topLevel = async () => (await allCollections()).filter((c) => c.parent === undefined).map((c) => c.id);
    expect((await topLevel()).slice(-2)).toEqual([a.id, b.id]);

    const before = await docs(['collections', 'move', b.id, '--before', a.id], { env });
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(new RegExp(`^${b.id}\\tMove B\\t\\t${ORG}\\n$`));
    const order = await topLevel();
    expect(order.indexOf(b.id)).toBe(order.indexOf(a.id) - 1);

    const into = await docs(['collections', 'move', a.id, '--parent', b.id, '--json'], { env });
    expect(into.code).toBe(0);
    expect(JSON.parse(into.stdout)).toMatchObject({ id: a.id, parent: b.id });
    // The neighbour may be a space: collection and space pointers are both accepted.
    const afterSpace = await docs(
      ['collections', 'move', a.id, '--parent', DEMO.collections.guides, '--after', `space:${DEMO.spaces.guides}`],
      { env },
    );
    expect(afterSpace.code).toBe(0);
    expect((await getCollection(a.id)).parent).toBe(DEMO.collections.guides);

    const top = await docs(['collections', 'move', a.id, '--top-level'], { env });
    expect(top.code).toBe(0);
    expect((await getCollection(a.id)).parent).toBeUndefined();

    // `a` went last at the top level, so `b` is already just before it; after it is a change, once.
    const after = await docs(['collections', 'move', b.id, '--after', a.id], { env });
    expect(after.code).toBe(0);
    expect((await topLevel()).slice(-2)).toEqual([a.id, b.id]);
    const unchanged = await docs(['collections', 'move', b.id, '--after', a.id], { env });
    expect(unchanged.code).toBe(5);
    expect(unchanged.stderr).toMatch(/would not result in any update \(409\)/);

    const nothing = await docs(['collections', 'move', a.id], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('--parent');
    const both = await docs(['collections', 'move', a.id, '--parent', b.id, '--top-level'], { env });
    expect(both.code).toBe(2);
    const badKind = await docs(['collections', 'move', a.id, '--before', 'space:'], { env });
    expect(badKind.code).toBe(2);

    const dry = await docs(['collections', 'move', a.id, '--after', `collection:${b.id}`, '--dry-run', '--json'], { env });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      method: 'POST',
      body: { position: { after: { type: 'collection', collection: b.id } } },
    });
  });

  it('transfer asks for confirmation, and reports a refusal of the server as a conflict (exit 5)', async () => {
    const c = await createCollection('To transfer');
    const refused = await docs(['collections', 'transfer', c.id, '--to', DEMO.otherOrg], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    // An organization the caller does not administer (here: none at all) cannot receive it.
    const cannot = await docs(['collections', 'transfer', c.id, '--to', 'org_nowhere', '--yes'], { env });
    expect(cannot.code).toBe(5);
    expect(cannot.stderr).toContain('(412)');
    const same = await docs(['collections', 'transfer', c.id, '--to', ORG, '--yes'], { env });
    expect(same.code).toBe(5);
    expect(same.stderr).toContain('(409)');
    const dry = await docs(['collections', 'transfer', c.id, '--to', DEMO.otherOrg, '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`POST ${emulator.url}/v1/collections/${c.id}/transfer`);
    expect(dry.stdout).toContain(`"organization": "${DEMO.otherOrg}"`);
    expect((await getCollection(c.id)).organization).toBe(ORG);

    // The demo admin administers the second organization too.
    const moved = await docs(['collections', 'transfer', c.id, '--to', DEMO.otherOrg, '--yes', '--json'], { env });
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({ id: c.id, organization: DEMO.otherOrg });
    expect((await getCollection(c.id)).organization).toBe(DEMO.otherOrg);
  });

  it('deletes with --yes only, printing an outcome; the collection is then not found (exit 3)', async () => {
    const c = await createCollection('Short-lived');
    const refused = await docs(['collections', 'delete', c.id], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refusing to delete collection .* Pass --yes/);
    expect((await getCollection(c.id)).id).toBe(c.id);

    const deleted = await docs(['collections', 'delete', c.id, '--yes'], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(`${c.id}\tdeleted\n`);
    const json = await docs(['collections', 'delete', c.id, '--yes', '--json'], { env });
    expect(json.code).toBe(0);
    // The API answers 204: nothing on stdout, the sentence on stderr.
    expect(json.stdout).toBe('');
    expect(json.stderr).toContain(`Deleted collection ${c.id}`);

    const missing = await docs(['collections', 'get', c.id], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(`Error: collection "${c.id}" not found (404). Check the id with \`docs collections list\`.\n`);
  });

  it('a read-only token cannot create or edit (exit 4)', async () => {
    const readEnv = { ...env, DOCS_TOKEN: emulator.tokens.read! };
    const create = await docs(['collections', 'create', '--title', 'Nope'], { env: readEnv });
    expect(create.code).toBe(4);
    expect(create.stderr).toContain('(403)');
    const edit = await docs(['collections', 'edit', 'col_api', '--title', 'Nope'], { env: readEnv });
    expect(edit.code).toBe(4);
    expect((await getCollection('col_api')).title).toBe('API Reference');
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
