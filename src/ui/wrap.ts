import { displayWidth, splitToWidth } from './format.js';

/**
 * Text to lines of at most `width` columns that breaks only between words: a URL, a path or a command's
 * argument is never cut in its middle when it fits on a line of its own. A word longer than a whole line
 * (a long URL) is broken after a `/`, `?`, `&`, `=`, `-` or `.` inside it where one fits, and only past that
 * between characters. The paragraph's own indentation stays on its first line; `indent` starts the lines
 * after it (a command's continuation). Line breaks in `text` are kept.
 */
export function wrapTokens(text: string, width: number, indent = ''): string[] {
  const w = Math.max(2, width);
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    const lead = /^ */.exec(paragraph)?.[0] ?? '';
    const words = paragraph.slice(lead.length).split(/ +/).filter(Boolean);
    if (words.length === 0) {
      out.push('');
      continue;
    }
    let line = lead;
    let empty = true;
    const flush = () => {
      out.push(line.trimEnd());
      line = indent;
      empty = true;
    };
    for (const word of words) {
      const joined = empty ? line + word : `${line} ${word}`;
      if (displayWidth(joined) <= w) {
        line = joined;
        empty = false;
        continue;
      }
      if (!empty) flush();
      // On a line of its own now; still too long: broken inside, at its own separators where it can.
      let rest = word;
      while (displayWidth(line + rest) > w) {
        const room = w - displayWidth(line);
        const [head, tail] = breakWord(rest, Math.max(1, room));
        line += head;
        flush();
        rest = tail;
      }
      line += rest;
      empty = false;
    }
    if (!empty || line.trim() !== '') flush();
  }
  return out;
}

const SEPARATORS = new Set(['/', '?', '&', '=', '-', '.', '_', ',', ':', '#']);

/** `word` in two: the longest start of at most `room` columns ending just after a separator, else cut at `room`. */
function breakWord(word: string, room: number): [string, string] {
  const chars = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word), (s) => s.segment);
  let used = 0;
  let fit = 0;
  let lastSeparator = -1;
  for (let i = 0; i < chars.length; i += 1) {
    const cw = displayWidth(chars[i] ?? '');
    if (used + cw > room) break;
    used += cw;
    fit = i + 1;
    if (SEPARATORS.has(chars[i] ?? '') && i + 1 < chars.length) lastSeparator = i + 1;
  }
  // A separator too near the start would leave a stub: break there only past a third of the room.
  const at = lastSeparator > 0 && lastSeparator >= Math.floor(fit / 3) ? lastSeparator : fit;
  if (at === 0) {
    const [first = '', ...rest] = splitToWidth(word, room);
    return [first, rest.join('')];
  }
  return [chars.slice(0, at).join(''), chars.slice(at).join('')];
}
