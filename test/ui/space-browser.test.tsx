import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { DEMO, demoSeed, startEmulator, type RunningEmulator, type SeedSpec } from '../../src/emulator/index.js';
import { SpaceBrowser, startAtSpace } from '../../src/ui/space-browser/index.js';
import { foldTrail } from '../../src/ui/space-browser/Frame.js';
import { loadMarkdownRenderer } from '../../src/ui/space-browser/markdown.js';
import { visibleRows } from '../../src/ui/space-browser/tree.js';
import { displayWidth } from '../../src/ui/format.js';
import { anchorAt, lineAt, textOffsets } from '../../src/ui/space-browser/anchor.js';
import { editLine } from '../../src/ui/line-edit.js';
import { KEYS, settled, waitForFrame } from './helpers.js';

let emu: RunningEmulator;
const clients: DocsClient[] = [];
const clientFor = (token: string = DEMO.tokens.admin) => {
  const client = new DocsClient({ baseUrl: emu.url, token, retry: { maxRetries: 0 } });
  clients.push(client);
  return client;
};

/** A page with every kind of block, long enough to scroll. */
const GUIDE = [
  '# Style guide',
  '',
  'Read the [contributing notes](https://acme.test/contributing) first.',
  '',
  '## Lists',
  '',
  '- short sentences',
  '- active voice',
  '',
  '## Code',
  '',
  '```js',
  "const greeting = 'hello';",
  '```',
  '',
  '## Terms',
  '',
  '| Term | Use |',
  '| --- | --- |',
  '| sign in | the verb |',
  '',
  ...Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the guide.\n`),
  'The end of the guide.',
].join('\n');

const LONG_TITLE = 'An essay with a title long enough to need two lines at forty columns';

function seedWithGuide(): SeedSpec {
  const seed = structuredClone(demoSeed);
  const spaces = seed.organizations?.[0]?.spaces as Array<{ id: string; pages?: unknown[] }> | undefined;
  const api = spaces?.find((s) => s.id === DEMO.spaces.api);
  api?.pages?.push({ id: 'page_style', title: 'Style guide', markdown: GUIDE });
  api?.pages?.push({ id: 'page_essay', title: LONG_TITLE, markdown: ESSAY });
  return seed;
}

beforeAll(async () => {
  emu = await startEmulator({ seed: seedWithGuide() });
  // Loaded once here so that the first page view in a test does not pay for the highlighter.
  await loadMarkdownRenderer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});

const mounted: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const app of mounted.splice(0)) app.unmount();
});

function open(element: Parameters<typeof render>[0]) {
  const app = render(element);
  mounted.push(app);
  // Each key is handled by the screen drawn after the previous one: wait until React is idle again.
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      app.stdin.write(key);
      await settled();
    }
  };
  // Tables come with colour codes even when colour is off; the assertions are about the text.
  const text = () => stripVTControlCharacters(app.lastFrame() ?? '');
  const frame = (test: string | ((f: string) => boolean), timeout?: number) => waitForFrame(text, test, timeout);
  return { ...app, press, frame };
}

async function guidesScreens(client: DocsClient) {
  const space = await client.spaces.get({ spaceId: DEMO.spaces.guides });
  return startAtSpace(client, space);
}

describe('spaces browse', () => {
  it('walks organizations → collections → spaces → page tree → a rendered page, and back up', async () => {
    const app = open(<SpaceBrowser client={clientFor()} />);
    await app.frame('Acme Docs');
    // The demo admin administers both organizations; Acme comes first.
    expect(app.lastFrame()).toContain('Globex Corporation');
    // The first screen: q quits, and its key line says so; the next says back.
    expect(app.lastFrame()).toMatch(/\? help · q quit$/m);
    await app.press(KEYS.enter);
    await app.frame((f) => /\? help · q back$/m.test(f));
    // Collections in tree order, nested ones indented under their parent.
    const collections = await app.frame('Guides');
    expect(collections).toMatch(/Product[^\n]*\n\s+ Guides/);
    await app.press(KEYS.down);
    await app.frame('❯   Guides');
    await app.press(KEYS.enter);
    await app.frame('🚀 Getting Started');
    await app.press(KEYS.enter);
    const tree = await app.frame('Welcome');
    expect(tree).toContain('Primary content');
    expect(tree).toContain('▸ Installation');
    await app.press(KEYS.down);
    await app.frame('❯   Quickstart');
    await app.press(KEYS.enter);
    const page = await app.frame('Sign in');
    expect(page).toContain('🚀 Getting Started › Quickstart');
    expect(page).toMatch(/\/quickstart · http\S+/);
    // The markdown is rendered, not shown as source: the inline code loses its backticks.
    expect(page).toContain('Run acme login and paste your token.');
    expect(page).not.toContain('`acme login`');
    await app.press('q');
    await app.frame((f) => f.includes('Pages') && f.includes('▸ Installation'));
    await app.press('q');
    // The breadcrumb names every collection that holds Guides.
    await app.frame('Acme Docs › Product › Guides');
    await app.press(KEYS.escape, KEYS.escape);
    await app.frame('Organizations');
  });

  it('expands and collapses the page tree with → and ←, keeping the selection on the parent', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('▸ Installation');
    expect(app.lastFrame()).not.toContain('macOS');
    await app.press(KEYS.down, KEYS.down);
    await app.frame('❯ ▸ Installation');
    await app.press(KEYS.right);
    const open1 = await app.frame('macOS');
    expect(open1).toContain('▾ Installation');
    expect(open1).toMatch(/Installation[^\n]*\n\s+ macOS[^\n]*\n\s+ Linux[^\n]*\n\s+ Configuration/);
    // → on an open page goes to its first child; ← on a child goes back to the parent, then closes it.
    await app.press(KEYS.right);
    await app.frame((f) => /❯\s+macOS/.test(f));
    await app.press(KEYS.enter);
    await app.frame('brew install acme');
    await app.press('q');
    await app.frame('▾ Installation');
    await app.press(KEYS.left, KEYS.left);
    await app.frame((f) => f.includes('▸ Installation') && !f.includes('macOS'));
  });

  it('searches the space and opens a result', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('Welcome');
    await app.press('/');
    const empty = await app.frame('Search:');
    // While the input has the keys, ? and q are letters: the key line does not offer them.
    expect(empty).toContain('enter search · esc back');
    expect(empty).not.toContain('q back');
    // Letters go to the input while it is focused: `q` does not go back.
    await app.press('q', KEYS.escape);
    await app.frame('Pages');
    await app.press('/');
    await app.frame('Search:');
    await app.press(...'Homebrew'.split(''), KEYS.enter);
    const results = await app.frame('1 page found');
    expect(results).toContain('macOS');
    // `/` opens an empty box for a new search; Esc returns to the last results.
    await app.press('/');
    await app.frame('esc to the results');
    await app.press(KEYS.escape);
    await app.frame('/ new search');
    await app.press(KEYS.enter);
    const page = await app.frame('Install with Homebrew');
    expect(page).toContain('/installation/macos');
  });

  it('a search past the contract bound is refused before it is sent, the words kept in the box', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('Welcome');
    await app.press('/');
    await app.frame('Search:');
    // One paste of 600 characters, then Enter.
    await app.press('w'.repeat(600), KEYS.enter);
    const refused = await app.frame('✗ query: must be at most 512 characters');
    expect(refused).toContain('enter search');
    // Still typing, with the words: Ctrl-W takes them out at once, and a short search goes through.
    await app.press('\u0017', ...'Homebrew'.split(''), KEYS.enter);
    const results = await app.frame('1 page found');
    expect(results).not.toContain('✗');
  });

  it('switches to the content of a change request, and back to the primary content', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('▸ Installation');
    await app.press('c');
    await app.frame('Document Windows installation');
    await app.press(KEYS.down);
    await app.frame('❯   #1 Document Windows installation');
    await app.press(KEYS.enter);
    const tree = await app.frame('Change request #1');
    expect(tree).toContain('“Document Windows installation” (open)');
    await app.press(KEYS.down, KEYS.down);
    await app.frame('❯ ▸ Installation');
    await app.press(KEYS.right);
    await app.frame((f) => /▾ Installation[^\n]*\n(.*\n){2}\s+ Windows/.test(f));
    await app.press(KEYS.down, KEYS.down, KEYS.down);
    await app.frame((f) => /❯\s+Windows/.test(f));
    await app.press(KEYS.enter);
    const page = await app.frame('winget install');
    expect(page).toContain('Change request #1');
    await app.press('q', 'c');
    await app.frame('✓ #1');
    await app.press(KEYS.up);
    await app.frame('❯   Primary content');
    await app.press(KEYS.enter);
    await app.frame((f) => f.includes('Primary content') && f.includes('Pages'));
    await app.press(KEYS.down, KEYS.down);
    await app.frame('❯ ▸ Installation');
    await app.press(KEYS.right);
    const primary = await app.frame('macOS');
    expect(primary).not.toContain('Windows');
  });

  it('lists change requests of every status with a, and started at a space one q quits (no screen it never showed)', async () => {
    const client = clientFor();
    const cr = await client.changeRequests.create({ spaceId: DEMO.spaces.api, body: { subject: 'Old auth notes' } });
    await client.changeRequests.update({ spaceId: DEMO.spaces.api, changeRequestId: cr.id, body: { status: 'archived' } });
    const api = await client.spaces.get({ spaceId: DEMO.spaces.api });
    const initial = await startAtSpace(client, api);
    // Only the space's tree: the collections above it were never shown, so q does not walk up through them.
    expect(initial.map((s) => s.kind)).toEqual(['tree']);
    const app = open(<SpaceBrowser client={client} initial={initial} />);
    await app.frame('Authentication');
    expect(app.lastFrame()).toContain('Acme Docs › Product › API Reference › 📡 API Reference › Pages');
    expect(app.lastFrame()).toMatch(/\? help · q quit$/m);
    await app.press('c');
    await app.frame('Open change requests');
    expect(app.lastFrame()).not.toContain('Old auth notes');
    await app.press('a');
    const all = await app.frame('Old auth notes');
    expect(all).toContain(`#${cr.number} Old auth notes  archived`);
    await app.press('q');
    await app.frame((f) => f.includes('📡 API Reference › Pages') && /q quit$/m.test(f));
  });

  it('refreshes with R, as cr review does; r does nothing here', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('▸ Installation');
    await app.press('c');
    await app.frame('Document Windows installation');
    const cr = await client.changeRequests.create({ spaceId: DEMO.spaces.guides, body: { subject: 'Made meanwhile' } });
    await app.press('r');
    // Time enough for a refresh against the in-process emulator to come back, had r asked for one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await settled();
    expect(app.lastFrame()).not.toContain('Made meanwhile');
    await app.press('R');
    await app.frame(`#${cr.number} Made meanwhile`);
    await app.press('?');
    expect(await app.frame('refresh')).toMatch(/R\s+refresh/);
  });

  it('shows an API error in one line and keeps running', async () => {
    // Globex's admin cannot read Acme's space.
    const client = clientFor(DEMO.tokens.otherAdmin);
    const space = await clientFor().spaces.get({ spaceId: DEMO.spaces.guides });
    const app = open(<SpaceBrowser client={client} initial={[{ kind: 'orgs' }, { kind: 'tree', space }]} />);
    const failed = await app.frame('✗');
    const errorLines = failed.split('\n').filter((l) => l.includes('✗'));
    expect(errorLines).toHaveLength(1);
    // The line the command line prints for the same failure (src/cli/errors.ts), with its status.
    expect(errorLines[0]).toMatch(/\(40[34]\)/);
    await app.press('q');
    await app.frame('Globex Corporation');
    expect(app.lastFrame()).not.toContain('Acme Docs');
  });

  it('opens a space outside any collection through the organization search', async () => {
    const app = open(
      <SpaceBrowser
        client={clientFor(DEMO.tokens.otherAdmin)}
        initial={[{ kind: 'orgs' }, { kind: 'collections', org: { id: DEMO.otherOrg, title: 'Globex Corporation' } }]}
      />,
    );
    await app.frame('Operations');
    await app.press('/', ...'platform'.split(''), KEYS.enter);
    await app.frame('Runbooks › On-call');
    await app.press(KEYS.enter);
    const page = await app.frame('Page the platform team first.');
    // The breadcrumb says where the space is, read once the result was opened.
    expect(page).toContain('Globex Corporation › 🛠️ Runbooks › On-call');
    await app.press('q');
    // Back to the results, not to a tree never shown.
    const results = await app.frame((f) => f.includes('Globex Corporation › Search') && f.includes('page'));
    expect(results).toMatch(/❯ Runbooks › On-call/);
    expect(results).not.toContain('Runbooks › Pages');
  });

  it('renders headings, lists, code, tables and links, and scrolls', async () => {
    const client = clientFor();
    const api = await client.spaces.get({ spaceId: DEMO.spaces.api });
    const app = open(
      <SpaceBrowser
        client={client}
        initial={[
          { kind: 'tree', space: api },
          { kind: 'page', space: api, pageId: 'page_style' },
        ]}
      />,
    );
    const top = await app.frame('contributing notes');
    expect(top).toContain('# Style guide');
    expect(top).toContain('contributing notes (https://acme.test/contributing)');
    expect(top).toMatch(/\* short sentences/);
    expect(top).toContain("const greeting = 'hello';");
    expect(top).not.toContain('```');
    expect(top).toMatch(/│ Term\s+│ Use\s+│/);
    expect(top).toMatch(/lines 1–18 of \d+/);
    expect(top).not.toContain('The end of the guide.');
    await app.press('G');
    const end = await app.frame('The end of the guide.');
    expect(end).not.toContain('# Style guide');
    await app.press('g');
    await app.frame('# Style guide');
    await app.press(' ');
    const next = await app.frame((f) => /lines 18–35 of/.test(f));
    expect(next).not.toContain('# Style guide');
    await app.press('k', 'k');
    await app.frame((f) => /lines 16–33 of/.test(f));
    await app.press('q');
    await app.frame('Style guide  style-guide');
  });

  it('shows the keys with ?', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('Welcome');
    await app.press('?');
    const help = await app.frame('Keys (any other key closes this)');
    expect(help).toContain('collapse, or go to the parent page');
    await app.press('x');
    await app.frame('Welcome');
    // The key line is whole at 80 columns (the test terminal is 100 wide).
    expect(app.lastFrame()).toContain('↑↓ move · → expand · enter read · / search · c change request · ? help · q quit');
    // On a small terminal the help scrolls, as cr review's does: ↑↓ move it, and any other key closes it.
    resize(app, 60, 15);
    await app.press('?');
    const top = await app.frame((f) => /lines 1–\d+ of \d+ · ↑↓ scroll, other keys close/.test(f));
    // Its title is whole at 60 columns: the words that do not fit are left out, nothing is cut.
    expect(top.split('\n').find((l) => l.startsWith('Keys'))).not.toContain('…');
    const [, last, count] = /lines 1–(\d+) of (\d+)/.exec(top) ?? [];
    expect(Number(count)).toBeGreaterThan(Number(last));
    expect(top).not.toContain('ctrl-c');
    await app.press(' ', ' ', ' ');
    const end = await app.frame((f) => new RegExp(`lines \\d+–${count} of ${count}`).test(f));
    expect(end).toContain('ctrl-c  quit');
    expect(end).toContain('Keys');
    await app.press('k');
    await app.frame((f) => !new RegExp(`–${count} of`).test(f) && f.includes('↑↓ scroll'));
    await app.press('x');
    await app.frame((f) => f.includes('Welcome') && !f.includes('Keys ('));
  });
});

describe('where the user has been, and where a space is', () => {
  it('the breadcrumb names every collection that holds a space, and folds whole names from the left when narrow', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    const wide = await app.frame('Welcome');
    expect(wide.split('\n')[0]).toBe('Acme Docs › Product › Guides › 🚀 Getting Started › Pages');
    resize(app, 40);
    const narrow = await app.frame((f) => f.split('\n')[0]?.startsWith('…›') === true);
    // Whole names folded into …›, the space and the screen's name kept, on one line.
    expect(narrow.split('\n')[0]).toBe('…› Guides › 🚀 Getting Started › Pages');
    await app.press(KEYS.down, KEYS.enter);
    const page = await app.frame('Sign in');
    // A longer last name: one more name folds.
    expect(page.split('\n')[0]).toBe('…› 🚀 Getting Started › Quickstart');
  });

  it('foldTrail drops whole names from the left and keeps the last one whole', () => {
    const parts = ['Acme Docs', 'Product', 'Guides', '🚀 Getting Started', 'Pages'];
    expect(foldTrail(parts, 80)).toBe('Acme Docs › Product › Guides › 🚀 Getting Started › Pages');
    expect(foldTrail(parts, 50)).toBe('…› Product › Guides › 🚀 Getting Started › Pages');
    expect(foldTrail(parts, 30)).toBe('…› 🚀 Getting Started › Pages');
    // Only the last name is left: it is kept whole (the header wraps it between words).
    expect(foldTrail(parts, 5)).toBe('…› Pages');
    for (const width of [80, 50, 40, 30, 20]) {
      const folded = foldTrail(parts, width);
      if (folded.startsWith('…› ')) expect(parts.join(' › ').endsWith(folded.slice(3))).toBe(true);
    }
  });

  it("from an organization search result's page, q goes back to the results, on the result opened", async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={[{ kind: 'collections', org: { id: DEMO.org, title: 'Acme Docs' } }]} />);
    await app.frame('❯ Product');
    // Opened on the organization: its first screen, q quits.
    expect(app.lastFrame()).toMatch(/\? help · q quit$/m);
    await app.press('/', ...'install'.split(''), KEYS.enter);
    const results = await app.frame((f) => /\d+ pages found/.test(f));
    const count = Number(/(\d+) pages found/.exec(results)?.[1]);
    expect(count).toBeGreaterThan(2);
    await app.press(KEYS.down, KEYS.down);
    const moved = await app.frame(
      (f) => (f.split('\n').filter((l) => l.startsWith('❯'))[0] ?? '') !== '' && f.split('\n').findIndex((l) => l.startsWith('❯')) === 5,
    );
    const chosen = (moved.split('\n').find((l) => l.startsWith('❯')) ?? '').replace(/ {2}.*$/, '');
    await app.press(KEYS.enter);
    await app.frame((f) => f.includes('Acme Docs › Product › Guides › 🚀 Getting Started ›') && !f.includes('Loading'));
    await app.press('q');
    const back = await app.frame((f) => f.includes('Acme Docs › Search') && f.includes('❯'));
    expect(
      back
        .split('\n')
        .find((l) => l.startsWith('❯'))
        ?.replace(/ {2}.*$/, ''),
    ).toBe(chosen);
    expect(back).not.toContain('› Pages');
  });
});

describe('the status line', () => {
  it('a key that does nothing says so, naming ?, until the next key, on every screen', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('Welcome');
    await app.press('z');
    await app.frame('z: no such key · ? shows the keys');
    await app.press('j');
    const moved = await app.frame('❯   Quickstart');
    expect(moved).not.toContain('no such key');
    // A key the tree has (c) is not answered so; on the next screen, one it does not have is.
    await app.press('c');
    const list = await app.frame('Document Windows installation');
    expect(list).not.toContain('no such key');
    await app.press('x');
    await app.frame('x: no such key · ? shows the keys');
    await app.press('q', KEYS.enter);
    const page = await app.frame('Sign in');
    expect(page).not.toContain('no such key');
    // Over the page's position, which comes back with the next key.
    await app.press('x');
    await app.frame('x: no such key');
    await app.press('j');
    await app.frame((f) => !f.includes('no such key'));
  });
});

/** Long paragraphs of words found once each (`p3w14`), so that where a text is can be told at any width. */
const ESSAY = Array.from({ length: 30 }, (_, p) => Array.from({ length: 40 }, (_, w) => `p${p}w${w}`).join(' ')).join('\n\n');

/** The same terminal at another size, as a resize reports it. */
function resize(app: ReturnType<typeof open>, columns: number, rows = 24) {
  Object.defineProperty(app.stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(app.stdout, 'rows', { value: rows, configurable: true });
  app.stdout.emit('resize');
}

/**
 * The first line of text in view: the first one not blank under the header, which ends with the content shown
 * (the top row may be the blank line between two paragraphs, depending on how many rows the header took).
 */
function topLine(frame: string): string {
  const lines = frame.split('\n');
  return lines.slice(lines.findIndex((l) => l.startsWith('Primary content')) + 1).find((l) => l.trim() !== '') ?? '';
}

/** The search box holds exactly `text` (the cursor cell after it is blank). */
const searchBox = (text: string) => (frame: string) => frame.split('\n').some((l) => l.trimEnd() === `Search: ${text}`);

const CTRL_U = '\u0015';
const CTRL_W = '\u0017';

describe('spaces browse shows everything', () => {
  it('lists a space that is in no collection at the organization level, and opens it', async () => {
    const client = clientFor();
    const site = await client.sites.create({ organizationId: DEMO.org, body: { title: 'Loose Help Center', spaces: 'sample' } });
    const app = open(
      <SpaceBrowser client={client} initial={[{ kind: 'orgs' }, { kind: 'collections', org: { id: DEMO.org, title: 'Acme Docs' } }]} />,
    );
    const level = await app.frame('Loose Help Center');
    expect(level).toContain('Acme Docs › Collections and spaces');
    expect(level).toMatch(/Loose Help Center\s+in no collection · /);
    // The spaces that are in a collection are listed there, not here.
    expect(level).not.toContain('Getting Started');
    // Collections first (Product, Guides, API Reference, Internal), then the spaces in none.
    const rows = level.split('\n').filter((l) => /collection ·|in no collection/.test(l));
    expect(rows.findIndex((l) => l.includes('Loose Help Center'))).toBeGreaterThanOrEqual(4);
    await app.press('G');
    await app.frame('❯ Loose Help Center');
    await app.press(KEYS.enter);
    const tree = await app.frame('Loose Help Center › Pages');
    expect(tree).toContain('Primary content');
    await app.frame((f) => /❯ .\s*\S/.test(f) && !f.includes('Loading pages'));
    await client.sites.delete({ organizationId: DEMO.org, siteId: site.id }).catch(() => undefined);
  });

  it('shows the collections a collection holds: Product holds Guides and API Reference', async () => {
    const app = open(
      <SpaceBrowser
        client={clientFor()}
        initial={[{ kind: 'orgs' }, { kind: 'collections', org: { id: DEMO.org, title: 'Acme Docs' } }]}
      />,
    );
    await app.frame('❯ Product');
    await app.press(KEYS.enter);
    // The collection's own list loads over HTTP after the title is drawn: wait for it, not for the title.
    const product = await app.frame((f) => f.includes('Acme Docs › Product') && !f.includes('Loading'));
    expect(product).not.toContain('No spaces');
    expect(product).toMatch(/❯ Guides\s+collection · Tutorials and how-to guides/);
    expect(product).toMatch(/ API Reference\s+collection · /);
    await app.press(KEYS.down);
    await app.frame('❯ API Reference');
    await app.press(KEYS.enter);
    await app.frame('📡 API Reference');
    await app.press('q', KEYS.up, KEYS.enter);
    await app.frame('🚀 Getting Started');
    // Back up through the collection that holds it.
    await app.press('q');
    await app.frame((f) => f.includes('Acme Docs › Product') && f.includes('❯ Guides'));
  });

  it('search: / opens an empty box each time, Ctrl-U and Ctrl-W edit as in readline, Enter searches what was typed', async () => {
    const client = clientFor();
    const app = open(<SpaceBrowser client={client} initial={await guidesScreens(client)} />);
    await app.frame('Welcome');
    await app.press('/', ...'Homebrew'.split(''), KEYS.enter);
    await app.frame('1 page found');
    await app.press('q');
    await app.frame('Pages');
    // A second `/` opens an empty box: not the old results, and typing does not add to the old words.
    await app.press('/');
    const fresh = await app.frame('Search:');
    expect(fresh).toContain('words to look for, then Enter');
    expect(fresh).not.toContain('Homebrew');
    expect(fresh).not.toContain('found');
    await app.press(...'winget'.split(''));
    await app.frame(searchBox('winget'));
    // Ctrl-U deletes back to the start of the line, and the letters typed after it are the whole text.
    await app.press(CTRL_U);
    await app.frame('Search:  words to look for');
    await app.press(...'brew install'.split(''));
    await app.frame(searchBox('brew install'));
    // Ctrl-W deletes the word before the cursor, then the one before it.
    await app.press(CTRL_W);
    await app.frame(searchBox('brew'));
    await app.press(CTRL_W);
    await app.frame('Search:  words to look for');
    // Readline's other moves: ←, Ctrl-A and Ctrl-E, with text typed in the middle.
    await app.press(...'tarbal'.split(''), KEYS.left, KEYS.left, '\u0001', 'x', '\u0005', 'l');
    await app.frame(searchBox('xtarball'));
    await app.press('\u0001', '\u0004');
    await app.frame(searchBox('tarball'));
    await app.press(KEYS.enter);
    const linux = await app.frame('1 page found');
    expect(linux).toContain('Search: tarball');
    expect(linux).toContain('Linux');
    // From the results, `/` opens an empty box again; Enter searches the new words, it does not
    // read the selected result of the old ones.
    await app.press('/');
    await app.frame('words to look for, then Enter');
    await app.press(...'Homebrew'.split(''), KEYS.enter);
    const mac = await app.frame((f) => f.includes('Search: Homebrew') && f.includes('1 page found'));
    expect(mac).toContain('macOS');
    expect(mac).not.toContain('Linux');
    expect(mac).toContain('Search'); // still the search screen, no page opened
    // Esc from an empty box goes back to the results of the last search.
    await app.press('/', KEYS.escape);
    await app.frame((f) => f.includes('Search: Homebrew') && f.includes('/ new search'));
    await app.press(KEYS.enter);
    await app.frame('Install with Homebrew');
    // Reading a result and coming back keeps the results.
    await app.press('q');
    await app.frame((f) => f.includes('Search: Homebrew') && f.includes('❯ macOS'));
  });

  it('keeps the same text in view when a resize lays the page out again', async () => {
    const client = clientFor();
    const api = await client.spaces.get({ spaceId: DEMO.spaces.api });
    const app = open(
      <SpaceBrowser
        client={client}
        initial={[
          { kind: 'tree', space: api },
          { kind: 'page', space: api, pageId: 'page_essay' },
        ]}
      />,
    );
    await app.frame('p0w0');
    await app.press(' ', ' ', 'j');
    const before = await app.frame((f) => /lines \d+–/.test(f) && !f.includes('p0w0 '));
    const word = topLine(before).trim().split(/\s+/)[0] ?? '';
    expect(word).toMatch(/^p\d+w\d+$/);
    const lineBefore = /lines (\d+)–/.exec(before)?.[1];
    // Narrower: the paragraphs take more lines, the same words stay at the top.
    resize(app, 50);
    const narrow = await app.frame((f) => /lines (\d+)–/.exec(f)?.[1] !== lineBefore && f.split('\n').every((l) => l.length <= 50));
    expect(topLine(narrow)).toContain(word);
    // And back: still the same text, on the line it started.
    resize(app, 100);
    const wide = await app.frame((f) => /lines (\d+)–/.exec(f)?.[1] === lineBefore);
    expect(topLine(wide)).toBe(topLine(before));
    // Scrolling goes on from there.
    await app.press('j');
    await app.frame((f) => /lines (\d+)–/.exec(f)?.[1] === String(Number(lineBefore) + 1));
  });
});

describe('spaces browse at any width', () => {
  it('measures rows by display width: a CJK and emoji title keeps the row inside the terminal', async () => {
    const client = clientFor();
    const title = '📚 Ünïcödé 日本語のタイトル 👩‍💻 ｆｕｌｌ';
    const site = await client.sites.create({ organizationId: DEMO.org, body: { title, spaces: 'empty' } });
    const app = open(
      <SpaceBrowser client={client} initial={[{ kind: 'orgs' }, { kind: 'collections', org: { id: DEMO.org, title: 'Acme Docs' } }]} />,
    );
    const wide = await app.frame(title);
    const row = wide.split('\n').find((l) => l.includes(title)) ?? '';
    expect(row).toMatch(/in no collection · \w+ · sp_\w+/);
    for (const line of wide.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(100);
    resize(app, 30);
    const narrow = await app.frame((f) => f.split('\n').every((l) => displayWidth(l) <= 30));
    // At 30 columns the row is cut by display width, between words: it ends with a whole word of the title and …
    const cut = narrow.split('\n').find((l) => l.includes('📚 Ünïcödé')) ?? '';
    expect(cut.trimEnd()).toMatch(/…$/);
    expect(displayWidth(cut.trimEnd())).toBeLessThanOrEqual(30);
    expect(title.startsWith(cut.trimEnd().slice(2, -1))).toBe(true);
    expect(title.charAt(cut.trimEnd().length - 3)).toBe(' ');
    await client.sites.delete({ organizationId: DEMO.org, siteId: site.id }).catch(() => undefined);
  });

  it('wraps a long page title and its URL instead of cutting them, and the key line stays at the bottom', async () => {
    const client = clientFor();
    const api = await client.spaces.get({ spaceId: DEMO.spaces.api });
    const page = await client.content.getPage({ spaceId: DEMO.spaces.api, pageId: 'page_essay' });
    const url = page.urls?.app ?? '';
    expect(url.length).toBeGreaterThan(40);
    const app = open(
      <SpaceBrowser
        client={client}
        initial={[
          { kind: 'tree', space: api },
          { kind: 'page', space: api, pageId: 'page_essay' },
        ]}
      />,
    );
    resize(app, 40, 20);
    const frame = await app.frame((f) => f.includes('p0w0') && f.split('\n').every((l) => displayWidth(l) <= 40));
    const joined = frame.replace(/[\n ]/g, '');
    expect(joined).toContain(LONG_TITLE.replace(/ /g, ''));
    expect(joined).toContain(url);
    const lines = frame.split('\n');
    // The URL is longer than a line: it breaks only after a `/` in it, or a `-` in a slug longer than a line.
    const start = lines.findIndex((l) => l.startsWith('http'));
    const urlRows: string[] = [];
    for (let i = start; i >= 0 && urlRows.join('').length < url.length; i += 1) urlRows.push((lines[i] ?? '').trim());
    expect(urlRows.join('')).toBe(url);
    expect(urlRows.length).toBeGreaterThan(1);
    for (const row of urlRows.slice(0, -1)) expect(row).toMatch(/[/-]$/);
    expect(urlRows[0]).toMatch(/\/$/);
    // Not a terminal: no OSC 8 link in what was written.
    expect(app.frames.join('')).not.toContain('\u001B]8;;');
    // The terminal is 20 rows; one is left free. The header took several rows, the body the rest.
    expect(lines).toHaveLength(19);
    expect(lines.at(-1)).toContain('↑↓/jk scroll');
    expect(lines.at(-2)).toMatch(/lines 1–\d+ of \d+/);
  });
});

describe('spaces browse on a terminal that shows links', () => {
  it('makes the page URL an OSC 8 link, each piece of it when it is wrapped', async () => {
    const client = clientFor();
    const api = await client.spaces.get({ spaceId: DEMO.spaces.api });
    const page = await client.content.getPage({ spaceId: DEMO.spaces.api, pageId: 'page_essay' });
    const url = page.urls?.app ?? '';
    const saved = process.env.FORCE_HYPERLINK;
    process.env.FORCE_HYPERLINK = '1';
    try {
      const app = open(
        <SpaceBrowser
          client={client}
          initial={[
            { kind: 'tree', space: api },
            { kind: 'page', space: api, pageId: 'page_essay' },
          ]}
        />,
      );
      Object.defineProperty(app.stdout, 'isTTY', { value: true, configurable: true });
      resize(app, 40, 20);
      await app.frame((f) => f.includes('p0w0') && f.split('\n').every((l) => displayWidth(l) <= 40));
      const raw = app.lastFrame() ?? '';
      // eslint-disable-next-line no-control-regex -- OSC 8 sequences start with ESC
      const pieces = Array.from(raw.matchAll(/\u001B\]8;;([^\u001B]*)\u001B\\([^\u001B]*)\u001B\]8;;\u001B\\/g), (m) => [m[1], m[2]]);
      expect(pieces.length).toBeGreaterThan(1);
      for (const [target] of pieces) expect(target).toBe(url);
      expect(pieces.map(([, text]) => text).join('')).toBe(url);
    } finally {
      if (saved === undefined) delete process.env.FORCE_HYPERLINK;
      else process.env.FORCE_HYPERLINK = saved;
    }
  });
});

describe('text position of a page', () => {
  it('finds the same text in another layout', () => {
    const wide = ['# Title', '', 'one two three four', 'five six', '', '│ a │ b │'];
    const narrow = ['# Title', '', 'one two', 'three four', 'five six', '', '│ a │', '│ b │'];
    const w = textOffsets(wide);
    const n = textOffsets(narrow);
    // "five" starts line 3 wide and line 4 narrow.
    expect(lineAt(n, anchorAt(w, 3))).toBe(4);
    // "three" is inside line 2 wide: the line it is in.
    expect(lineAt(w, anchorAt(n, 3))).toBe(2);
    // A blank line keeps its place among the lines without letters before the text.
    expect(lineAt(n, anchorAt(w, 4))).toBe(5);
    expect(lineAt(n, anchorAt(w, 0))).toBe(0);
    expect(lineAt(n, anchorAt(w, 1))).toBe(1);
    expect(lineAt([0], anchorAt(w, 3))).toBe(0);
  });
});

describe('the search box', () => {
  const type = (text: string) => ({ value: text, cursor: text.length });
  it('edits as readline does', () => {
    expect(editLine(type('foo bar  '), 'w', { ctrl: true })).toEqual({ value: 'foo ', cursor: 4 });
    expect(editLine({ value: 'foo bar', cursor: 5 }, 'u', { ctrl: true })).toEqual({ value: 'ar', cursor: 0 });
    expect(editLine({ value: 'foo bar', cursor: 3 }, 'k', { ctrl: true })).toEqual({ value: 'foo', cursor: 3 });
    expect(editLine(type('日本👩‍💻'), '', { backspace: true })).toEqual({ value: '日本', cursor: 2 });
    expect(editLine(type('日本👩‍💻'), '', { leftArrow: true })).toEqual({ value: '日本👩‍💻', cursor: 2 });
    expect(editLine({ value: 'ab', cursor: 1 }, 'x\r\ny', {})).toEqual({ value: 'ax yb', cursor: 4 });
    expect(editLine(type('ab'), '', { return: true })).toBeUndefined();
    expect(editLine(type('ab'), 'x', { ctrl: true })).toBeUndefined();
  });
});

describe('page tree rows', () => {
  it('shows sub-pages of expanded pages only', () => {
    const pages = [
      { id: 'a', title: 'A', type: 'document' as const, pages: [{ id: 'a1', title: 'A1', type: 'document' as const }] },
      { id: 'b', title: 'B', type: 'document' as const },
    ];
    expect(visibleRows(pages, new Set()).map((r) => r.page.id)).toEqual(['a', 'b']);
    const open = visibleRows(pages, new Set(['a']));
    expect(open.map((r) => [r.page.id, r.depth, r.parentId])).toEqual([
      ['a', 0, undefined],
      ['a1', 1, 'a'],
      ['b', 0, undefined],
    ]);
  });
});
