/**
 * Characters that take one terminal column each and never join a neighbour into a wider cluster: printable
 * ASCII, Latin-1 and Latin Extended letters, general punctuation, arrows, box drawing, block elements,
 * geometric shapes and the marks the views draw (… · ✓ ✗ ❯ ● ▸ ▾ −). A text made of them alone is as wide as
 * it is long (in string-width's default, where East Asian "ambiguous" characters are narrow).
 *
 * The bundle (bin/bundle.js) gives each copy of string-width that the views load this as a first check, before
 * the grapheme segmenter and the emoji expressions: those cost a new process 20–30 ms the first time a text
 * has a character beyond ASCII (the segmenter's data, then V8 compiling `\p{RGI_Emoji}`), and the views' own
 * frame has such characters. test/ui/narrow-text.test.ts checks every character of the class against each
 * of those copies.
 */
export const NARROW_CHARACTERS = [
  '\\u0020-\\u007E', // printable ASCII
  // Latin-1 and Latin Extended A and B: not © and ® (emoji to one copy), nor the soft hyphen (no column)
  '\\u00A0-\\u00A8\\u00AA-\\u00AC\\u00AF-\\u024F',
  '\\u2010-\\u2027\\u2030-\\u203B\\u203D-\\u2048\\u204A-\\u205E', // general punctuation (not ‼ and ⁉, emoji)
  '\\u2190-\\u2193\\u219A-\\u21A8\\u21AB-\\u21FF', // arrows (not ↔ ↕ ↖ ↗ ↘ ↙ ↩ ↪, emoji to one copy)
  '\\u2212', // minus
  '\\u2500-\\u25A9\\u25AC-\\u25B5\\u25B7-\\u25BF\\u25C1-\\u25FA', // box drawing, blocks, shapes (not ▪ ▫ ▶ ◀ ◻ ◼ ◽ ◾)
  '\\u2713\\u2715\\u2717', // ✓ ✕ ✗
  '\\u276E\\u276F', // ❮ ❯
].join('');

/** The check the bundle writes into each copy, as a regular expression literal: a whole text of `NARROW_CHARACTERS`. */
export const NARROW_TEXT = `/^[${NARROW_CHARACTERS}]*$/`;
