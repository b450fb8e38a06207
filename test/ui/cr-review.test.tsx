import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { ReviewApp } from '../../src/ui/cr-review/index.js';
import { DEMO, startDemo, type Api } from '../emulator/helpers.js';
import { waitForFrame } from './helpers.js';

/**
 * The review app against a real in-process emulator (demo seed: change request #1 of the guides
 * space adds a "Windows" page and has one comment with one reply), through a real DocsClient.
 */

const SPACE = DEMO.spaces.guides;
const CR = `/v1/spaces/${SPACE}/change-requests/cr_windows`;
const ESC = '\u001B';
const TAB = '\t';
// Every temporary file of these tests lives under this one directory.
const TEMP = mkdtempSync(join(tmpdir(), 'docs-ui-review-'));

let emu: RunningEmulator;
let api: Api;
let client: DocsClient;
let app: ReturnType<typeof render> | undefined;

beforeEach(async () => {
  ({ emu, api } = await startDemo({ filesRoot: TEMP }));
  client = new DocsClient({ baseUrl: emu.url, token: DEMO.tokens.admin });
});

afterEach(async () => {
  app?.unmount();
  app = undefined;
  await client.close();
  await emu.close();
});

afterAll(() => rmSync(TEMP, { recursive: true, force: true }));

function start(props: Partial<Parameters<typeof ReviewApp>[0]> = {}) {
  app = render(<ReviewApp client={client} spaceId={SPACE} {...props} />);
  return app;
}

/** Open change request #1 from the list and wait for its diff and comments (the added page is in view). */
async function openFirst(props: Partial<Parameters<typeof ReviewApp>[0]> = {}, subject = 'Document Windows installation') {
  const ui = start(props);
  await waitForFrame(ui.lastFrame, subject);
  ui.stdin.write('\r');
  await waitForFrame(ui.lastFrame, /Conversation\s+\d+✎[\s\S]*@@ /);
  return ui;
}

/** Select the Conversation entry, focus the right pane and put the cursor on the first thread. */
async function cursorOnFirstThread(ui: ReturnType<typeof render>) {
  ui.stdin.write('g');
  await waitForFrame(ui.lastFrame, 'Comments on the change request as a whole');
  ui.stdin.write(TAB);
  await waitForFrame(ui.lastFrame, '│ ›Comments on the change request');
  // Heading, blank line, comment count, then the thread.
  for (let i = 0; i < 3; i++) ui.stdin.write('j');
  await vi.waitFor(() => expect(selectedRow(ui.lastFrame())).toContain('● Alan Turing'), { timeout: 10_000 });
}

/** Type into the focused text input and wait until it shows the text (so Enter comes after it). */
async function typeText(ui: ReturnType<typeof render>, text: string, prompt = '› ') {
  ui.stdin.write(text);
  await waitForFrame(ui.lastFrame, `${prompt}${text}`);
}

/** The row under the cursor in the right pane (marked › after the pane's border). */
function selectedRow(frame: string | undefined): string {
  return (frame ?? '').split('\n').find((l) => l.includes('│ ›')) ?? '';
}

async function crStatus(): Promise<string> {
  return (await api<{ status: string }>('GET', CR)).body.status;
}

describe('the list', () => {
  it('shows the open change requests with author, status and comment count; s cycles the status, / filters', async () => {
    const ui = start();
    const frame = await waitForFrame(ui.lastFrame, 'Document Windows installation');
    expect(frame).toContain(`Change requests · ${SPACE} · open · 1`);
    expect(frame).toMatch(/#1\s+Document Windows installation\s+Katherine Johnson\s+open\s+just now\s+1/);
    expect(frame).toContain('↑↓ move · enter open · s status');
    ui.stdin.write('s');
    await waitForFrame(ui.lastFrame, 'No draft change requests; s shows another status.');
    for (const status of ['merged', 'archived', 'all']) {
      ui.stdin.write('s');
      await waitForFrame(ui.lastFrame, `${SPACE} · ${status}`);
    }
    await waitForFrame(ui.lastFrame, '#1 ');
    ui.stdin.write('/');
    await waitForFrame(ui.lastFrame, /^\/ ?$/m);
    await typeText(ui, 'nothing like it', '/ ');
    await waitForFrame(ui.lastFrame, 'No change request matches "nothing like it".');
    ui.stdin.write(ESC);
    await waitForFrame(ui.lastFrame, /#1\s+Document Windows/);
    ui.stdin.write('/');
    await waitForFrame(ui.lastFrame, /^\/ ?$/m);
    await typeText(ui, 'windows', '/ ');
    ui.stdin.write('\r');
    await vi.waitFor(() => expect(ui.lastFrame()).not.toMatch(/^\/ /m), { timeout: 10_000 });
    const filtered = await waitForFrame(ui.lastFrame, 'matching "windows" · 1');
    expect(filtered).toContain('#1 ');
    ui.stdin.write(ESC);
    const cleared = await waitForFrame(ui.lastFrame, `${SPACE} · all · 1`);
    expect(cleared).not.toContain('matching');
  });

  it('? shows every key, any key closes it, q quits', async () => {
    let quit = 0;
    const ui = start({ onQuit: () => (quit += 1) });
    await waitForFrame(ui.lastFrame, 'Document Windows installation');
    ui.stdin.write('?');
    await waitForFrame(ui.lastFrame, 'Change requests: keys (any other key closes this)');
    expect(ui.lastFrame()).toContain('filter by text');
    ui.stdin.write('x');
    await waitForFrame(ui.lastFrame, /#1\s+Document Windows/);
    ui.stdin.write('q');
    await vi.waitFor(() => expect(quit).toBe(1), { timeout: 10_000 });
  });

  it('an API error shows in one line and the app keeps running', async () => {
    const ui = start({ spaceId: 'space_missing' });
    const frame = await waitForFrame(ui.lastFrame, '✗');
    expect(frame).toMatch(/✗ .*\(404\)/);
    expect(frame).not.toMatch(/\n\s+at /);
    ui.stdin.write('?');
    await waitForFrame(ui.lastFrame, 'keys (any other key closes this)');
  });
});

describe('a change request', () => {
  it('opens with its header and comment threads with replies; q goes back to the list', async () => {
    const ui = await openFirst();
    ui.stdin.write('g');
    const frame = await waitForFrame(ui.lastFrame, 'Can we also mention the MSI installer?');
    expect(frame).toContain('#1 Document Windows installation');
    expect(frame).toContain('open · by Katherine Johnson');
    expect(frame).toContain(`/s/${SPACE}/~/changes/1/`);
    expect(frame).toContain('● Alan Turing');
    expect(frame).toContain('↳ Katherine Johnson');
    expect(frame).toContain('Good idea, adding it.');
    expect(frame).toContain('m merge · u update · a archive');
    ui.stdin.write('o');
    await waitForFrame(ui.lastFrame, /~\/changes\/1\/[\s\S]*~\/changes\/1\//);
    ui.stdin.write('q');
    await waitForFrame(ui.lastFrame, `Change requests · ${SPACE}`);
  });

  it('shows the diff of the page in view: the added page selected first, its lines, and the conversation above it', async () => {
    const ui = await openFirst();
    let frame = await waitForFrame(ui.lastFrame, '+Install with winget');
    expect(frame).toMatch(/›A installation\/windows/);
    expect(frame).toContain('added · installation/windows · "Windows" · +1 −0');
    expect(frame).toContain('@@ -1,0 +1,1 @@');
    expect(frame).toContain('+Install with winget: `winget install Acme.Cli`.');
    expect(frame).toContain('No comments on this page; c adds one.');
    ui.stdin.write('k');
    frame = await waitForFrame(ui.lastFrame, 'Comments on the change request as a whole');
    expect(frame).toMatch(/› {2}Conversation/);
    expect(frame).not.toContain('+Install with winget');
    ui.stdin.write('j');
    await waitForFrame(ui.lastFrame, '+Install with winget');
    ui.stdin.write(TAB);
    await waitForFrame(ui.lastFrame, '│ ›added');
    ui.stdin.write('j');
    await waitForFrame(ui.lastFrame, '│ ›@@ -1,0 +1,1 @@');
    ui.stdin.write('j');
    await waitForFrame(ui.lastFrame, '│ ›+Install with winget');
  });

  it('c on a page comments on that page; the thread shows under the page', async () => {
    const ui = await openFirst();
    await waitForFrame(ui.lastFrame, '+Install with winget');
    ui.stdin.write('c');
    await waitForFrame(ui.lastFrame, 'Comment on installation/windows (enter sends');
    await typeText(ui, 'Mention winget needs Windows 10');
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Comment posted.');
    const frame = await waitForFrame(ui.lastFrame, '── 1 comment ─');
    expect(frame).toContain('Mention winget needs Windows 10');
    expect(frame).toMatch(/›A installation\/windows\s+Windows\s+1✎/);
    const comments = await api<{ items: { body: { markdown?: string }; target?: { page?: { id: string } } }[] }>('GET', `${CR}/comments`, {
      query: { format: 'markdown' },
    });
    const posted = comments.body.items.find((c) => c.body.markdown?.includes('winget needs'));
    expect(posted?.target?.page?.id).toBeTruthy();
  });

  it('opened directly, q quits', async () => {
    let quit = 0;
    const initial = await client.changeRequests.get({ spaceId: SPACE, changeRequestId: '1' });
    const ui = start({ changeRequest: initial, onQuit: () => (quit += 1) });
    await waitForFrame(ui.lastFrame, '+Install with winget');
    ui.stdin.write('?');
    await waitForFrame(ui.lastFrame, '#1: keys (any other key closes this)');
    ui.stdin.write('x');
    await waitForFrame(ui.lastFrame, '+Install with winget');
    ui.stdin.write('q');
    await vi.waitFor(() => expect(quit).toBe(1), { timeout: 10_000 });
  });

  it('c comments on the change request; the thread and the count update', async () => {
    const ui = await openFirst();
    ui.stdin.write('g');
    await waitForFrame(ui.lastFrame, 'Comments on the change request as a whole');
    ui.stdin.write('c');
    await waitForFrame(ui.lastFrame, 'Comment on the change request (enter sends, alt-enter new line, esc cancels)');
    await typeText(ui, 'Looks good to me');
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Comment posted.');
    await waitForFrame(ui.lastFrame, '2 comments');
    await waitForFrame(ui.lastFrame, /── 2 comments ─[\s\S]*Looks good to me/);
    const comments = await api<{ items: { body: { markdown?: string } }[] }>('GET', `${CR}/comments`, { query: { format: 'markdown' } });
    expect(comments.body.items.map((c) => c.body.markdown?.trim())).toContain('Looks good to me');
  });

  it('r replies to the comment under the cursor', async () => {
    const ui = await openFirst();
    await cursorOnFirstThread(ui);
    ui.stdin.write('r');
    await waitForFrame(ui.lastFrame, 'Reply (enter sends');
    await typeText(ui, 'MSI added too');
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Reply posted.');
    await waitForFrame(ui.lastFrame, '2 replies');
    expect(ui.lastFrame()).toContain('MSI added too');
  });

  it('r without a comment under the cursor says what to do', async () => {
    const ui = await openFirst();
    ui.stdin.write('r');
    await waitForFrame(ui.lastFrame, '✗ move to a comment first');
  });

  it('x resolves the comment under the cursor, and x again reopens it', async () => {
    const ui = await openFirst();
    await cursorOnFirstThread(ui);
    ui.stdin.write('x');
    await waitForFrame(ui.lastFrame, 'Comment resolved.');
    await waitForFrame(ui.lastFrame, '· resolved ·');
    const comments = await api<{ items: { status: string }[] }>('GET', `${CR}/comments`);
    expect(comments.body.items[0]?.status).toBe('resolved');
    ui.stdin.write('x');
    await waitForFrame(ui.lastFrame, 'Comment reopened.');
    expect((await api<{ items: { status: string }[] }>('GET', `${CR}/comments`)).body.items[0]?.status).toBe('open');
  });

  it('the header and the page list count the same comments: open ones, the resolved said apart', async () => {
    const ui = await openFirst();
    // The demo's one comment, open: the header and the Conversation row both count it.
    let frame = await waitForFrame(ui.lastFrame, /· 1 open comment$/m);
    expect(frame).toMatch(/Conversation\s+1✎/);
    await cursorOnFirstThread(ui);
    ui.stdin.write('x');
    await waitForFrame(ui.lastFrame, 'Comment resolved.');
    // Resolved: no open comment anywhere, and neither place reads as if one were there.
    frame = await waitForFrame(ui.lastFrame, '0 open comments · 1 resolved');
    expect(frame).toMatch(/Conversation\s+1✓/);
    expect(frame).not.toContain('✎');
    expect(frame).toContain('── 1 comment (0 open, 1 resolved) ─');
  });

  it('the status line clears once what it said no longer holds: another page selected, a refresh', async () => {
    const ui = await openFirst();
    ui.stdin.write('w');
    await waitForFrame(ui.lastFrame, 'Long diff lines are cut (w wraps them).');
    // Moving in the page, or to the other pane, keeps it: it still speaks of this page.
    ui.stdin.write(TAB);
    await waitForFrame(ui.lastFrame, '│ ›added');
    ui.stdin.write('j');
    const moved = await waitForFrame(ui.lastFrame, '│ ›@@ -1,0 +1,1 @@');
    expect(moved).toContain('Long diff lines are cut');
    // Another page: gone (Esc gives the page list the keys; the diff's cursor mark goes).
    ui.stdin.write(ESC);
    await waitForFrame(ui.lastFrame, (f) => !f.includes('│ ›'));
    ui.stdin.write('k');
    const other = await waitForFrame(ui.lastFrame, 'Comments on the change request as a whole');
    expect(other).not.toContain('Long diff lines are cut');
    // A refusal, then a refresh: gone too.
    ui.stdin.write('r');
    await waitForFrame(ui.lastFrame, '✗ move to a comment first');
    ui.stdin.write('R');
    await vi.waitFor(() => expect(ui.lastFrame()).not.toContain('✗'), { timeout: 10_000 });
  });

  it('a key that does nothing says so, naming ?, until the next key; an error under it comes back', async () => {
    const ui = await openFirst();
    ui.stdin.write('z');
    await waitForFrame(ui.lastFrame, 'z: no such key · ? shows the keys');
    ui.stdin.write('r');
    const refused = await waitForFrame(ui.lastFrame, '✗ move to a comment first');
    expect(refused).not.toContain('no such key');
    ui.stdin.write('z');
    const hidden = await waitForFrame(ui.lastFrame, 'z: no such key');
    expect(hidden).not.toContain('✗ move to a comment first');
    // The next key, whatever it is, brings the error back.
    ui.stdin.write(TAB);
    const back = await waitForFrame(ui.lastFrame, '✗ move to a comment first');
    expect(back).not.toContain('no such key');
    // The list of change requests answers the same way.
    ui.stdin.write('q');
    await waitForFrame(ui.lastFrame, `Change requests · ${SPACE}`);
    ui.stdin.write('%');
    await waitForFrame(ui.lastFrame, '%: no such key · ? shows the keys');
    ui.stdin.write('j');
    await vi.waitFor(() => expect(ui.lastFrame()).not.toContain('no such key'), { timeout: 10_000 });
  });

  it('e reacts to the comment under the cursor', async () => {
    const ui = await openFirst();
    await cursorOnFirstThread(ui);
    ui.stdin.write('e');
    await waitForFrame(ui.lastFrame, 'React to the comment');
    ui.stdin.write('1');
    await waitForFrame(ui.lastFrame, 'Reacted 👍.');
    await waitForFrame(ui.lastFrame, '👍1');
  });

  it('s edits the subject; the header shows it', async () => {
    const ui = await openFirst();
    ui.stdin.write('s');
    await waitForFrame(ui.lastFrame, 'Subject (enter sends');
    await typeText(ui, ' and WSL', 'installation');
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, '#1 Document Windows installation and WSL');
    expect((await api<{ subject: string }>('GET', CR)).body.subject).toBe('Document Windows installation and WSL');
  });

  it('m asks first: n merges nothing, y merges; the header and the list follow', async () => {
    const ui = await openFirst();
    ui.stdin.write('m');
    await waitForFrame(ui.lastFrame, 'Merge #1 "Document Windows installation" into the primary content?');
    ui.stdin.write('n');
    await vi.waitFor(() => expect(ui.lastFrame()).not.toContain('Merge #1'), { timeout: 10_000 });
    expect(ui.lastFrame()).not.toContain('Merged');
    expect(await crStatus()).toBe('open');
    ui.stdin.write('m');
    await waitForFrame(ui.lastFrame, 'Merge #1');
    ui.stdin.write('y');
    await waitForFrame(ui.lastFrame, /Merged #1 into the primary content \(revision \S+\)\./);
    await waitForFrame(ui.lastFrame, 'merged · by Katherine Johnson');
    expect(await crStatus()).toBe('merged');
    ui.stdin.write('q');
    await waitForFrame(ui.lastFrame, 'No open change requests');
  });

  it('a merge that conflicts marks the pages, shows the way out as whole commands, and does its steps: P pulls, C creates, O opens', async () => {
    await gitImportOverGuides();
    const before = (await api<{ revision: string }>('GET', `/v1/spaces/${SPACE}`)).body.revision;
    const opened: string[] = [];
    const ui = await openFirst({ openUrl: async (url: string) => void opened.push(url) });
    ui.stdin.write('m');
    await waitForFrame(ui.lastFrame, 'Merge #1 "Document Windows installation" into the primary content? [y/N]');
    ui.stdin.write('y');
    let frame = await waitForFrame(ui.lastFrame, /✗ +Conflict: the way out/);
    expect(frame.replace(/\s*\n\s*/g, ' ')).toContain(
      '✗ Merge conflicts with the primary content: nothing was merged. Pages in conflict are marked !',
    );
    expect(frame).toMatch(/ ! {2}installation\/windows\s+Windows/);
    // The page in conflict has its label in the column of the others (A? rows: the change request is outdated too).
    const rows = frame.split('\n');
    const conflictRow = rows.find((l) => /! +installation\/windows/.test(l)) ?? '';
    const addedRow = rows.find((l) => /^ A\? \S/.test(l)) ?? '';
    expect(addedRow).not.toBe('');
    expect(conflictRow.indexOf('installation/windows')).toBe(addedRow.search(/(?<= A\? )\S/));
    expect(frame).toContain(`docs cr diff 1 --name-only --space ${SPACE}`);
    expect(await crStatus()).toBe('open');
    expect((await api<{ revision: string }>('GET', `/v1/spaces/${SPACE}`)).body.revision).toBe(before);
    // The steps further down, as commands with the number and space filled in.
    ui.stdin.write(TAB);
    await waitForFrame(ui.lastFrame, '│ ›Merge conflicts');
    ui.stdin.write('G');
    frame = await waitForFrame(ui.lastFrame, `docs cr edit 1 --status archived --space ${SPACE}`);
    expect(frame).toContain(`docs cr merge <new> --yes --space ${SPACE}`);
    // P pulls the change request's version of the page in conflict into a folder.
    const dir = join(TEMP, `pulled-${Date.now()}`);
    ui.stdin.write('P');
    await waitForFrame(ui.lastFrame, 'Folder to pull the pages into');
    ui.stdin.write('\u0015');
    await typeText(ui, dir);
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, /Pulled 1 page into/);
    expect(readFileSync(join(dir, 'installation', 'windows.md'), 'utf8')).toContain('Install with winget');
    // C creates the new change request; the import and merge commands name it.
    ui.stdin.write('C');
    await waitForFrame(ui.lastFrame, 'Subject of the new change request');
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Created change request #2.');
    frame = await waitForFrame(ui.lastFrame, `docs cr merge 2 --yes --space ${SPACE}`);
    // The command wraps between its words only (its rows joined with a space give it back), but for the
    // URL, longer than the pane, which breaks after a `/` in it.
    const pane = frame
      .split('\n')
      .map((l) => (l.split('│')[1] ?? '').trim())
      .join(' ');
    expect(pane.replace(/\/ /g, '/')).toContain(
      `docs spaces import ${SPACE} --cr 2 --source markdown --url file://${dir}/installation/windows.md --yes`,
    );
    for (const token of ['--source', 'markdown', '--space', SPACE]) expect(pane.split(/\s+/)).toContain(token);
    ui.stdin.write('O');
    await waitForFrame(ui.lastFrame, /Opened http\S+ in the browser\./);
    expect(opened).toEqual([expect.stringContaining('/~/changes/1/')]);
  });

  it('a archives after a confirmation; the list follows', async () => {
    const ui = await openFirst();
    ui.stdin.write('a');
    await waitForFrame(ui.lastFrame, 'Archive #1? (a reopens it later)');
    ui.stdin.write('y');
    await waitForFrame(ui.lastFrame, 'Archived #1.');
    await waitForFrame(ui.lastFrame, 'archived · by Katherine Johnson');
    expect(await crStatus()).toBe('archived');
    ui.stdin.write(ESC);
    await waitForFrame(ui.lastFrame, 'No open change requests');
    for (let i = 0; i < 3; i++) ui.stdin.write('s');
    await waitForFrame(ui.lastFrame, /archived · 1[\s\S]*#1\s+Document Windows/);
  });

  it('an action refused by the API shows the error in one line and the screen keeps working', async () => {
    await client.close();
    client = new DocsClient({ baseUrl: emu.url, token: DEMO.tokens.read });
    const ui = await openFirst();
    ui.stdin.write('m');
    await waitForFrame(ui.lastFrame, 'Merge #1');
    ui.stdin.write('y');
    const frame = await waitForFrame(ui.lastFrame, /✗ .*\(403\)/);
    expect(frame).toContain('#1 Document Windows installation');
    expect(await crStatus()).toBe('open');
    ui.stdin.write('q');
    await waitForFrame(ui.lastFrame, `Change requests · ${SPACE}`);
  });
});

/** A Git import into the guides space that drops "Installation", under which #1 adds its page (and adds `extra` files). */
async function gitImportOverGuides(extra: Record<string, string> = {}): Promise<void> {
  const dir = join(TEMP, `repo-${Date.now()}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'README.md'), '# Welcome\n\nRewritten from Git.\n');
  writeFileSync(join(dir, 'quickstart.md'), '# Quickstart\n\nShorter now.\n');
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], {
      cwd: dir,
      stdio: 'pipe',
    });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'Replace the guides');
  const res = await api('POST', `/v1/spaces/${SPACE}/git/import`, { body: { url: `file://${dir}`, ref: 'refs/heads/main' } });
  expect(res.status).toBeLessThan(300);
}

/** A page added to change request #1 by a markdown import (a file under the emulator's files root). */
async function importPage(name: string, markdown: string): Promise<void> {
  const file = join(TEMP, `${name}-${Date.now()}.md`);
  writeFileSync(file, markdown);
  const res = await api('POST', `${CR}/content/import`, { body: { url: `file://${file}`, source: 'markdown' } });
  expect(res.status).toBeLessThan(300);
}

const LONG_LINE = `Long line starts here ${'and goes on '.repeat(12)}until the very end`;

describe('reading at any width', () => {
  it('a long comment wraps at words with steady indentation; a long diff line wraps, and w cuts it', async () => {
    await importPage('long', `# Long read\n\n${LONG_LINE}\n`);
    const words = 'This comment should wrap across several lines of the pane without cutting any of its words in half at all';
    await api('POST', `${CR}/comments`, { body: { body: { markdown: words } } });
    const ui = await openFirst();
    ui.stdin.write('G');
    let frame = await waitForFrame(ui.lastFrame, /\+Long line starts here[\s\S]*very end/);
    const right = (f: string) => f.split('\n').map((l) => l.split('│')[1] ?? '');
    expect(right(frame).join('\n')).not.toContain('…');
    expect(frame).toContain('"Long read"');
    ui.stdin.write('w');
    frame = await waitForFrame(ui.lastFrame, 'Long diff lines are cut (w wraps them).');
    expect(frame).not.toContain('very end');
    expect(right(frame).some((l) => /\+Long line starts here.*…/.test(l))).toBe(true);
    ui.stdin.write('g');
    frame = await waitForFrame(ui.lastFrame, 'Comments on the change request as a whole');
    // Every line of the comment starts at the same column, under the thread's author.
    const at = right(frame).findIndex((l) => l.includes('This comment should'));
    const rest = right(frame).slice(at);
    const comment = rest.slice(
      0,
      rest.findIndex((l) => !/^ {4}\S/.test(l)),
    );
    expect(comment.length).toBeGreaterThan(1);
    expect(comment.map((l) => l.trim()).join(' ')).toBe(words);
  });

  it('a CJK and emoji subject keeps the list columns in place', async () => {
    const subject = '📚 Ünïcödé 日本語のタイトル 👩‍💻 ｆｕｌｌ';
    await client.changeRequests.update({ spaceId: SPACE, changeRequestId: 'cr_windows', body: { subject } });
    const ui = start();
    const frame = await waitForFrame(ui.lastFrame, '#1 ');
    expect(frame).toContain('📚 Ünïcödé');
    const row = frame.split('\n').find((l) => l.includes('#1 ')) ?? '';
    expect(row).toMatch(/Katherine Johnson\s+open\s+just now\s+1$/);
  });

  it('the merge question wraps instead of being cut; Esc and q cancel it with a message', async () => {
    await client.changeRequests.update({
      spaceId: SPACE,
      changeRequestId: 'cr_windows',
      body: { subject: `A subject long enough to need a second line ${'x'.repeat(30)} end` },
    });
    const ui = await openFirst({}, 'A subject long enough');
    ui.stdin.write('m');
    const frame = await waitForFrame(ui.lastFrame, '[y/N]');
    expect(frame.replace(/\s*\n\s*/g, ' ')).toContain('end" into the primary content? [y/N]');
    ui.stdin.write(ESC);
    await waitForFrame(ui.lastFrame, 'Not merged.');
    ui.stdin.write('m');
    await waitForFrame(ui.lastFrame, '[y/N]');
    ui.stdin.write('q');
    await vi.waitFor(() => expect(ui.lastFrame()).not.toContain('[y/N]'), { timeout: 10_000 });
    expect(ui.lastFrame()).toContain('Not merged.');
    expect(await crStatus()).toBe('open');
  });
});

describe('a diff read like tig', () => {
  it('/ searches with n and N, ] and [ go from hunk to page, space and ctrl-b page', async () => {
    const body = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of the long page${i === 44 ? ' with the needle' : ''}`).join('\n');
    await importPage('many', `# Many lines\n\n${body}\n`);
    const ui = await openFirst();
    await waitForFrame(ui.lastFrame, 'Many lines');
    ui.stdin.write('/');
    await waitForFrame(ui.lastFrame, /^\/ *$/m);
    await typeText(ui, 'needle', '/');
    ui.stdin.write('\r');
    let frame = await waitForFrame(ui.lastFrame, 'Match 1 of 1 for "needle"');
    expect(frame).toMatch(/│ ›\+Line 45 of the long page with the needle/);
    ui.stdin.write('n');
    await waitForFrame(ui.lastFrame, 'Match 1 of 1 for "needle" (from the top).');
    ui.stdin.write('/');
    await waitForFrame(ui.lastFrame, /^\/ *$/m);
    await typeText(ui, 'install', '/');
    ui.stdin.write('\r');
    frame = await waitForFrame(ui.lastFrame, /Match \d of (\d) for "install"/);
    const total = Number(/Match \d of (\d)/.exec(frame)?.[1]);
    expect(total).toBeGreaterThan(1);
    ui.stdin.write('N');
    await waitForFrame(ui.lastFrame, `Match ${total} of ${total}`);
    // ] from the top of the Conversation goes to the next page's first row, then to its hunk.
    ui.stdin.write(ESC);
    await waitForFrame(ui.lastFrame, (f) => !f.includes('│ ›'));
    ui.stdin.write('g');
    await waitForFrame(ui.lastFrame, /› {2}Conversation/);
    ui.stdin.write(TAB);
    await waitForFrame(ui.lastFrame, '│ ›Comments on the change request');
    ui.stdin.write(']');
    await waitForFrame(ui.lastFrame, '│ ›● Alan Turing');
    ui.stdin.write(']');
    await waitForFrame(ui.lastFrame, '│ ›added · installation/windows');
    ui.stdin.write(']');
    await waitForFrame(ui.lastFrame, '│ ›@@ -1,0 +1,1 @@');
    ui.stdin.write('[');
    await waitForFrame(ui.lastFrame, '│ ›● Alan Turing');
    // Space pages through a long diff, ctrl-b comes back, ctrl-f goes on (the page list keeps the focus).
    ui.stdin.write(ESC);
    await waitForFrame(ui.lastFrame, (f) => !f.includes('│ ›'));
    ui.stdin.write('G');
    await waitForFrame(ui.lastFrame, '+Line 1 of the long page');
    ui.stdin.write(' ');
    await waitForFrame(ui.lastFrame, (f) => !f.includes('+Line 1 of the long page') && /\+Line 1\d of/.test(f));
    ui.stdin.write('\u0002');
    await waitForFrame(ui.lastFrame, '+Line 1 of the long page');
    ui.stdin.write('\u0006');
    await waitForFrame(ui.lastFrame, (f) => !f.includes('+Line 1 of the long page'));
  });
});

describe('no dead ends', () => {
  it('a merged change request says so once, offers no m or u, and m explains instead of asking', async () => {
    await api('POST', `${CR}/merge`);
    const initial = await client.changeRequests.get({ spaceId: SPACE, changeRequestId: '1' });
    const ui = start({ changeRequest: initial, onQuit: () => undefined });
    const frame = await waitForFrame(ui.lastFrame, 'Merged into the primary content');
    const flat = frame.replace(/\s*\n\s*/g, ' ');
    expect(flat).toContain(
      "Its changes can't be shown: they are in the revision before the merge, and the API has no operation that reads a revision by id.",
    );
    expect(flat.match(/Merged into the primary content/g)).toHaveLength(1);
    expect(frame).not.toContain('m merge');
    expect(frame).not.toContain('u update');
    expect(frame).toContain('q quit');
    ui.stdin.write('m');
    await waitForFrame(ui.lastFrame, '✗ #1 is merged: there is nothing to merge.');
    expect(ui.lastFrame()).not.toContain('[y/N]');
  });

  it('an outdated change request has a banner; one without changes says so', async () => {
    await gitImportOverGuides();
    const ui = await openFirst();
    const frame = await waitForFrame(ui.lastFrame, 'Outdated: the primary content changed since');
    expect(frame.replace(/\s*\n\s*/g, ' ')).toContain(
      'this diff shows those changes reversed: A? is added here or removed from the primary content since, D? removed here or added there; u brings them in and tells them apart.',
    );
    // The pages the Git import deleted from the primary content are not stated as additions.
    expect(frame).toMatch(/ A\? installation\b/);
    expect(frame).not.toMatch(/ A installation/);
    // From welcome past quickstart to installation.
    ui.stdin.write('\u001B[B');
    await waitForFrame(ui.lastFrame, /›M {2}quickstart/);
    ui.stdin.write('\u001B[B');
    const detail = await waitForFrame(ui.lastFrame, /added here, or removed from the primary/);
    // The pane's head, wrapped: the page's change in both readings, and how to tell them apart.
    const pane = detail
      .split('\n')
      .map((line) => line.split('│')[1]?.trim() ?? '')
      .join(' ');
    expect(pane).toContain('added here, or removed from the primary content since (u updates and tells them apart) · installation');
    ui.stdin.write('q');
    await waitForFrame(ui.lastFrame, `Change requests · ${SPACE}`);
    const made = await client.changeRequests.create({ spaceId: SPACE, body: { subject: 'Nothing yet' } });
    const empty = start({ changeRequest: made, onQuit: () => undefined });
    await waitForFrame(empty.lastFrame, 'No changes: no page differs from the primary content.');
    // A merge that changes nothing is asked as such.
    empty.stdin.write('m');
    await waitForFrame(empty.lastFrame, /It changes nothing: no page differs from the primary content\. \[y\/N\]/);
    empty.stdin.write('n');
    await waitForFrame(empty.lastFrame, 'Not merged.');
  });

  it('s refuses a subject past the contract bound before sending, and keeps the text in the box', async () => {
    const ui = await openFirst();
    ui.stdin.write('s');
    await waitForFrame(ui.lastFrame, 'Subject (enter sends, esc cancels)');
    const long = 'x'.repeat(200);
    ui.stdin.write(long);
    await waitForFrame(ui.lastFrame, 'xxxxxxxxxx');
    ui.stdin.write('\r');
    const frame = await waitForFrame(ui.lastFrame, /The subject is \d+ characters; the API takes at most 100/);
    expect(frame.replace(/\s*\n\s*/g, ' ')).toContain(
      `The subject is ${'Document Windows installation'.length + 200} characters; the API takes at most 100. Shorten it, or esc to cancel.`,
    );
    // Still open, with the text: nothing was sent.
    expect(frame).toContain('Subject (enter sends, esc cancels)');
    expect(frame.replace(/\s/g, '')).toContain(`DocumentWindowsinstallation${long}`);
    expect((await client.changeRequests.get({ spaceId: SPACE, changeRequestId: '1' })).subject).toBe('Document Windows installation');
    // Shortened to the bound, it is saved.
    for (let i = 0; i < 200; i++) ui.stdin.write('\u007F');
    await waitForFrame(ui.lastFrame, /› Document Windows installation\s/);
    ui.stdin.write('!');
    await waitForFrame(ui.lastFrame, '› Document Windows installation!');
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Subject saved.');
  });
});

describe('nothing typed is lost', () => {
  it('a comment the API refuses goes back in its box with the text and why; sent again once allowed', async () => {
    await client.close();
    client = new DocsClient({ baseUrl: emu.url, token: DEMO.tokens.read });
    const ui = await openFirst();
    ui.stdin.write('c');
    await waitForFrame(ui.lastFrame, 'Comment on installation/windows (enter sends, alt-enter new line, esc cancels)');
    await typeText(ui, 'Readers may not post this');
    ui.stdin.write('\r');
    const frame = await waitForFrame(ui.lastFrame, /Comment on installation[\s\S]*✗ [\s\S]*\(403\)/);
    expect(frame).toContain('› Readers may not post this');
    // The box is open again: more text goes in after what was kept.
    await typeText(ui, ' still', '› Readers may not post this');
    ui.stdin.write('\u001B');
    await waitForFrame(ui.lastFrame, 'Comment: cancelled.');
  });

  it('a comment that fails on the network is kept in its box', async () => {
    const ui = await openFirst();
    ui.stdin.write('c');
    await waitForFrame(ui.lastFrame, 'Comment on installation/windows');
    await typeText(ui, 'Sent into the void');
    await emu.close();
    ui.stdin.write('\r');
    const frame = await waitForFrame(ui.lastFrame, /Comment on installation[\s\S]*✗ .*connection\s+refused/, 20_000);
    expect(frame).toContain('› Sent into the void');
    // afterEach closes it again.
    ({ emu, api } = await startDemo({ filesRoot: TEMP }));
  });

  it('alt-enter starts a new line in a comment; the comment is posted with it', async () => {
    const ui = await openFirst();
    ui.stdin.write('c');
    await waitForFrame(ui.lastFrame, 'Comment on installation/windows');
    await typeText(ui, 'First line');
    ui.stdin.write('\u001B\r');
    await waitForFrame(ui.lastFrame, /› First line\s*\n\s+ ?/);
    ui.stdin.write('second line');
    await waitForFrame(ui.lastFrame, /› First line\s*\n\s+second line/);
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Comment posted.');
    const comments = await api<{ items: { body: { markdown?: string } }[] }>('GET', `${CR}/comments`, { query: { format: 'markdown' } });
    expect(comments.body.items.map((c) => c.body.markdown?.trim())).toContain('First line\nsecond line');
  });

  it('^G hands the comment to the editor and takes back its text', async () => {
    const asked: string[] = [];
    const ui = await openFirst({ editText: async (what, text) => (asked.push(`${what}: ${text}`), `${text}, from the editor`) });
    ui.stdin.write('c');
    await waitForFrame(ui.lastFrame, 'Comment on installation/windows (enter sends, alt-enter new line, ^G editor, esc cancels)');
    await typeText(ui, 'Typed here');
    ui.stdin.write('\u0007');
    await waitForFrame(ui.lastFrame, '› Typed here, from the editor');
    expect(asked).toEqual(['comment: Typed here']);
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Comment posted.');
  });

  it('c on a page that is only in the primary content says so before anything is typed', async () => {
    await gitImportOverGuides({ 'faq.md': '# FAQ\n\nAdded from Git.\n' });
    const ui = await openFirst();
    await waitForFrame(ui.lastFrame, / D\? faq/);
    for (let i = 0; i < 6; i++) {
      if (/›D\? faq/.test(ui.lastFrame() ?? '')) break;
      ui.stdin.write('j');
      await waitForFrame(ui.lastFrame, (f) => f !== undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
    await waitForFrame(ui.lastFrame, /›D\? faq/);
    ui.stdin.write('c');
    const frame = await waitForFrame(ui.lastFrame, /✗ faq is not in this change request/);
    expect(frame.replace(/\s*\n\s*/g, ' ')).toContain(
      "faq is not in this change request's content (removed here, or added to the primary content since): it can't be commented on. Comment on the change request from Conversation.",
    );
    expect(frame).not.toContain('Comment on faq');
  });
});

describe('comments you can fix', () => {
  async function asCommenter() {
    await client.close();
    client = new DocsClient({ baseUrl: emu.url, token: DEMO.tokens.comment });
    await api('POST', `${CR}/comments`, { body: { body: { markdown: 'Typo in hte title' } }, token: DEMO.tokens.comment });
    const ui = await openFirst();
    ui.stdin.write('g');
    await waitForFrame(ui.lastFrame, 'Typo in hte title');
    ui.stdin.write(TAB);
    await waitForFrame(ui.lastFrame, '│ ›Comments on the change request');
    ui.stdin.write('G');
    await vi.waitFor(() => expect(ui.lastFrame()).toMatch(/│ › {2}Typo in hte title/), { timeout: 10_000 });
    return ui;
  }

  it('E edits your comment, D deletes it after [y/N]; someone else’s comment is refused', async () => {
    const ui = await asCommenter();
    ui.stdin.write('E');
    await waitForFrame(ui.lastFrame, 'Edit your comment');
    ui.stdin.write('\u0017');
    ui.stdin.write('\u0017');
    await typeText(ui, 'the title', 'Typo in ');
    ui.stdin.write('\r');
    await waitForFrame(ui.lastFrame, 'Comment saved.');
    await waitForFrame(ui.lastFrame, '(edited)');
    expect(ui.lastFrame()).toContain('Typo in the title');
    ui.stdin.write('D');
    await waitForFrame(ui.lastFrame, 'Delete your comment? [y/N]');
    ui.stdin.write(ESC);
    await waitForFrame(ui.lastFrame, 'Nothing was deleted.');
    ui.stdin.write('D');
    await waitForFrame(ui.lastFrame, 'Delete your comment? [y/N]');
    ui.stdin.write('y');
    await waitForFrame(ui.lastFrame, 'Comment deleted.');
    await vi.waitFor(() => expect(ui.lastFrame()).not.toContain('Typo in the title'), { timeout: 10_000 });
    // Alan Turing's comment is not the commenter's.
    ui.stdin.write('g');
    for (let i = 0; i < 3; i++) ui.stdin.write('j');
    await vi.waitFor(() => expect(selectedRow(ui.lastFrame())).toContain('● Alan Turing'), { timeout: 10_000 });
    ui.stdin.write('E');
    await waitForFrame(ui.lastFrame, "✗ Only the comment's author (or an admin) can edit it.");
  });

  it('reacting twice with the same emoji says so; - removes your reaction; e on a reply says why it cannot', async () => {
    const ui = await asCommenter();
    for (const said of ['Reacted 👍.', 'You had already reacted 👍.']) {
      ui.stdin.write('e');
      await waitForFrame(ui.lastFrame, 'React to the comment');
      ui.stdin.write('1');
      await waitForFrame(ui.lastFrame, said);
    }
    await waitForFrame(ui.lastFrame, '👍1');
    ui.stdin.write('-');
    await waitForFrame(ui.lastFrame, 'Remove your reaction');
    ui.stdin.write('1');
    await waitForFrame(ui.lastFrame, 'Removed your 👍.');
    await vi.waitFor(() => expect(ui.lastFrame()).not.toContain('👍1'), { timeout: 10_000 });
    // The first thread's reply.
    ui.stdin.write('g');
    for (let i = 0; i < 5; i++) ui.stdin.write('j');
    await vi.waitFor(() => expect(selectedRow(ui.lastFrame())).toContain('↳ Katherine Johnson'), { timeout: 10_000 });
    ui.stdin.write('e');
    await waitForFrame(ui.lastFrame, "✗ A reply in a change request can't be reacted to");
  });
});
