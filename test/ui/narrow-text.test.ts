import fc from 'fast-check';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';

/*
 * The bundle gives string-width a first check (bin/narrow-text.js): a text made only of these characters is
 * as wide as it is long. Each copy of string-width it patches must say so too, character by character, or
 * the views would draw rows of another width once bundled than in these tests.
 */

// bin/narrow-text.js is plain JavaScript, as bin/bundle.js that imports it.
const { NARROW_CHARACTERS, NARROW_TEXT } = (await import(
  pathToFileURL(join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'narrow-text.js')).href
)) as { NARROW_CHARACTERS: string; NARROW_TEXT: string };

const narrow = new RegExp(`^[${NARROW_CHARACTERS}]*$`);
const characters = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((c) => narrow.test(c));

/** wrap-ansi's own copy (string-width 7), as the bundle finds it. */
async function wrapAnsiStringWidth(): Promise<(text: string) => number> {
  const fromWrapAnsi = createRequire(createRequire(import.meta.url).resolve('wrap-ansi'));
  return ((await import(pathToFileURL(fromWrapAnsi.resolve('string-width')).href)) as { default: (text: string) => number }).default;
}

describe('narrow text', () => {
  it('is the expression the bundle writes', () => {
    // The literal as the bundle writes it, evaluated: every character of the class, in any text, and nothing else.
    const literal = runInNewContext(NARROW_TEXT) as RegExp;
    expect(literal.test(characters.join(''))).toBe(true);
    expect(literal.test('')).toBe(true);
    expect(literal.test('Acme · 日本')).toBe(false);
    expect(characters.length).toBeGreaterThan(900);
    // What the views draw, and the letters of most European titles.
    for (const c of '…·✓✗❯●▸▾−←↑→↓↳─│┌“”’–×ÄöüßéñçÅø') expect(characters).toContain(c);
    // Never a character that takes no column, two columns, or joins another into one cluster.
    for (const c of '\u00AD\u200B\u200D\u0301\uFE0F日한©®↔↩‼◽▶\u2028\t') expect(characters).not.toContain(c);
  });

  it('is one column per character in each copy of string-width the bundle patches', async () => {
    const copies = { 'string-width 8': stringWidth, "wrap-ansi's string-width": await wrapAnsiStringWidth() };
    for (const [name, width] of Object.entries(copies)) {
      const wrong = characters.filter((c) => width(c) !== 1);
      expect(wrong, `${name}: ${wrong.map((c) => `U+${c.charCodeAt(0).toString(16)}`).join(' ')}`).toEqual([]);
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...characters), { maxLength: 40 }), (chars) => width(chars.join('')) === chars.length),
        { numRuns: 300 },
      );
    }
  });
});
