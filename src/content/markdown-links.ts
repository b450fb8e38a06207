/**
 * The links and headings of a page's markdown, for the checks the API's link report does not make:
 * anchors and external URLs. Every link carries the line it starts on (1-based, in the markdown as
 * the API returns it; `fileLine` in pull.ts turns it into the line of the page's Git Sync file).
 *
 * Links found: inline links and images (`[text](target "title")`, `![alt](src)`, `<target>` with
 * spaces), reference definitions (`[label]: target`; the link is where its target is written),
 * autolinks (`<https://…>`, `<mailto:…>`), GFM's bare `http(s)://` URLs, and HTML `<a href>` and
 * `<img src>`. Never inside code: fenced blocks (``` and ~~~), indented code blocks, code spans, nor
 * HTML comments; an escaped bracket (`\[`) starts nothing. Footnotes (`[^1]`) are not links.
 *
 * Headings (see `headingAnchors`): ATX (`## Title`) and setext (`Title\n---`) headings, outside
 * code, each slugged by GitHub's rule (github-slugger), which GitBook's heading anchors follow:
 * the heading's text (emphasis, code and link markup removed, HTML tags dropped), lower-cased;
 * every character that is not a letter, a mark, a number, `_`, `-` or a space removed; each
 * space replaced by `-` (runs are not collapsed: `A & B` is `a--b`); a repeated slug gets `-1`,
 * `-2`, … in order. An explicit anchor, the `<a id="…">` (or `name="…"`) GitBook writes in a
 * heading whose anchor was set by hand, is an anchor too, and so is any other HTML `id`.
 */

export interface MarkdownLink {
  /** The destination as written (entities and escapes not decoded, no surrounding `<>`). */
  target: string;
  /** 1-based line of the markdown where the destination is. */
  line: number;
  form: 'inline' | 'image' | 'reference' | 'autolink' | 'bare' | 'html';
}

/** The text with code and comments replaced by spaces (newlines kept), so offsets and lines stay the same. */
export function maskCode(markdown: string): string {
  // Code spans (a run of n backticks to the next run of exactly n).
  return maskBlocks(markdown).replace(/(?<![`\\])(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (m) =>
    m.includes('\n\n') ? m : m.replace(/[^\n]/g, ' '),
  );
}

/** The text with code blocks (fenced, indented) and HTML comments replaced by spaces; code spans kept. */
function maskBlocks(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let prevBlank = true;
  let inIndented = false;
  const blank = (line: string) => line.replace(/[^\r]/g, ' ');
  for (const line of lines) {
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = undefined;
      out.push(blank(line));
      prevBlank = false;
      continue;
    }
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (open?.[1] && !(open[1][0] === '`' && (open[2] ?? '').includes('`'))) {
      fence = { char: open[1][0] as string, length: open[1].length };
      out.push(blank(line));
      prevBlank = false;
      inIndented = false;
      continue;
    }
    const isBlank = line.trim() === '';
    if (!isBlank && /^( {4}|\t)/.test(line) && (inIndented || (prevBlank && !listContext(out)))) {
      inIndented = true;
      out.push(blank(line));
      prevBlank = false;
      continue;
    }
    if (!isBlank) inIndented = false;
    out.push(line);
    prevBlank = isBlank;
  }
  return out.join('\n').replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
}

/** Whether the last non-blank line kept is part of a list (an indented line after it continues the item, not code). */
function listContext(out: readonly string[]): boolean {
  for (let i = out.length - 1; i >= 0; i--) {
    const line = out[i] as string;
    if (line.trim() === '') continue;
    return /^\s*([-*+]|\d+[.)])\s/.test(line) || /^\s{2,}\S/.test(line);
  }
  return false;
}

const lineStarts = (text: string): number[] => {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
};

const lineAt = (starts: readonly number[], offset: number): number => {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
};

const escaped = (text: string, at: number): boolean => {
  let n = 0;
  for (let i = at - 1; i >= 0 && text[i] === '\\'; i--) n++;
  return n % 2 === 1;
};

/** The `]` closing the `[` at `open` (nested brackets counted, escapes skipped, no blank line inside), or -1. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '\n' && text[i + 1] === '\n') return -1;
    if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

/** The destination of an inline link whose `(` is at `open`: its text and offset, and where the link ends; undefined when it is not one. */
function destination(text: string, open: number): { target: string; at: number; end: number } | undefined {
  let i = open + 1;
  while (i < text.length && /[ \t\n]/.test(text[i] as string)) i++;
  let target: string;
  const at = i;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close < 0 || text.slice(i, close).includes('\n')) return undefined;
    target = text.slice(i + 1, close);
    i = close + 1;
  } else {
    let depth = 0;
    const start = i;
    for (; i < text.length; i++) {
      const c = text[i] as string;
      if (c === '\\') {
        i++;
        continue;
      }
      if (/\s/.test(c)) break;
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
    target = text.slice(start, i);
  }
  while (i < text.length && /[ \t\n]/.test(text[i] as string)) i++;
  if (text[i] === '"' || text[i] === "'" || text[i] === '(') {
    const close = text[i] === '(' ? ')' : (text[i] as string);
    const end = text.indexOf(close, i + 1);
    if (end < 0) return undefined;
    i = end + 1;
    while (i < text.length && /[ \t\n]/.test(text[i] as string)) i++;
  }
  if (text[i] !== ')') return undefined;
  return { target, at: target === '' ? open : at + (text[at] === '<' ? 1 : 0), end: i + 1 };
}

/** Every link of a page's markdown, in the order they are written (see the module's comment). */
export function extractLinks(markdown: string): MarkdownLink[] {
  const text = maskCode(markdown);
  const starts = lineStarts(text);
  const found: { target: string; at: number; form: MarkdownLink['form'] }[] = [];
  const definition = /^ {0,3}\[([^\]\n]+)\]:[ \t]*(?:\n[ \t]*)?(<[^>\n]*>|\S+)/gm;
  const definitions = new Set<number>();
  for (const m of text.matchAll(definition)) {
    if ((m[1] ?? '').startsWith('^') || escaped(text, m.index + m[0].indexOf('['))) continue;
    const raw = m[2] as string;
    const at = m.index + m[0].length - raw.length;
    definitions.add(m.index + m[0].indexOf('['));
    found.push({ target: raw.startsWith('<') ? raw.slice(1, -1) : raw, at: raw.startsWith('<') ? at + 1 : at, form: 'reference' });
  }
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
    if (escaped(text, i) || definitions.has(i) || text[i + 1] === '^') continue;
    const close = closingBracket(text, i);
    if (close < 0 || text[close + 1] !== '(') continue;
    const dest = destination(text, close + 1);
    if (!dest) continue;
    const image = i > 0 && text[i - 1] === '!' && !escaped(text, i - 1);
    found.push({ target: dest.target, at: dest.at, form: image ? 'image' : 'inline' });
  }
  const spans: [number, number][] = [];
  for (const m of text.matchAll(/<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/gi)) {
    if (escaped(text, m.index)) continue;
    found.push({ target: m[1] as string, at: m.index + 1, form: 'autolink' });
    spans.push([m.index, m.index + m[0].length]);
  }
  for (const m of text.matchAll(/<(a|img)\b[^>]*?\s(href|src)\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const value = m[4] ?? m[5] ?? '';
    found.push({ target: value, at: m.index + m[0].length - value.length - 1, form: 'html' });
    spans.push([m.index, m.index + m[0].length]);
  }
  // GFM's bare URLs: not inside a link's destination, an autolink or a tag, trailing punctuation left out.
  const taken = new Set(found.map((f) => f.at));
  for (const m of text.matchAll(/(?<![\w/<"'=])https?:\/\/[^\s<>[\]]+/g)) {
    if (taken.has(m.index) || spans.some(([a, b]) => m.index >= a && m.index < b)) continue;
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    if (before.endsWith('](')) continue;
    let url = m[0].replace(/[?!.,:*_~'"]+$/, '');
    // A closing parenthesis ends the URL unless it closes one the URL opened.
    while (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1);
    url = url.replace(/[?!.,:*_~'"]+$/, '');
    // Inside a link's text (`[https://x](y)`) it is the text, not a link of its own.
    const rest = text.slice(m.index + m[0].length);
    if (/^[^\n[]*\]\(/.test(rest) && text.lastIndexOf('[', m.index) > text.lastIndexOf(']', m.index)) continue;
    found.push({ target: url, at: m.index, form: 'bare' });
  }
  return found
    .filter((f) => f.target.trim() !== '')
    .sort((a, b) => a.at - b.at)
    .map((f) => ({ target: f.target.trim(), line: lineAt(starts, f.at), form: f.form }));
}

/* ---------- Headings ---------- */

/**
 * A heading's slug by GitHub's rule (github-slugger's `slug`): lower-cased, every character that is
 * not a letter, mark, number, connector punctuation (`_`), `-` or space removed, each space a `-`.
 */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** A heading's text as a reader sees it: links by their text, no emphasis, code or HTML markup. */
export function headingText(raw: string): string {
  return (
    raw
      .replace(/<[^>]*>/g, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/(\*{1,3})(\S(?:[\s\S]*?\S)?)\1/g, '$2')
      // `_` emphasises only at word boundaries: snake_case_name keeps its underscores.
      .replace(/(?<![\p{L}\p{N}_])(_{1,3})(\S(?:[\s\S]*?\S)?)\1(?![\p{L}\p{N}_])/gu, '$2')
      .replace(/~~(\S(?:[\s\S]*?\S)?)~~/g, '$1')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&nbsp;/g, ' ')
      .trim()
  );
}

/** The ids set by hand in HTML: `<a id="x">`, `name="x"` on an anchor, any element's `id`. */
const explicitIds = (raw: string): string[] =>
  [...raw.matchAll(/<[a-z][^>]*?\s(?:id|name)\s*=\s*("([^"]*)"|'([^']*)')/gi)].map((m) => m[2] ?? m[3] ?? '');

/** The heading texts of a page's markdown, in order, outside code (the raw text, markup and all). */
export function headings(markdown: string): string[] {
  const lines = maskBlocks(markdown).split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) {
      out.push(atx[2] ?? '');
      continue;
    }
    const next = lines[i + 1];
    const previous = i > 0 ? (lines[i - 1] as string) : '';
    if (
      next !== undefined &&
      line.trim() !== '' &&
      /^ {0,3}(=+|-+)[ \t]*$/.test(next) &&
      !/^ {0,3}([-*+]|\d+[.)])\s/.test(line) &&
      !/^ {0,3}(>|#|\||<)/.test(line) &&
      (previous.trim() === '' || i === 0)
    ) {
      out.push(line.trim());
      i++;
    }
  }
  return out;
}

/**
 * Every anchor a page has: its headings' slugs (repeats numbered `-1`, `-2`, … as GitHub does),
 * the ids set by hand in its HTML, and the slug of the page's title (its file's first heading).
 */
export function headingAnchors(markdown: string, title?: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const add = (base: string) => {
    let slug = base;
    const seen = counts.get(base);
    if (seen !== undefined) {
      let n = seen;
      do slug = `${base}-${++n}`;
      while (counts.has(slug));
      counts.set(base, n);
    }
    counts.set(slug, counts.get(slug) ?? 0);
    anchors.add(slug);
  };
  for (const raw of headings(markdown)) add(headingSlug(headingText(raw)));
  // The title is the file's first heading, but not one of the page's own: it numbers no repeat.
  if (title !== undefined) anchors.add(headingSlug(headingText(title)));
  for (const id of explicitIds(maskCode(markdown))) if (id !== '') anchors.add(id);
  return anchors;
}
