import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGER, page, pagerCommand, splitWords } from '../../src/cli/pager.js';

class Stdout {
  text = '';
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

describe('pagerCommand', () => {
  it('takes DOCS_PAGER, then PAGER, then less -FRX, and none when stdout is not a terminal', () => {
    expect(pagerCommand({ DOCS_PAGER: 'most', PAGER: 'more' }, true)).toEqual(['most']);
    expect(pagerCommand({ PAGER: 'more -d' }, true)).toEqual(['more', '-d']);
    expect(pagerCommand({}, true)).toEqual(['less', '-FRX']);
    expect(DEFAULT_PAGER).toBe('less -FRX');
    expect(pagerCommand({ DOCS_PAGER: 'most' }, false)).toBeUndefined();
  });

  it('an empty value or cat turns it off, even with PAGER set', () => {
    expect(pagerCommand({ DOCS_PAGER: '', PAGER: 'more' }, true)).toBeUndefined();
    expect(pagerCommand({ DOCS_PAGER: '  cat ' }, true)).toBeUndefined();
    expect(pagerCommand({ PAGER: 'cat' }, true)).toBeUndefined();
    expect(pagerCommand({ DOCS_PAGER: 'cat -A' }, true)).toEqual(['cat', '-A']);
  });
});

describe('splitWords', () => {
  it('splits on blanks and keeps quoted text and escapes together', () => {
    expect(splitWords(`  delta --side-by-side  -w 120 `)).toEqual(['delta', '--side-by-side', '-w', '120']);
    expect(splitWords(`sh -c 'cat > "my file"'`)).toEqual(['sh', '-c', 'cat > "my file"']);
    expect(splitWords(`a "b \\"c\\" d" e\\ f ''`)).toEqual(['a', 'b "c" d', 'e f', '']);
  });
});

describe('page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-pager-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes directly when stdout is not a terminal', async () => {
    const out = new Stdout(false);
    await page('hello\n', { env: { DOCS_PAGER: 'false' }, stdout: out });
    expect(out.text).toBe('hello\n');
  });

  it('hands the text to the pager, gives it LESS=FRX, and waits for it to finish', async () => {
    const out = new Stdout(true);
    const file = join(dir, 'paged.txt');
    const text = 'x'.repeat(200_000);
    await page(text, { env: { DOCS_PAGER: `sh -c 'cat > "${file}"; printf "%s" "$LESS" > "${file}.less"'` }, stdout: out });
    expect(out.text).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readFileSync(`${file}.less`, 'utf8')).toBe('FRX');
  });

  it('a pager that quits without reading is not an error', async () => {
    const out = new Stdout(true);
    await page('y\n'.repeat(100_000), { env: { DOCS_PAGER: 'true' }, stdout: out });
    expect(out.text).toBe('');
  });

  it('falls back to writing directly when the pager cannot be started', async () => {
    const out = new Stdout(true);
    await page('hello\n', { env: { DOCS_PAGER: 'no-such-pager-docs-test' }, stdout: out });
    expect(out.text).toBe('hello\n');
  });

  it('leaves Ctrl-C to the pager while it runs, then gives the handlers back', async () => {
    const mine = () => undefined;
    process.on('SIGINT', mine);
    try {
      const during: number[] = [];
      const file = join(dir, 'sigint.txt');
      const paging = page('z\n', { env: { DOCS_PAGER: `sh -c 'cat > "${file}"'` }, stdout: new Stdout(true) });
      during.push(process.listeners('SIGINT').filter((l) => l === mine).length);
      await paging;
      expect(during).toEqual([0]);
      expect(process.listeners('SIGINT').filter((l) => l === mine)).toHaveLength(1);
    } finally {
      process.removeListener('SIGINT', mine);
    }
  });
});
