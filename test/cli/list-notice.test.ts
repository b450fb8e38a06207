import { describe, expect, it } from 'vitest';
import { cutNotice, listExtent, noteCut } from '../../src/cli/list-notice.js';

describe('a list cut at its default size', () => {
  it('says how many of how many, or that there is more, and nothing when all is shown', () => {
    expect(cutNotice(30, { count: 94, more: true })).toBe('Showing 30 of 94 — use --all or --limit');
    expect(cutNotice(30, { more: true })).toBe('Showing the first 30 — use --all or --limit');
    expect(cutNotice(30, { count: 30, more: false })).toBeUndefined();
    expect(cutNotice(12, { more: false })).toBeUndefined();
  });

  it('keeps what the last page said', () => {
    const extent = listExtent();
    extent.onPage({ count: 94, more: true });
    extent.onPage({ more: false });
    expect(extent.value).toEqual({ count: 94, more: false });
  });

  it('writes only to a terminal', () => {
    const written: string[] = [];
    const write = (text: string) => written.push(text);
    noteCut(30, { count: 94, more: true }, { isTTY: false, write });
    expect(written).toEqual([]);
    noteCut(30, { count: 94, more: true }, { isTTY: true, write });
    expect(written).toEqual(['Showing 30 of 94 — use --all or --limit\n']);
  });
});
