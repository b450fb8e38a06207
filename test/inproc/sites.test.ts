import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs sites ...` end to end: real CLI process, real emulator process. */

const ORG = DEMO.org;
const SITE = DEMO.site;
const sitesPath = `/v1/orgs/${ORG}/sites`;

interface Site {
  id: string;
  title: string;
  visibility: string;
  published: boolean;
  siteSpaces: number;
  proxy?: { origin?: string };
  adaptiveContent?: { enabled?: boolean };
  agentsContext?: string;
}
interface SiteSpace {
  id: string;
  path: string;
  section?: string;
  default?: boolean;
  condition?: string;
  space: { id: string };
}
interface Section {
  id: string;
  title: string;
  path: string;
  condition?: string;
  description?: string;
  sectionGroup?: string;
  siteSpaces: SiteSpace[];
}
interface Group {
  id: string;
  title: string;
  sections?: Section[];
}
interface List<T> {
  items: T[];
}

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

const get = <T>(path: string) => api<T>(emulator, 'GET', `${sitesPath}${path}`);
const items = async <T>(path: string) => (await get<List<T>>(`${path}${path.includes('?') ? '&' : '?'}limit=1000`)).items;
const allSites = () => items<Site>('');
/** A site of its own for a test, so tests do not depend on each other's changes. */
async function newSite(title: string, spaces: string[] = [DEMO.spaces.guides]): Promise<Site> {
  return api<Site>(emulator, 'POST', sitesPath, { title, spaces });
}
const rows = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));

describe('docs sites', () => {
  it('lists sites as TSV and JSON, with filters; an unknown --type exits 2 naming the flag', async () => {
    const tsv = await docs(['sites', 'list'], { env });
    expect(tsv.code).toBe(0);
    const demo = rows(tsv.stdout).find((r) => r[0] === SITE);
    expect(demo?.slice(0, 6)).toEqual([SITE, 'Acme Documentation', 'basic', 'public', 'yes', '2']);

    const json = await docs(
      ['sites', 'list', '--json', '--title', 'acme doc', '--published', '--type', 'basic', '--type', 'premium', '--space', DEMO.spaces.api],
      { env },
    );
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as Site[]).map((s) => s.id)).toEqual([SITE]);
    const none = await docs(['sites', 'list', '--json', '--type', 'premium'], { env });
    expect(JSON.parse(none.stdout)).toEqual([]);

    const bad = await docs(['sites', 'list', '--type', 'gold'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--type');
  });

  it('shows a site by argument or --site; a missing one exits 3 with a hint, no site at all exits 2', async () => {
    const shown = await docs(['sites', 'get', SITE], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`ID\t${SITE}`);
    expect(shown.stdout).toContain('Title\tAcme Documentation');
    expect(shown.stdout).toContain('Published\tyes');
    const byFlag = await docs(['sites', 'get', '--site', SITE, '--org', ORG, '--json'], { env });
    expect(JSON.parse(byFlag.stdout)).toMatchObject({ id: SITE, visibility: 'public', siteSpaces: 2 });

    const missing = await docs(['sites', 'get', 'site_nope'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: site "site_nope" not found (404). Check the id with `docs sites list`.\n');
    const none = await docs(['sites', 'get'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no site given');
  });

  it('creates sites from spaces or with a new space; bounds and exclusive flags exit 2 before sending', async () => {
    const created = await docs(
      [
        'sites',
        'create',
        '--title',
        'Developer Docs',
        '--visibility',
        'unlisted',
        '--space',
        DEMO.spaces.guides,
        '--space',
        DEMO.spaces.api,
      ],
      { env },
    );
    expect(created.code).toBe(0);
    const [id, type, visibility, title] = rows(created.stdout)[0]!;
    expect([type, visibility, title]).toEqual(['basic', 'unlisted', 'Developer Docs']);
    expect(await get<Site>(`/${id}`)).toMatchObject({ title: 'Developer Docs', siteSpaces: 2 });

    const sample = await docs(['sites', 'create', '--title', 'Help Center', '--new-space', 'sample', '--json'], { env });
    expect(sample.code).toBe(0);
    expect(JSON.parse(sample.stdout)).toMatchObject({ title: 'Help Center', siteSpaces: 1 });

    const before = await allSites();
    const short = await docs(['sites', 'create', '--title', 'X'], { env });
    expect(short.code).toBe(2);
    expect(short.stderr).toBe('Error: --title must be at least 2 characters\n');
    const both = await docs(['sites', 'create', '--title', 'Both', '--space', DEMO.spaces.api, '--new-space', 'empty'], { env });
    expect(both.code).toBe(2);
    expect(await allSites()).toEqual(before);
  });

  it('edits settings (proxy, adaptive content, agents context) and removes the proxy', async () => {
    const site = await newSite('To edit');
    const edited = await docs(
      [
        'sites',
        'edit',
        site.id,
        '--title',
        'Edited',
        '--visibility',
        'public',
        '--proxy',
        'acme.com/docs',
        '--adaptive-content',
        '--agents-context',
        'excluded',
        '--json',
      ],
      { env },
    );
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({ id: site.id, title: 'Edited', visibility: 'public', published: true });
    expect(await get<Site>(`/${site.id}`)).toMatchObject({
      proxy: { origin: 'acme.com/docs' },
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
    });

    const removed = await docs(['sites', 'edit', site.id, '--remove-proxy', '--no-adaptive-content'], { env });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(`${site.id}\tbasic\tpublic\tEdited\n`);
    const after = await get<Site>(`/${site.id}`);
    expect(after.proxy).toBeUndefined();
    expect(after.adaptiveContent).toEqual({ enabled: false });

    const bad = await docs(['sites', 'edit', site.id, '--proxy', 'not a url'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^Error: --proxy must match the pattern/);
    const nothing = await docs(['sites', 'edit', site.id], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('shows the published structure; an existing unpublished site exits 3 saying so', async () => {
    const sections = await items<Section>(`/${SITE}/sections`);
    const tsv = await docs(['sites', 'published', SITE], { env });
    expect(tsv.code).toBe(0);
    const expected = sections.flatMap((s) => [
      ['section', s.title, s.id],
      ...s.siteSpaces.map((ss) => ['space', ss.space.id === DEMO.spaces.guides ? 'Getting Started' : 'API Reference', ss.id]),
    ]);
    expect(rows(tsv.stdout).map((r) => [r[0], r[1], r[5]])).toEqual(expected);

    const json = await docs(['sites', 'published', SITE, '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({
      object: 'published-content-site',
      site: { id: SITE },
      structure: { type: 'sections' },
    });

    const draft = await newSite('Draft site');
    const unpublished = await docs(['sites', 'published', draft.id], { env });
    expect(unpublished.code).toBe(3);
    expect(unpublished.stderr).toContain(`site ${draft.id} exists but is not published (404)`);
    expect(unpublished.stderr).toContain(`docs sites edit ${draft.id} --visibility public`);
  });

  it('sets, prints and round-trips the adaptive-content schema, and lists its conditions', async () => {
    const site = await newSite('Adaptive');
    const none = await docs(['sites', 'adaptive-schema', 'get', site.id], { env });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain(`site ${site.id} has no adaptive-content schema yet (404)`);

    const schema = {
      type: 'object',
      properties: {
        isBetaUser: { type: 'boolean', description: 'In the beta program' },
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { plan: { type: 'string', description: 'Plan', enum: ['free', 'pro'] } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    const set = await docs(['sites', 'adaptive-schema', 'set', site.id, '--file', '-'], { env, input: JSON.stringify(schema) });
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(new RegExp(`^${site.id}\t\\d{4}-\\d\\d-\\d\\dT`));
    const printed = await docs(['sites', 'adaptive-schema', 'get', site.id], { env });
    expect(JSON.parse(printed.stdout)).toEqual(schema);

    // `get --json` output is accepted back as is.
    const wrapped = await docs(['sites', 'adaptive-schema', 'get', site.id, '--json'], { env });
    const file = join(tempDir(), 'schema.json');
    writeFileSync(file, wrapped.stdout);
    expect((await docs(['sites', 'adaptive-schema', 'set', site.id, '--file', file], { env })).code).toBe(0);

    const conditions = await docs(['sites', 'adaptive-schema', 'conditions', site.id], { env });
    expect(conditions.code).toBe(0);
    expect(rows(conditions.stdout).map((r) => r[0])).toEqual(
      expect.arrayContaining(['visitor.claims.isBetaUser', 'visitor.claims.unsigned.plan === "free"']),
    );

    const invalid = await docs(['sites', 'adaptive-schema', 'set', site.id, '--file', '-'], {
      env,
      input: JSON.stringify({ type: 'object', properties: { x: { type: 'boolean' } }, additionalProperties: false }),
    });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toBe('Error: the schema in stdin is not valid: properties.x.description: required\n');
    const notJson = await docs(['sites', 'adaptive-schema', 'set', site.id, '--file', '-'], { env, input: '{' });
    expect(notJson.code).toBe(2);
    expect((await get<{ jsonSchema: unknown }>(`/${site.id}/adaptive-schema`)).jsonSchema).toEqual(schema);
  });

  it('adds, edits, moves and deletes sections', async () => {
    const site = await newSite('Sections');
    const added = await docs(['sites', 'sections', 'add', site.id, '--space', DEMO.spaces.api, '--title', 'API', '--icon', 'code'], {
      env,
    });
    expect(added.code).toBe(0);
    const [sectionId, path, title] = rows(added.stdout)[0]!;
    expect([path, title]).toEqual(['api', 'API']);
    const first = (await items<Section>(`/${site.id}/sections`)).find((s) => s.id !== sectionId)!;

    const edited = await docs(
      [
        'sites',
        'sections',
        'edit',
        site.id,
        sectionId!,
        '--path',
        'reference',
        '--condition',
        'visitor.claims.isBetaUser',
        '--description',
        'All endpoints',
      ],
      { env },
    );
    expect(edited.code).toBe(0);
    const moved = await docs(['sites', 'sections', 'move', '--site', site.id, sectionId!, '--before', first.id, '--json'], { env });
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({
      id: sectionId,
      path: 'reference',
      condition: 'visitor.claims.isBetaUser',
      description: 'All endpoints',
    });

    const listed = await docs(['sites', 'sections', 'list', site.id], { env });
    expect(rows(listed.stdout).map((r) => r[0])).toEqual([sectionId, first.id]);

    const cleared = await docs(['sites', 'sections', 'edit', site.id, sectionId!, '--remove-condition', '--json'], { env });
    expect(JSON.parse(cleared.stdout).condition).toBeUndefined();

    const refused = await docs(['sites', 'sections', 'delete', site.id, sectionId!], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes to confirm');
    const deleted = await docs(['sites', 'sections', 'delete', site.id, sectionId!, '--yes', '--json'], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe('');
    expect(deleted.stderr).toContain(`Deleted section ${sectionId} of site ${site.id}`);
    expect((await items<Section>(`/${site.id}/sections`)).map((s) => s.id)).toEqual([first.id]);

    const missing = await docs(['sites', 'sections', 'edit', site.id, 'sitesc_nope', '--title', 'Nope'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(
      `Error: site section "sitesc_nope" not found (404). Check the id with \`docs sites sections list ${site.id}\`.\n`,
    );
    const noPart = await docs(['sites', 'sections', 'move', site.id, '--after', first.id], { env });
    expect(noPart.code).toBe(2);
    expect(noPart.stderr).toContain(`no section given`);
  });

  it('creates, edits, fills, moves, empties and deletes section groups', async () => {
    const site = await newSite('Groups');
    await api(emulator, 'PATCH', `${sitesPath}/${site.id}`, { visibility: 'public' });
    const api2 = await api<Section>(emulator, 'POST', `${sitesPath}/${site.id}/sections`, { spaceId: DEMO.spaces.api, title: 'API' });
    const guides = (await items<Section>(`/${site.id}/sections`)).find((s) => s.id !== api2.id)!;

    const created = await docs(['sites', 'section-groups', 'create', site.id, '--title', 'Products', '--section', guides.id], { env });
    expect(created.code).toBe(0);
    const [groupId, title] = rows(created.stdout)[0]!;
    expect(title).toBe('Products');
    expect(
      (await docs(['sites', 'section-groups', 'edit', site.id, groupId!, '--title', 'Product docs', '--icon', 'box'], { env })).code,
    ).toBe(0);
    const added = await docs(['sites', 'section-groups', 'add-section', site.id, groupId!, '--section', api2.id, '--json'], { env });
    expect(added.code).toBe(0);
    expect((JSON.parse(added.stdout) as Group).sections?.map((s) => s.id)).toEqual([guides.id, api2.id]);

    const list = await docs(['sites', 'section-groups', 'list', site.id], { env });
    expect(rows(list.stdout)).toEqual([[groupId, 'Product docs', 'box', `${guides.title}, API`]]);

    const removed = await docs(['sites', 'section-groups', 'remove-section', site.id, groupId!, '--section', api2.id, '--yes'], { env });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(`${api2.id}\tremoved\n`);
    expect((await items<Section>(`/${site.id}/sections`)).find((s) => s.id === api2.id)?.sectionGroup).toBeUndefined();

    // The neighbour is a section here: the command finds out and sends its kind.
    const dry = await docs(['sites', 'section-groups', 'move', site.id, groupId!, '--after', api2.id, '--dry-run', '--json'], { env });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).body).toEqual({ position: { after: { type: 'site-section', id: api2.id } } });
    const topLevel = async () =>
      (await get<{ structure: { structure: { id: string }[] } }>(`/${site.id}/published`)).structure.structure.map((i) => i.id);
    expect(await topLevel()).toEqual([groupId, api2.id]);
    const moved = await docs(['sites', 'section-groups', 'move', site.id, groupId!, '--after', api2.id], { env });
    expect(moved.code).toBe(0);
    expect(await topLevel()).toEqual([api2.id, groupId]);

    const deleted = await docs(['sites', 'section-groups', 'delete', site.id, groupId!, '--yes'], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(`${groupId}\tdeleted\n`);
    expect(await items<Group>(`/${site.id}/section-groups`)).toEqual([]);
    expect((await items<Section>(`/${site.id}/sections`)).map((s) => s.id).sort()).toEqual([guides.id, api2.id].sort());
  });

  it('lists, adds, edits, moves and removes site spaces', async () => {
    const site = await newSite('Site spaces', [DEMO.spaces.guides, DEMO.spaces.api]);
    const defaults = await docs(['sites', 'spaces', 'list', site.id, '--default', '--json'], { env });
    expect(defaults.code).toBe(0);
    const [main] = JSON.parse(defaults.stdout) as SiteSpace[];
    expect(main?.default).toBe(true);
    const others = await docs(['sites', 'spaces', 'list', site.id, '--no-default'], { env });
    expect(rows(others.stdout).map((r) => r[5])).toEqual([DEMO.spaces.api]);

    const added = await docs(['sites', 'spaces', 'add', site.id, '--space', DEMO.spaces.handbook], { env });
    expect(added.code).toBe(0);
    const [ssId, , space] = rows(added.stdout)[0]!;
    expect(space).toBe(DEMO.spaces.handbook);

    const edited = await docs(
      ['sites', 'spaces', 'edit', site.id, ssId!, '--path', 'handbook', '--condition', 'visitor.claims.isStaff', '--json'],
      { env },
    );
    expect(JSON.parse(edited.stdout)).toMatchObject({ id: ssId, path: 'handbook', condition: 'visitor.claims.isStaff' });
    const moved = await docs(['sites', 'spaces', 'move', site.id, ssId!, '--before', main!.id], { env });
    expect(moved.code).toBe(0);
    expect((await items<SiteSpace>(`/${site.id}/site-spaces`))[0]?.id).toBe(ssId);

    const deleted = await docs(['sites', 'spaces', 'remove', site.id, ssId!, '--yes'], { env });
    expect(deleted.code).toBe(0);
    expect((await items<SiteSpace>(`/${site.id}/site-spaces`)).map((s) => s.id)).not.toContain(ssId);
    const missing = await docs(['sites', 'spaces', 'edit', site.id, 'sitesp_nope', '--path', 'x'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('site space "sitesp_nope" not found (404)');
  });

  it('refuses without permission (exit 4), without --yes (exit 2), and sends nothing on --dry-run', async () => {
    const site = await newSite('Guarded');
    const readOnly = await docs(['sites', 'sections', 'add', site.id, '--space', DEMO.spaces.api], {
      env: { ...env, DOCS_TOKEN: emulator.tokens.read! },
    });
    expect(readOnly.code).toBe(4);
    expect(readOnly.stderr).toMatch(/^Error: permission denied \(403\)/);

    const refused = await docs(['sites', 'delete', site.id], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `Error: refusing to delete site ${site.id} without confirmation: no terminal to ask on. Pass --yes to confirm.\n`,
    );
    const dry = await docs(['sites', 'delete', site.id, '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`DELETE ${emulator.url}${sitesPath}/${site.id}`);
    expect(await get<Site>(`/${site.id}`)).toMatchObject({ id: site.id });

    const deleted = await docs(['sites', 'delete', site.id, '--yes'], { env });
    expect(deleted.code).toBe(0);
    expect((await allSites()).map((s) => s.id)).not.toContain(site.id);
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
