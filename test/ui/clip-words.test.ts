import { describe, expect, it } from 'vitest';
import { clipWords, displayWidth, fitItems, foldPath, packItems } from '../../src/ui/format.js';

describe('cutting text between words', () => {
  it('clipWords ends with a whole word and …, by display width', () => {
    expect(clipWords('Document Windows installation', 40)).toBe('Document Windows installation');
    expect(clipWords('Document Windows installation', 20)).toBe('Document Windows…');
    expect(clipWords('Document Windows installation', 17)).toBe('Document Windows…');
    expect(clipWords('Document Windows installation', 16)).toBe('Document…');
    // A first word wider than the room is cut inside it, still marked.
    expect(clipWords('installation', 6)).toBe('insta…');
    const wide = '📚 Ünïcödé 日本語のタイトル 👩‍💻 ｆｕｌｌ';
    for (const width of [10, 20, 30]) {
      const cut = clipWords(wide, width);
      expect(displayWidth(cut)).toBeLessThanOrEqual(width);
      expect(wide.charAt(cut.length - 1)).toBe(' ');
    }
  });

  it('fitItems drops whole items by rank and keeps their order; packItems leaves out what does not fit', () => {
    const items = [
      { text: 'open', rank: 0 },
      { text: 'by Katherine Johnson', rank: 4 },
      { text: 'updated 20 minutes ago', rank: 5 },
      { text: '1 open comment', rank: 1 },
      { text: 'outdated', rank: 2 },
    ];
    expect(fitItems(items, 100)).toBe('open · by Katherine Johnson · updated 20 minutes ago · 1 open comment · outdated');
    expect(fitItems(items, 60)).toBe('open · by Katherine Johnson · 1 open comment · outdated');
    expect(fitItems(items, 30)).toBe('open · 1 open comment');
    expect(packItems(['✗ Merge conflicts: nothing was merged; see ✗ Conflict', 'Outdated: A?/D? (u)'], 60, 1)).toEqual([
      '✗ Merge conflicts: nothing was merged; see ✗ Conflict',
    ]);
    expect(packItems(['a', 'b', 'c'], 5, 1)).toEqual(['a · b']);
  });

  it("foldPath folds a path's folders into …/ and keeps the page's name whole", () => {
    expect(foldPath('installation/macos', 20)).toBe('installation/macos');
    expect(foldPath('installation/macos', 10)).toBe('…/macos');
    expect(foldPath('guides/installation/macos', 22)).toBe('…/installation/macos');
    expect(foldPath('installation/configuration-reference', 12)).toBe('…/configura…');
  });
});
