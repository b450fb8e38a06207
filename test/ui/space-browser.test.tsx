import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { DEMO, demoSeed, startEmulator, type RunningEmulator, type SeedSpec } from '../../src/emulator/index.js';
import { SpaceBrowser, startAtSpace } from '../../src/ui/space-browser/index.js';
import { loadMarkdownRenderer } from '../../src/ui/space-browser/markdown.js';
import { visibleRows } from '../../src/ui/space-browser/tree.js';
import { KEYS, tick, waitForFrame } from './helpers.js';

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

function seedWithGuide(): SeedSpec {
  const seed = structuredClone(demoSeed);
  const spaces = seed.organizations?.[0]?.spaces as Array<{ id: string; pages?: unknown[] }> | undefined;
  const api = spaces?.find((s) => s.id === DEMO.spaces.api);
  api?.pages?.push({ id: 'page_style', title: 'Style guide', markdown: GUIDE });
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
  // Each key is handled by the screen drawn after the previous one: wait for the redraw.
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      const before = app.lastFrame();
      app.stdin.write(key);
      const deadline = Date.now() + 400;
      while (app.lastFrame() === before && Date.now() < deadline) await tick(10);
      await tick(40);
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
    await app.press(KEYS.enter);
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
    await app.frame('Acme Docs › Guides');
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
    // `/` types a new search over the last one; Esc returns to its results.
    await app.press('/');
    await app.frame('esc to the results');
    await app.press(KEYS.escape);
    await app.frame('/ new search');
    await app.press(KEYS.enter);
    const page = await app.frame('Install with Homebrew');
    expect(page).toContain('/installation/macos');
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

  it('lists change requests of every status with a, and started at a space goes back up through its collection', async () => {
    const client = clientFor();
    const cr = await client.changeRequests.create({ spaceId: DEMO.spaces.api, body: { subject: 'Old auth notes' } });
    await client.changeRequests.update({ spaceId: DEMO.spaces.api, changeRequestId: cr.id, body: { status: 'archived' } });
    const api = await client.spaces.get({ spaceId: DEMO.spaces.api });
    const app = open(<SpaceBrowser client={client} initial={await startAtSpace(client, api)} />);
    await app.frame('Authentication');
    await app.press('c');
    await app.frame('Open change requests');
    expect(app.lastFrame()).not.toContain('Old auth notes');
    await app.press('a');
    const all = await app.frame('Old auth notes');
    expect(all).toContain(`#${cr.number} Old auth notes  archived`);
    await app.press('q', 'q');
    await app.frame('Acme Docs › API Reference');
    expect(app.lastFrame()).toContain('📡 API Reference');
    await app.press('q');
    await app.frame('Acme Docs › Collections');
  });

  it('shows an API error in one line and keeps running', async () => {
    // Globex's admin cannot read Acme's space.
    const client = clientFor(DEMO.tokens.otherAdmin);
    const space = await clientFor().spaces.get({ spaceId: DEMO.spaces.guides });
    const app = open(<SpaceBrowser client={client} initial={[{ kind: 'orgs' }, { kind: 'tree', space }]} />);
    const failed = await app.frame('✗');
    const errorLines = failed.split('\n').filter((l) => l.includes('✗'));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(/\(HTTP 40[34]\)/);
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
    await app.frame('Page the platform team first.');
    await app.press('q');
    await app.frame('🛠️ Runbooks › Pages');
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
    const help = await app.frame('Keys (any key closes this)');
    expect(help).toContain('collapse, or go to the parent page');
    await app.press('x');
    await app.frame('Welcome');
    // The key line is whole at 80 columns (the test terminal is 100 wide).
    expect(app.lastFrame()).toContain('↑↓ move · → expand · enter read · / search · c change request · ? help · q back');
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
