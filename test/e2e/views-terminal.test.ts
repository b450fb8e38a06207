import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { cooked, docsOnPty, KEY, type PtyRun } from '../helpers/pty.js';
import { traceModules } from '../helpers/modules.js';
import { demoEnv, repoWith } from '../helpers/setup.js';

/*
 * The interactive views as a person meets them: the real bin/run.js on a pseudo-terminal, read back
 * through a terminal emulator. Keys typed before the first full screen, keys that arrive in one read,
 * a paste, Ctrl-C before and after the first frame, SIGTERM, an API failure while loading, a resize,
 * and wide characters.
 */

let emulator: RunningEmulator;
/** The same seed answering every request 700 ms late: the time to type ahead. */
let slow: RunningEmulator;
let env: Record<string, string>;
let slowEnv: Record<string, string>;
const space = DEMO.spaces.guides;
const WIDE = '📚 Ünïcödé 日本語のタイトル 👩‍💻 ｆｕｌｌ';

beforeAll(async () => {
  ensureBuilt();
  [emulator, slow] = await Promise.all([startEmulator(), startEmulator(['--faults', 'delay=700ms@1'])]);
  env = demoEnv(emulator, { space });
  slowEnv = demoEnv(slow, { space });
  for (const subject of ['Second change', 'Third change', WIDE]) {
    await api(emulator, 'POST', `/v1/spaces/${space}/change-requests`, { subject });
  }
});

afterAll(async () => {
  await Promise.all([emulator?.stop(), slow?.stop()]);
  cleanup();
});

/** The view quit, and the terminal is as the shell left it: the normal screen, cooked mode, the cursor shown. */
async function expectGivenBack(run: PtyRun, code: number): Promise<void> {
  const exit = await run.exitedWithin(15_000);
  expect(exit.code, run.screen().join('\n')).toBe(code);
  expect(cooked(exit.stty), exit.stty).toBe(true);
  expect(run.buffer()).toBe('normal');
  const raw = run.raw();
  expect(raw.lastIndexOf('\u001B[?1049l')).toBeGreaterThan(raw.lastIndexOf('\u001B[?1049h'));
  expect(raw.lastIndexOf('\u001B[?25h')).toBeGreaterThan(raw.lastIndexOf('\u001B[?25l'));
  expect(raw.lastIndexOf('\u001B[?2004l')).toBeGreaterThan(raw.lastIndexOf('\u001B[?2004h'));
}

const listHeader = (lines: string[]) => lines.find((l) => l.startsWith('Change requests')) ?? '';

describe('docs cr review on a terminal', () => {
  it('draws a first frame before the list loads, and replays the keys typed meanwhile, in order', async () => {
    const run = docsOnPty(['cr', 'review'], { env: slowEnv });
    await run.waitFor('Loading…');
    expect(run.buffer()).toBe('alternate');
    // Four `s`, each its own write, while the list is still loading: open → draft → merged → archived → all.
    for (const key of ['s', 's', 's', 's']) run.type(key);
    const lines = await run.waitFor(/Change requests · .* · all/);
    expect(listHeader(lines)).toMatch(/· all/);
    // Nothing typed ahead was echoed: the letters are not on the screen on their own.
    expect(lines.some((l) => /^s+$/.test(l.trim()))).toBe(false);
    run.type('q');
    await expectGivenBack(run, 0);
    // Nothing was echoed on the shell's screen either.
    expect(run.screen().join('\n')).not.toMatch(/ssss|\^\[\[B/);
  });

  it('keys typed the moment the command starts, before Node.js runs, are kept for the view', async () => {
    const run = docsOnPty(['cr', 'review'], { env });
    // The terminal is still in its usual mode and echoes them: a program can take them only once it runs.
    run.type(`${KEY.down}${KEY.down}${KEY.down}${KEY.enter}`);
    await run.waitFor('#1 Document Windows installation');
    run.type('qq');
    await expectGivenBack(run, 0);
    // What the terminal echoed of them, arrows and Enter, is gone from the shell's screen.
    expect(run.screen().join('\n')).not.toContain('^[[B');
  });

  it("what the terminal echoed of keys typed before the view took it is wiped from the shell's line", async () => {
    const run = docsOnPty(['cr', 'review'], { env });
    run.type('ssss');
    await run.waitFor(/Change requests · .* · all/);
    run.type('q');
    await expectGivenBack(run, 0);
    expect(run.screen().join('\n')).not.toContain('ssss');
  });

  it('counts every key of one read: four s in one write reach "all", jjj moves three rows', async () => {
    const run = docsOnPty(['cr', 'review'], { env });
    await run.waitFor('Change requests');
    run.type('ssss');
    await run.waitFor(/Change requests · .* · all/);
    run.type('s');
    // Back on "open" (all → open), once its rows are there: three j in one write move three rows down.
    await run.waitFor((l) => l[0]?.includes('· open') === true && l.join('\n').includes('Second change'));
    run.type('jjj');
    await new Promise((resolve) => setTimeout(resolve, 300));
    run.type(KEY.enter);
    // The change request opened is the oldest of the four: #1, the demo's.
    await run.waitFor('#1 Document Windows installation');
    run.type('qq');
    await expectGivenBack(run, 0);
  });

  it('c, the comment and Enter in one write post the comment; a pasted paragraph goes into the box whole', async () => {
    const run = docsOnPty(['cr', 'review', '1'], { env });
    await run.waitFor('#1 Document Windows installation');
    // The diff and threads loaded (the header is there at once, from the change request at hand).
    await run.waitFor('Install with winget');
    run.type(`cTyped in one go${KEY.enter}`);
    await run.waitFor('Typed in one go');
    run.type(`c${KEY.paste('A pasted paragraph, first line.\nIts second line.')}${KEY.enter}`);
    await run.waitFor('A pasted paragraph, first line.');
    run.type('q');
    await expectGivenBack(run, 0);
    const comments = await api<{ items: { body?: unknown; document?: unknown }[] }>(
      emulator,
      'GET',
      `/v1/spaces/${space}/change-requests/cr_windows/comments`,
    );
    const text = JSON.stringify(comments.items);
    expect(text).toContain('Typed in one go');
    expect(text).toContain('A pasted paragraph, first line.');
    expect(text).toContain('Its second line.');
  });

  it('c, a comment and Enter typed while the previous comment is being posted wait for it, then post in turn', async () => {
    const run = docsOnPty(['cr', 'review', '1'], { env: slowEnv });
    await run.waitFor('Install with winget');
    run.type(`cPosted first${KEY.enter}`);
    await run.waitFor('Posting the comment…');
    run.type(`cPosted second${KEY.enter}`);
    await run.waitFor((l) => l.join('\n').includes('Posted first') && l.join('\n').includes('Posted second'), 20_000);
    run.type('q');
    await expectGivenBack(run, 0);
    const comments = await api<{ items: unknown[] }>(slow, 'GET', `/v1/spaces/${space}/change-requests/cr_windows/comments`);
    const text = JSON.stringify(comments.items);
    expect(text).toContain('Posted first');
    expect(text).toContain('Posted second');
  });

  it('Ctrl-C before the first full screen exits 130 and leaves nothing of the view behind', async () => {
    const run = docsOnPty(['cr', 'review'], { env: slowEnv });
    await run.waitFor('Loading…');
    run.type(KEY.ctrlC);
    await expectGivenBack(run, 130);
    // The view did not draw after all once the answer came.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(run.buffer()).toBe('normal');
    expect(run.screen().join('\n')).not.toContain('Change requests');
  });

  it('Ctrl-C after the view has drawn exits 130, with the terminal given back', async () => {
    const run = docsOnPty(['cr', 'review'], { env });
    await run.waitFor('Change requests');
    run.type(KEY.ctrlC);
    await expectGivenBack(run, 130);
  });

  it("Ctrl-C while the comment box has the keys still quits with 130, and leaves the draft on the shell's screen", async () => {
    const run = docsOnPty(['cr', 'review', '1'], { env });
    await run.waitFor('Install with winget');
    run.type('cunfinished thought');
    await run.waitFor('unfinished thought');
    run.type(KEY.ctrlC);
    await expectGivenBack(run, 130);
    const shell = run.raw().slice(run.raw().lastIndexOf('\u001B[?1049l')).replace(/\r/g, '');
    expect(shell).toContain('Your comment on installation/windows was not sent; its text:\nunfinished thought');
  });

  it('^G in a comment box hands the terminal to $EDITOR, then takes it back with the text, which Enter posts', async () => {
    const dir = tempDir('docs-editor-');
    const editor = join(dir, 'editor.sh');
    // An editor that writes its text over the draft it was given, as a person would.
    writeFileSync(editor, `#!/bin/sh\nprintf 'Written in the editor\\n\\nwith a second paragraph\\n' > "$1"\n`);
    chmodSync(editor, 0o755);
    const run = docsOnPty(['cr', 'review', '1'], { env: { ...env, EDITOR: editor, VISUAL: '' } });
    await run.waitFor('Install with winget');
    run.type('cdraft');
    await run.waitFor('^G editor');
    run.type('\u0007');
    await run.waitFor((lines) => lines.some((l) => l.startsWith('› Written in the editor')));
    // The whole view is drawn again on the alternate screen, header first.
    expect(run.buffer()).toBe('alternate');
    expect(run.screen()[0]).toContain('#1 Document Windows installation');
    run.type(KEY.enter);
    await run.waitFor('Comment posted.');
    run.type('q');
    await expectGivenBack(run, 0);
    const comments = await api<{ items: unknown[] }>(emulator, 'GET', `/v1/spaces/${space}/change-requests/cr_windows/comments`);
    expect(JSON.stringify(comments.items)).toContain('Written in the editor');
  });

  it('Ctrl-C while a merge is in flight exits 130 and says on the shell it may have been applied, and how to check', async () => {
    // Its own emulator, answering 800 ms late: the merge changes the change request the other tests read.
    const late = await startEmulator(['--faults', 'delay=800ms@1']);
    try {
      const run = docsOnPty(['cr', 'review', '1'], { env: demoEnv(late, { space }) });
      await run.waitFor('Install with winget', 20_000);
      run.type('m');
      await run.waitFor('[y/N]');
      run.type('y');
      await run.waitFor('Merging…');
      await new Promise((resolve) => setTimeout(resolve, 200));
      run.type(KEY.ctrlC);
      await expectGivenBack(run, 130);
      const shell = run.raw().slice(run.raw().lastIndexOf('\u001B[?1049l')).replace(/\r/g, '');
      expect(shell).toContain(
        `Interrupted while merging #1: the request was sent and may have been applied; check with \`docs cr get 1 --space ${space}\` before doing it again.`,
      );
    } finally {
      await late.stop();
    }
  });

  it('Ctrl-C with nothing in flight leaves nothing on the shell', async () => {
    const run = docsOnPty(['cr', 'review', '1'], { env });
    await run.waitFor('Install with winget');
    run.type(KEY.ctrlC);
    await expectGivenBack(run, 130);
    expect(run.raw().slice(run.raw().lastIndexOf('\u001B[?1049l'))).not.toContain('Interrupted');
  });

  it('SIGTERM restores the terminal and exits 143', async () => {
    const run = docsOnPty(['cr', 'review'], { env });
    await run.waitFor('Change requests');
    run.signal('SIGTERM');
    await expectGivenBack(run, 143);
  });

  it('an API failure while loading gives the terminal back, then says what failed with its exit code', async () => {
    const run = docsOnPty(['cr', 'review', '999'], { env });
    await expectGivenBack(run, 3);
    expect(run.screen().join('\n')).toMatch(/not found|999/i);
  });

  it('a subject in CJK and emoji takes its display width: the columns after it stay aligned', async () => {
    const run = docsOnPty(['cr', 'review'], { env, columns: 80 });
    const lines = await run.waitFor('Second change');
    const wide = lines.find((l) => l.includes('📚'));
    const plain = lines.find((l) => l.includes('Second change'));
    expect(wide, lines.join('\n')).toBeDefined();
    // "open" starts in the same terminal column on both rows (xterm puts a wide character in two cells).
    expect(run.column(lines.indexOf(wide as string), 'open')).toBe(run.column(lines.indexOf(plain as string), 'open'));
    expect(run.column(lines.indexOf(wide as string), 'open')).toBeGreaterThan(0);
    run.type('q');
    await expectGivenBack(run, 0);
  });

  it('redraws to the new size after a resize', async () => {
    const run = docsOnPty(['cr', 'review'], { env, columns: 100, rows: 30 });
    await run.waitFor('Change requests');
    await run.waitFor('Second change');
    run.resize(60, 16);
    // The header on the first row and the keys at the bottom, at the new size.
    const lines = await run.waitFor(
      (l) => l[0]?.startsWith('Change requests') === true && (l.filter((k) => k.trim() !== '').at(-1) ?? '').startsWith('↑↓ move'),
    );
    expect(lines).toHaveLength(16);
    expect(lines.every((l) => l.length <= 60)).toBe(true);
    run.type('q');
    await expectGivenBack(run, 0);
  });
});

/**
 * An emulator of its own for the tests of a describe, where the primary content was replaced from Git after the
 * demo change request was made, so that its page conflicts. Read `.emulator` inside the tests.
 */
function conflictedEmulator(): { emulator: RunningEmulator } {
  const held = {} as { emulator: RunningEmulator };
  beforeAll(async () => {
    held.emulator = await startEmulator([], { files: true });
    const dir = repoWith(tempDir('docs-e2e-repo-'), 'guides', { 'README.md': '# Welcome\n\nRewritten from Git.\n' });
    await api(held.emulator, 'POST', `/v1/spaces/${space}/git/import`, { url: `file://${dir}`, ref: 'refs/heads/main' });
  });
  afterAll(() => held.emulator?.stop());
  return held;
}

describe('a merge that conflicts, in cr review', () => {
  const conflicted = conflictedEmulator();

  it("marks the page, shows the way out, and leaves its commands whole on the shell's screen after quitting", async () => {
    const run = docsOnPty(['cr', 'review', '1'], { env: demoEnv(conflicted.emulator, { space }), columns: 80, rows: 30 });
    await run.waitFor('#1 Document Windows installation');
    await run.waitFor(/m merge/);
    run.type('m');
    await run.waitFor('[y/N]');
    run.type('y');
    const lines = await run.waitFor('the way out is under');
    expect(lines.some((l) => /! +installation\/windows/.test(l))).toBe(true);
    run.type('q');
    await expectGivenBack(run, 0);
    // What was written to the shell's screen after the view left (longer than the screen: read as written).
    const shell = run.raw().slice(run.raw().lastIndexOf('\u001B[?1049l')).replace(/\r/g, '');
    expect(shell).toContain("The way out of #1's conflict:");
    // Whole lines, as long as they are, ready to copy.
    expect(shell).toContain(`docs spaces pull ${space} ./cr1 --cr 1`);
    expect(shell).toContain(`docs cr edit 1 --status archived --space ${space}`);
  });
});

describe('nothing cut inside a word, at 60×15, 80×24 and 100×30', () => {
  const conflicted = conflictedEmulator();

  for (const [columns, rows] of [
    [60, 15],
    [80, 24],
    [100, 30],
  ] as const) {
    it(`${columns}×${rows}: the review header of an outdated, conflicting change request, the list, and the page paths`, async () => {
      const run = docsOnPty(['cr', 'review'], { env: demoEnv(conflicted.emulator, { space }), columns, rows });
      const list = await run.waitFor('Document Windows');
      // A cell too narrow for its text ends with a whole word and …, never inside one.
      expect(list.join('\n')).not.toMatch(/Documen…|Document Window…|Katherine Johns…/);
      run.type(KEY.enter);
      await run.waitFor(/m merge/);
      run.type('m');
      await run.waitFor('[y/N]');
      run.type('y');
      const lines = await run.waitFor(
        (l) => l.some((line) => line.includes('Merge conflicts')) && !l.some((line) => line.includes('Merging')),
      );
      const header = lines.slice(
        0,
        lines.findIndex((l) => l.startsWith('─')),
      );
      expect(header.length, lines.join('\n')).toBeGreaterThanOrEqual(2);
      for (const line of header) expect(line, lines.join('\n')).not.toContain('…');
      expect(header.join('\n')).toMatch(/· 1 open comment\b/);
      // The page list keeps a page's own name whole: its folders fold into …/ when the pane is narrow.
      const pane = lines.map((l) => l.split('│')[0] ?? '');
      expect(pane.join('\n')).not.toMatch(/installation\/\w*…/);
      run.type('q');
      await run.waitFor(`Change requests · ${space}`);
      run.type('q');
      await expectGivenBack(run, 0);
    });
  }
});

describe('docs spaces browse on a terminal', () => {
  it('replays keys typed before the first screen and quits with the terminal given back', async () => {
    const run = docsOnPty(['spaces', 'browse'], { env: slowEnv });
    await run.waitFor('Loading…');
    // Enter on the first organization, typed before the list is there.
    run.type(KEY.enter);
    await run.waitFor(/Collections|collection/i, 20_000);
    run.type(KEY.ctrlC);
    await expectGivenBack(run, 130);
  });

  it('opened on a space, one q quits: it does not walk up through screens it never showed', async () => {
    const run = docsOnPty(['spaces', 'browse', space], { env, columns: 80, rows: 24 });
    const lines = await run.waitFor('Welcome');
    // Where the space is, every collection named.
    expect(lines[0]).toBe('Acme Docs › Product › Guides › 🚀 Getting Started › Pages');
    expect(lines.some((l) => l.trimEnd().endsWith('? help · q quit'))).toBe(true);
    run.type('q');
    await expectGivenBack(run, 0);
  });
});

describe('what a view loads before its first full screen', () => {
  // The request client (api/request.ts) and the areas a view calls are enough; the typed client with every
  // area (api/client.ts) is the CLI's heaviest module. Ink's layout engine reads its WebAssembly without fetch,
  // so Node's own undici and web streams are not loaded either (bin/bundle.js).
  for (const [args, shown] of [
    [['cr', 'review'], 'Change requests'],
    [['spaces', 'browse'], 'Acme'],
  ] as const) {
    it(`docs ${args.join(' ')}: not the typed client, not Node's fetch`, async () => {
      const trace = traceModules();
      const run = docsOnPty(args, { env: { ...env, NODE_OPTIONS: `--import ${trace.preload}` } });
      await run.waitFor(shown);
      run.type(KEY.ctrlC);
      await expectGivenBack(run, 130);
      const sources = trace.sources();
      expect(sources.some((s) => s.endsWith('/src/api/request.ts'))).toBe(true);
      expect(sources.some((s) => s.includes('/node_modules/ink/'))).toBe(true);
      expect(sources.filter((s) => s.endsWith('/src/api/client.ts'))).toEqual([]);
      expect(trace.builtins().filter((m) => m.includes('internal/deps/undici'))).toEqual([]);
    });
  }
});
