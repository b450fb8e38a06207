import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';

/** `docs spaces get | edit | delete | restore | duplicate | move | transfer | links | search` end to end. */

interface Space {
  id: string;
  title: string;
  emoji?: string;
  icon?: string;
  parent?: string;
  organization: string;
  editMode?: string;
  defaultLevel?: string | null;
  language?: string;
  deletedAt?: string;
}
interface List<T> {
  items: T[];
}

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const getSpace = (id: string) => api<Space>(emulator, 'GET', `/v1/spaces/${id}`);
const duplicate = (id = SPACE) => api<Space>(emulator, 'POST', `/v1/spaces/${id}/duplicate`);
const spacesIn = async (collection: string) =>
  (await api<List<Space>>(emulator, 'GET', `/v1/collections/${collection}/spaces?limit=1000`)).items.map((s) => s.id);

describe('docs spaces', () => {
  it('shows a space by argument or --space, as fields or JSON', async () => {
    const shown = await docs(['spaces', 'get', SPACE], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`ID\t${SPACE}\n`);
    expect(shown.stdout).toContain('Title\t🚀 Getting Started\n');
    expect(shown.stdout).toContain(`Collection\t${DEMO.collections.guides}\n`);
    expect(shown.stdout).toContain('Change requests\t1 open, 0 draft, 1 in all\n');
    const json = await docs(['spaces', 'get', '--space', SPACE, '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ id: SPACE, title: 'Getting Started', organization: DEMO.org });
    const none = await docs(['spaces', 'get'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('docs config set space <id>');
    const missing = await docs(['spaces', 'get', 'space_nope'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('space "space_nope" not found (404)');
  });

  it('edits title, emoji, icon, edit mode, default level and language', async () => {
    const s = await duplicate();
    const edited = await docs(
      [
        'spaces',
        'edit',
        s.id,
        '--title',
        'Renamed',
        '--emoji',
        '📗',
        '--edit-mode',
        'locked',
        '--default-level',
        'read',
        '--language',
        'fr',
        '--json',
      ],
      { env },
    );
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({
      id: s.id,
      title: 'Renamed',
      emoji: '📗',
      editMode: 'locked',
      defaultLevel: 'read',
      language: 'fr',
    });
    expect(await getSpace(s.id)).toMatchObject({ title: 'Renamed', emoji: '📗', editMode: 'locked' });

    const icon = await docs(['spaces', 'edit', s.id, '--icon', 'https://example.com/icon.png', '--default-level', 'guest'], { env });
    expect(icon.code).toBe(0);
    expect(icon.stdout).toBe(`${s.id}\tRenamed\t${DEMO.collections.guides}\t${DEMO.org}\n`);
    expect(await getSpace(s.id)).toMatchObject({ defaultLevel: null });

    const dry = await docs(['spaces', 'edit', s.id, '--remove-icon', '--dry-run', '--json'], { env });
    expect(JSON.parse(dry.stdout)).toMatchObject({ method: 'PATCH', body: { emoji: null, icon: null } });
    const removed = await docs(['spaces', 'edit', s.id, '--remove-icon'], { env });
    expect(removed.code).toBe(0);
    const after = await getSpace(s.id);
    expect(after.icon).toBeUndefined();
    expect(after.emoji ?? '').toBe('');
  });

  it('rejects bad edits before sending (exit 2, naming the flag)', async () => {
    const before = await getSpace(SPACE);
    const cases: Array<[string[], string]> = [
      [['--title', 'x'.repeat(51)], '--title must be at most 50 characters'],
      [['--emoji', 'e'.repeat(51)], '--emoji must be at most 50 characters'],
      [['--icon', 'not a url'], '--icon'],
      [['--emoji', '📗', '--icon', 'https://example.com/i.png'], '--emoji and --icon cannot be used together'],
      [['--emoji', '📗', '--remove-icon'], '--remove-icon'],
      [['--edit-mode', 'frozen'], '--edit-mode'],
      [['--language', 'klingon'], '--language'],
      [[], 'nothing to change'],
    ];
    for (const [flags, message] of cases) {
      const run = await docs(['spaces', 'edit', SPACE, ...flags], { env });
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr, flags.join(' ')).toContain(message);
    }
    expect(await getSpace(SPACE)).toEqual(before);
  });

  it('duplicates, deletes (with --yes only) and restores a space', async () => {
    const dup = await docs(['spaces', 'duplicate', SPACE], { env });
    expect(dup.code).toBe(0);
    const [copyId, title] = dup.stdout.trim().split('\t');
    expect(title).toBe('Getting Started (copy)');
    expect((await getSpace(copyId!)).title).toBe('Getting Started (copy)');

    const refused = await docs(['spaces', 'delete', copyId!], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect((await getSpace(copyId!)).deletedAt).toBeUndefined();

    const deleted = await docs(['spaces', 'delete', copyId!, '--yes', '--json'], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe('');
    expect(deleted.stderr).toContain(`spaces restore ${copyId}`);
    expect((await docs(['spaces', 'get', copyId!], { env })).code).toBe(3);

    const restored = await docs(['spaces', 'restore', copyId!], { env });
    expect(restored.code).toBe(0);
    expect(restored.stdout.split('\t')[0]).toBe(copyId);
    expect((await getSpace(copyId!)).deletedAt).toBeUndefined();
    expect((await docs(['spaces', 'restore', 'space_never'], { env })).code).toBe(3);
  });

  it('moves a space among its neighbours, into a collection and to the top level', async () => {
    const s = await duplicate();
    expect((await spacesIn(DEMO.collections.guides)).slice(-1)).toEqual([s.id]);
    const first = await docs(['spaces', 'move', s.id, '--before', SPACE], { env });
    expect(first.code).toBe(0);
    const order = await spacesIn(DEMO.collections.guides);
    expect(order.indexOf(s.id)).toBe(order.indexOf(SPACE) - 1);
    const same = await docs(['spaces', 'move', s.id, '--before', `space:${SPACE}`], { env });
    expect(same.code).toBe(5);
    expect(same.stderr).toContain('(409)');

    const into = await docs(['spaces', 'move', s.id, '--parent', DEMO.collections.api, '--json'], { env });
    expect(into.code).toBe(0);
    expect(JSON.parse(into.stdout)).toMatchObject({ id: s.id, parent: DEMO.collections.api });
    const top = await docs(['spaces', 'move', s.id, '--top-level'], { env });
    expect(top.code).toBe(0);
    expect(top.stderr).toBe('');
    expect((await getSpace(s.id)).parent).toBeUndefined();

    const bad = await docs(['spaces', 'move', s.id, '--parent', 'col_nope'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('(400)');
    const nothing = await docs(['spaces', 'move', s.id], { env });
    expect(nothing.code).toBe(2);
  });

  it('transfer needs --yes and reports refusals with their exit codes', async () => {
    const s = await duplicate();
    const refused = await docs(['spaces', 'transfer', s.id, '--to', DEMO.otherOrg], { env });
    expect(refused.code).toBe(2);
    const same = await docs(['spaces', 'transfer', s.id, '--to', DEMO.org, '--yes'], { env });
    expect(same.code).toBe(5);
    expect(same.stderr).toContain('(409)');
    const dry = await docs(['spaces', 'transfer', s.id, '--to', DEMO.otherOrg, '--dry-run', '--json'], { env });
    expect(JSON.parse(dry.stdout)).toMatchObject({
      method: 'POST',
      url: `${emulator.url}/v1/spaces/${s.id}/transfer`,
      body: { organization: DEMO.otherOrg },
    });
    expect((await getSpace(s.id)).organization).toBe(DEMO.org);
    // The demo admin administers the second organization too.
    const moved = await docs(['spaces', 'transfer', s.id, '--to', DEMO.otherOrg, '--yes', '--json'], { env });
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({ id: s.id, organization: DEMO.otherOrg });
    expect((await getSpace(s.id)).organization).toBe(DEMO.otherOrg);
  });

  it('lists links with totals, filters by status, and prints only the totals with --stats', async () => {
    const tsv = await docs(['spaces', 'links', SPACE], { env });
    expect(tsv.code).toBe(0);
    const rows = tsv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows).toContainEqual(['ok', 'file logo.svg', 'page configuration', 'reference']);
    expect(rows).toContainEqual(['ok', 'page quickstart', 'page welcome', 'reference']);

    const broken = await docs(['spaces', 'links', SPACE, '--status', 'broken', '--json'], { env });
    expect(JSON.parse(broken.stdout)).toEqual([]);
    const stats = await docs(['spaces', 'links', SPACE, '--stats', '--json'], { env });
    expect(JSON.parse(stats.stdout)).toMatchObject({ total: rows.length, broken: { total: 0 } });
    const statsTsv = await docs(['spaces', 'links', SPACE, '--stats'], { env });
    expect(statsTsv.stdout).toContain(`total\t${rows.length}\nbroken\t0\n`);
    const badStatus = await docs(['spaces', 'links', SPACE, '--status', 'dead'], { env });
    expect(badStatus.code).toBe(2);
  });

  it('searches a space: pages, paths and matching sections', async () => {
    const found = await docs(['spaces', 'search', 'Homebrew', '--space', SPACE], { env });
    expect(found.code).toBe(0);
    expect(found.stdout.split('\n')[0]!.split('\t')).toEqual(expect.arrayContaining(['macOS', 'installation/macos', 'page_install_macos']));
    const json = await docs(['spaces', 'search', 'Homebrew', '--space', SPACE, '--json'], { env });
    expect((JSON.parse(json.stdout) as Array<{ id: string }>).map((r) => r.id)).toEqual(['page_install_macos']);
    const long = await docs(['spaces', 'search', 'q'.repeat(513), '--space', SPACE], { env });
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('at most 512 characters');
  });

  it('a read-only token cannot edit or delete (exit 4)', async () => {
    const readEnv = { ...env, DOCS_TOKEN: emulator.tokens.read! };
    const edit = await docs(['spaces', 'edit', SPACE, '--title', 'Nope'], { env: readEnv });
    expect(edit.code).toBe(4);
    const del = await docs(['spaces', 'delete', SPACE, '--yes'], { env: readEnv });
    expect(del.code).toBe(4);
    expect((await getSpace(SPACE)).title).toBe('Getting Started');
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
