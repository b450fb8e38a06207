import { describe, expect, it } from 'vitest';
import { openWeb, type WebIO } from '../../src/cli/web.js';

function io(overrides: Partial<WebIO> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const launched: string[] = [];
  const value: WebIO = {
    env: {},
    stdoutIsTTY: true,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    launch: async (url) => void launched.push(url),
    ...overrides,
  };
  return { value, out, err, launched };
}
const URL = 'https://app.example.test/s/space_guides';

describe('--web', () => {
  it('on a terminal opens the browser and says which URL', async () => {
    const t = io();
    await openWeb(URL, 'space', t.value);
    expect(t.launched).toEqual([URL]);
    expect(t.err).toEqual([`Opening ${URL} in the browser.`]);
    expect(t.out).toEqual([]);
  });

  it('prints the URL when no browser can be opened', async () => {
    const t = io({ launch: async () => Promise.reject(new Error('spawn xdg-open ENOENT')) });
    await openWeb(URL, 'space', t.value);
    expect(t.err[1]).toBe(`No browser could be opened; open the URL yourself: ${URL}`);
  });

  it('piped, or with BROWSER=none, prints the URL on stdout and opens nothing', async () => {
    for (const overrides of [{ stdoutIsTTY: false }, { env: { BROWSER: 'none' } }]) {
      const t = io(overrides);
      await openWeb(URL, 'space', t.value);
      expect([t.out, t.launched]).toEqual([[URL], []]);
    }
  });

  it('fails when the API gives no app URL', async () => {
    await expect(openWeb(undefined, 'change request 3', io().value)).rejects.toThrow('the API gave no app URL for change request 3');
  });
});
