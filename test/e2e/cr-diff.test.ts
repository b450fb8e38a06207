import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, BIN, cleanup, ensureBuilt, ROOT, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { traceModules } from '../helpers/modules.js';
// The commands and the emulator run in this process; what needs a terminal runs bin/run.js under `script`.
import { docs, startEmulator } from '../helpers/inproc.js';
import { docsOnTty } from '../helpers/tty.js';

/**
 * `docs cr diff` on content built through /v1 only: git imports into the space, markdown imports
 * into change requests, and a merge whose slug clash moves a page. Every file the emulator reads
 * is under `root`.
 *
 * The change request X ends up, against the primary content, with: `guide` renamed (Guide →
 * User guide), `setup` edited, `notes-2` moved to `notes`, `old` removed and `new-page` added.
 */

interface TreePage {
  id: string;
  title: string;
  path: string;
  markdown?: string;
  pages?: TreePage[];
}

let emulator: RunningEmulator;
let env: Record<string, string>;
let root: string;
let space: string;
let cr: number;
let unchanged: number;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });

function repo(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', name);
  return dir;
}

function markdownFile(name: string, text: string): string {
  const path = join(root, name);
  writeFileSync(path, text);
  return pathToFileURL(path).href;
}

const post = <T>(path: string, body?: unknown) => api<T>(emulator, 'POST', path, body);
const newCr = async () => post<{ id: string; number: number }>(`/v1/spaces/${space}/change-requests`, { subject: 'Edit the guide' });
const importInto = (where: string, name: string, text: string) =>
  post(`${where}/content/import`, { source: 'markdown', url: markdownFile(name, text) });
/** A page as Git Sync writes it: the title as a heading, then the markdown. */
const fileOf = (page: TreePage) => `# ${page.title}\n\n${page.markdown ?? ''}`;
const flat = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

beforeAll(async () => {
  ensureBuilt();
  // Every file the emulator reads (repositories, markdown) is under root.
  root = tempDir('docs-e2e-diff-');
  emulator = await startEmulator([], { files: true });
  env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
  space = (await post<{ id: string }>(`/v1/spaces/${DEMO.spaces.guides}/duplicate`)).id;
  const at = `/v1/spaces/${space}`;
  // The primary content starts as the change request's final text...
  const after = repo('after', {
    'README.md': '# Welcome\n\nHello.\n',
    'guide.md': '# User guide\n\nRead this first.\n',
    'setup.md': '# Setup\n\n1. Install.\n2. Sign in with SSO.\n3. Done.\n',
  });
  await post(`${at}/git/import`, { url: after, ref: 'refs/heads/main' });
  // ...a change request Y adds "Notes" while the space gets its own "Notes" page...
  const y = await newCr();
  await importInto(`${at}/change-requests/${y.id}`, 'team-notes.md', '# Notes\n\nTeam notes.\n');
  await importInto(at, 'notes.md', '# Notes\n\nRelease notes.\n');
  // ...X is opened; merging Y puts Y's page first, so the space's "Notes" becomes notes-2...
  const x = await newCr();
  cr = x.number;
  expect((await post<{ result: string }>(`${at}/change-requests/${y.id}/merge`)).result).toBe('merge');
  // ...then the space goes back to the older text (page ids follow the paths), and X adds a page.
  const before = repo('before', {
    'README.md': '# Welcome\n\nHello.\n',
    'guide.md': '# Guide\n\nRead this first.\n',
    'setup.md': '# Setup\n\n1. Install.\n2. Sign in.\n3. Done.\n',
    'notes-2.md': '# Notes\n\nRelease notes.\n',
    'old.md': '# Old page\n\nGone soon.\n',
  });
  await post(`${at}/git/import`, { url: before, ref: 'refs/heads/main' });
  await importInto(`${at}/change-requests/${x.id}`, 'new.md', '# New page\n\nFresh.\n');
  unchanged = (await newCr()).number;
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const PATCH = [
  'diff --git a/guide.md b/guide.md',
  '--- a/guide.md',
  '+++ b/guide.md',
  '@@ -1,2 +1,2 @@',
  '-# Guide',
  '+# User guide',
  ' ',
  'diff --git a/setup.md b/setup.md',
  '--- a/setup.md',
  '+++ b/setup.md',
  '@@ -3,3 +3,3 @@',
  ' 1. Install.',
  '-2. Sign in.',
  '+2. Sign in with SSO.',
  ' 3. Done.',
  'diff --git a/notes-2.md b/notes.md',
  'rename from notes-2.md',
  'rename to notes.md',
  'diff --git a/old.md b/old.md',
  'deleted file mode 100644',
  '--- a/old.md',
  '+++ /dev/null',
  '@@ -1,3 +0,0 @@',
  '-# Old page',
  '-',
  '-Gone soon.',
  'diff --git a/new-page.md b/new-page.md',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/new-page.md',
  '@@ -0,0 +1,3 @@',
  '+# New page',
  '+',
  '+Fresh.',
  '',
].join('\n');

describe('docs cr diff', () => {
  it('prints a plain git-style patch when piped: every kind of change, in reading order, no colour', async () => {
    const res = await docs(['cr', 'diff', String(cr), '--space', space], { env: { ...env, NO_COLOR: undefined, DOCS_PAGER: 'false' } });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(PATCH);
  });

  it('the patch applies with git apply to the primary content laid out by path, giving the change request\u2019s pages', async () => {
    const tree = join(root, 'tree');
    const main = await api<{ pages: TreePage[] }>(emulator, 'GET', `/v1/spaces/${space}/content/pages`);
    for (const page of flat(main.pages)) {
      mkdirSync(dirname(join(tree, page.path)), { recursive: true });
      writeFileSync(join(tree, `${page.path}.md`), fileOf(page));
    }
    writeFileSync(join(tree, 'cr.patch'), (await docs(['cr', 'diff', String(cr), '--space', space], { env })).stdout);
    execFileSync('git', ['apply', 'cr.patch'], { cwd: tree });
    const proposed = await api<{ pages: TreePage[] }>(emulator, 'GET', `/v1/spaces/${space}/change-requests/${cr}/content/pages`);
    for (const page of flat(proposed.pages)) expect(readFileSync(join(tree, `${page.path}.md`), 'utf8')).toBe(fileOf(page));
    expect(existsSync(join(tree, 'old.md'))).toBe(false);
    expect(existsSync(join(tree, 'notes-2.md'))).toBe(false);
  });

  it('--json gives each changed page with its id, paths, titles, kinds and hunks', async () => {
    const res = await docs(['cr', 'diff', String(cr), '--space', space, '--json'], { env });
    expect(res.code).toBe(0);
    const diff = JSON.parse(res.stdout) as {
      spaceId: string;
      changeRequestId: string;
      added: number;
      removed: number;
      pages: Record<string, unknown>[];
    };
    expect(diff).toMatchObject({ spaceId: space, changeRequestId: String(cr), added: 2, removed: 2 });
    const proposed = flat(
      (await api<{ pages: TreePage[] }>(emulator, 'GET', `/v1/spaces/${space}/change-requests/${cr}/content/pages`)).pages,
    );
    const idOf = (path: string) => proposed.find((p) => p.path === path)?.id;
    expect(diff.pages.map((p) => [p.change, p.pathBefore, p.pathAfter, p.titleBefore, p.titleAfter])).toEqual([
      ['renamed', 'guide', 'guide', 'Guide', 'User guide'],
      ['modified', 'setup', 'setup', 'Setup', 'Setup'],
      ['moved', 'notes-2', 'notes', 'Notes', 'Notes'],
      ['removed', 'old', undefined, 'Old page', undefined],
      ['added', undefined, 'new-page', undefined, 'New page'],
    ]);
    // Matched by id: the moved page is the one the change request has at `notes`.
    expect(diff.pages.slice(0, 3).map((p) => p.id)).toEqual([idOf('guide'), idOf('setup'), idOf('notes')]);
    expect(diff.pages[1]).toMatchObject({
      hunks: [
        {
          oldStart: 1,
          oldLines: 3,
          newStart: 1,
          newLines: 3,
          lines: [' 1. Install.', '-2. Sign in.', '+2. Sign in with SSO.', ' 3. Done.'],
        },
      ],
    });
  });

  it('--stat counts lines per page with a total; --name-only lists the paths', async () => {
    const stat = await docs(['cr', 'diff', String(cr), '--space', space, '--stat'], { env });
    expect(stat.stdout).toBe(
      [
        ' guide            | 0',
        ' setup            | 2 +-',
        ' notes-2 => notes | 0',
        ' old              | 1 -',
        ' new-page         | 1 +',
        ' 5 pages changed, 2 insertions(+), 2 deletions(-)',
        '',
      ].join('\n'),
    );
    const names = await docs(['cr', 'diff', String(cr), '--space', space, '--name-only'], { env });
    expect(names.stdout).toBe('guide\nsetup\nnotes\nold\nnew-page\n');
  });

  it('says plainly when there is no difference, and exits 0', async () => {
    const res = await docs(['cr', 'diff', String(unchanged), '--space', space], { env });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    expect(res.stderr).toBe(`No differences: change request ${unchanged} has the same content as the space's primary content.\n`);
    const json = await docs(['cr', 'diff', String(unchanged), '--space', space, '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual({ spaceId: space, changeRequestId: String(unchanged), pages: [], added: 0, removed: 0 });
  });

  it('shows the seeded change request\u2019s new page under its parent', async () => {
    const res = await docs(['cr', 'diff', '1', '--space', DEMO.spaces.guides, '--name-only'], { env });
    expect(res).toMatchObject({ code: 0, stdout: 'installation/windows\n' });
    // The title is the file's heading, once; the page's markdown follows.
    const patch = await docs(['cr', 'diff', '1', '--space', DEMO.spaces.guides], { env });
    expect(patch.code).toBe(0);
    expect(patch.stdout).toContain('@@ -0,0 +1,3 @@\n+# Windows\n+\n+Install with winget: `winget install Acme.Cli`.\n');
  });

  it('refuses flags that exclude each other (2) and names an unknown change request (3)', async () => {
    const both = await docs(['cr', 'diff', String(cr), '--space', space, '--stat', '--name-only'], { env });
    expect(both).toMatchObject({ code: 2, stdout: '' });
    expect(both.stderr).toBe('Error: --stat and --name-only cannot be used together: pick one\n');
    const missing = await docs(['cr', 'diff', '999', '--space', space], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^Error: change request "999" not found \(404\)/);
  });
});

/** On a terminal (a pseudo-terminal from `script`): colour, and the pager. */
describe.skipIf(spawnSync('script', ['--version']).status !== 0)('docs cr diff on a terminal', () => {
  // Not spawnSync: the emulator runs in this process and must answer meanwhile.
  const onTerminal = async (args: string[], extra: Record<string, string>) => {
    const res = await docsOnTty(args, { exactEnv: { PATH: process.env.PATH, HOME: tempDir(), TERM: 'xterm-256color', ...env, ...extra } });
    return { code: res.code, out: res.output };
  };

  it('colours the diff and hands it to DOCS_PAGER', async () => {
    const paged = join(root, 'paged.txt');
    const res = await onTerminal(['cr', 'diff', String(cr), '--space', space], { DOCS_PAGER: `sh -c 'cat > "${paged}"'` });
    expect(res.code).toBe(0);
    const text = readFileSync(paged, 'utf8');
    expect(text).toContain('\u001B[32m+2. Sign in with SSO.\u001B[39m');
    expect(text).toContain('\u001B[31m-2. Sign in.\u001B[39m');
    expect(text).toContain('\u001B[1mdiff --git a/setup.md b/setup.md\u001B[22m');
    // Colour codes are ANSI escape sequences, which start with the ESC control character.
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/\u001B\[\d+m/g, '')).toBe(PATCH);
  });

  it('writes directly when the pager cannot start, and has no colour with NO_COLOR', async () => {
    const res = await onTerminal(['cr', 'diff', String(cr), '--space', space], { DOCS_PAGER: 'no-such-pager-here', NO_COLOR: '1' });
    expect(res.code).toBe(0);
    // The progress line on stderr (the same terminal here) is erased, after however many frames it drew,
    // before the patch is written: what follows the last erase is the patch, exactly.
    const erase = '\u001B[0K';
    const shown = res.out.includes(erase) ? res.out.slice(res.out.lastIndexOf(erase) + erase.length) : res.out;
    expect(shown).toBe(PATCH);
  });

  it('loads the areas of the operations it sends only, not the typed client and its whole table', async () => {
    const trace = traceModules();
    // bin/run.js as a process (the emulator answers from this one, hence not execFileSync).
    await promisify(execFile)(process.execPath, ['--import', trace.preload, BIN, 'cr', 'diff', String(cr), '--space', space, '--json'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
    });
    const sources = trace.sources();
    const operations = sources.filter((s) => s.includes('/src/api/operations/')).map((s) => s.replace(/.*\//, ''));
    // Its two content areas, and what api/scope.ts's twins (comments too) and the command's checks of the space
    // and change request bring: 7 of the 18 areas.
    expect(operations.sort()).toEqual([
      'change-request-comments.ts',
      'change-request-content.ts',
      'change-requests.ts',
      'comments.ts',
      'content.ts',
      'shapes.ts',
      'spaces.ts',
      'twins.ts',
    ]);
    expect(sources.filter((s) => s.endsWith('/src/api/client.ts') || s.endsWith('/src/api/operations/index.ts'))).toEqual([]);
  });
});
