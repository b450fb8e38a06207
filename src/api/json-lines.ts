import { isUtf8 } from 'node:buffer';

/*
 * A list's pages written as JSON lines without parsing their items: `--all --json` writes each item as
 * `JSON.stringify(item)` on its own line, and when the server sent its items in that same form (compact,
 * as JSON.stringify writes them, which is what JSON APIs send) those lines are the bytes it sent. So the
 * body is checked, not parsed: `scanListPage` walks its bytes once, checks that it is valid JSON in the
 * form JSON.stringify would give back after JSON.parse, and notes where the `items` array and each item
 * start. Anything it is not sure of (whitespace, an escape JSON.stringify would write otherwise, a number
 * not in its shortest form, a repeated key, a key of digits, which JavaScript orders first, invalid UTF-8,
 * an item that is not an object) returns undefined, and the caller parses and serialises the body as before:
 * the output is the same bytes either way.
 */

/** Up to a page of items as JSON lines, as a list's JSON_LINES yields them. */
export interface JsonLinesChunk {
  /** Valid until `release` is called (a later page may be read into the same bytes). */
  lines: string | Uint8Array;
  items: number;
  /**
   * Gives the page's buffer back once its lines have been written out (when the stream is done with them,
   * not merely when `write` returned). Without a call, the buffer is not used again.
   */
  release?: () => void;
}

/**
 * The key under which a list's items (`OperationClient.paginate`) also offer themselves as JSON lines, a
 * page at a time, without making an object of each item: `Output.stream` reads them so with `--json`
 * (src/cli/output.ts). Iterate one or the other, not both.
 */
export const JSON_LINES = Symbol('jsonLines');

export type WithJsonLines = { [JSON_LINES]: () => AsyncGenerator<JsonLinesChunk> };

/** The JSON lines of `items` when it offers them (see JSON_LINES). */
export function jsonLinesOf(items: object): (() => AsyncGenerator<JsonLinesChunk>) | undefined {
  const lines = (items as Partial<WithJsonLines>)[JSON_LINES];
  return typeof lines === 'function' ? lines : undefined;
}

/** A list page's body that `scanListPage` found in JSON.stringify's form, and where its items are. */
export class ScannedPage {
  constructor(
    /** The body, whose bytes between the items' brackets are the lines once each separating comma is a line feed. */
    readonly bytes: Buffer,
    /** Offset of the first item's first byte. */
    readonly first: number,
    /** Offset of the byte after each item: the comma before the next one, or the array's closing bracket. */
    readonly ends: number[],
    /** `next` and `count` from the envelope, parsed, when the body has them. */
    readonly envelope: { next?: unknown; count?: unknown },
    /** Gives `bytes` back to the client, which reads a later body into them (src/api/body-buffers.ts). */
    readonly release: () => void = () => {},
  ) {}

  /** The first `count` items as JSON lines (each ending in a line feed), cut from the body in place: it changes `bytes`. */
  lines(count: number): Buffer {
    const { bytes, ends } = this;
    const n = Math.min(count, ends.length);
    if (n <= 0) return Buffer.alloc(0);
    for (let k = 0; k < n; k++) bytes[ends[k]!] = 0x0a;
    return bytes.subarray(this.first, ends[n - 1]! + 1);
  }

  /** The first item's text, for checking it against the item schema. */
  firstItem(): string | undefined {
    return this.ends.length === 0 ? undefined : this.bytes.toString('utf8', this.first, this.ends[0]);
  }
}

// The scanner's state: one body at a time, synchronously.
let b: Uint8Array = new Uint8Array(0);
let i = 0;
/** Start and end offsets of the keys of the objects being scanned (a stack: an object's keys above its parent's). */
let keys = new Int32Array(256);
let top = 0;
/** Where the keys of the innermost object being scanned start in `keys`. */
let base = 0;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Scan `bytes` as a list page; undefined when it is not in JSON.stringify's form, or not `{"items":[{…},…],…}`.
 * `release` (see HttpRequest's `read`) is the page's, to call once its lines have been written.
 */
export function scanListPage(bytes: Buffer, release?: () => void): ScannedPage | undefined {
  if (!isUtf8(bytes)) return undefined;
  b = bytes;
  i = 0;
  top = 0;
  base = 0;
  try {
    return envelope(bytes, release);
  } finally {
    b = new Uint8Array(0);
  }
}

function envelope(bytes: Buffer, release?: () => void): ScannedPage | undefined {
  if (b[i] !== 0x7b) return undefined;
  i++;
  const rest: { next?: unknown; count?: unknown } = {};
  let found: { first: number; ends: number[] } | undefined;
  if (b[i] !== 0x7d) {
    for (;;) {
      const keyStart = i;
      if (!key()) return undefined;
      const name = bytes.toString('utf8', keyStart + 1, i - 2);
      if (name === 'items') {
        if (b[i] !== 0x5b) return undefined;
        found = items();
        if (!found) return undefined;
      } else {
        const valueStart = i;
        if (!value()) return undefined;
        if (name === 'next' || name === 'count') rest[name] = JSON.parse(bytes.toString('utf8', valueStart, i));
      }
      if (b[i] === 0x2c) {
        i++;
        continue;
      }
      if (b[i] === 0x7d) break;
      return undefined;
    }
  }
  i++;
  // JSON.parse allows whitespace after the value; it changes no item.
  while (i < b.length && (b[i] === 0x20 || b[i] === 0x0a || b[i] === 0x0d || b[i] === 0x09)) i++;
  if (i !== b.length || !found) return undefined;
  return new ScannedPage(bytes, found.first, found.ends, rest, release);
}

/** The items array (b[i] is `[`), every element an object: where the first starts and each one ends. */
function items(): { first: number; ends: number[] } | undefined {
  i++;
  const first = i;
  const ends: number[] = [];
  if (b[i] === 0x5d) {
    i++;
    return { first, ends };
  }
  for (;;) {
    if (b[i] !== 0x7b || !object()) return undefined;
    const c = b[i];
    if (c !== 0x2c && c !== 0x5d) return undefined;
    ends.push(i++);
    if (c === 0x5d) return { first, ends };
  }
}

function value(): boolean {
  const c = b[i];
  if (c === QUOTE) return string();
  if (c === 0x7b) return object();
  if (c === 0x5b) return array();
  if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) return number();
  if (c === 0x74) return word(TRUE);
  if (c === 0x66) return word(FALSE);
  if (c === 0x6e) return word(NULL);
  return false;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

function word(letters: number[]): boolean {
  for (const letter of letters) if (b[i++] !== letter) return false;
  return true;
}

/**
 * A string as JSON.stringify writes it: characters as they are (UTF-8 was checked), `\"` and `\\`, the
 * short escapes of control characters, and `\u00XX` (lower-case hex) for the other control characters.
 * A lone surrogate's `\uDXXX` is left to the full parse, as is any other escape (`\/`, `\u00e9`).
 */
function string(): boolean {
  // Locals, not the module's state, in the loop that reads most of the body.
  const bytes = b;
  const length = bytes.length;
  let j = i + 1;
  while (j < length) {
    const c = bytes[j++]!;
    if (c === QUOTE) {
      i = j;
      return true;
    }
    if (c < 0x20) return false;
    if (c === BACKSLASH) {
      const e = bytes[j++];
      if (e === QUOTE || e === BACKSLASH || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) continue;
      if (e !== 0x75 || bytes[j] !== 0x30 || bytes[j + 1] !== 0x30) return false;
      const high = bytes[j + 2];
      const low = bytes[j + 3];
      if (high !== 0x30 && high !== 0x31) return false;
      if (low === undefined || !((low >= 0x30 && low <= 0x39) || (low >= 0x61 && low <= 0x66))) return false;
      // \b \t \n \f \r have short forms.
      if (high === 0x30 && (low === 0x38 || low === 0x39 || low === 0x61 || low === 0x63 || low === 0x64)) return false;
      j += 4;
    }
  }
  return false;
}

/** A key and its colon; no key of digits (JavaScript puts such keys first), none twice in the same object. */
function key(): boolean {
  if (b[i] !== QUOTE) return false;
  const start = i + 1;
  const first = b[start];
  if (first !== undefined && first >= 0x30 && first <= 0x39) return false;
  if (!string()) return false;
  const end = i - 1;
  if (b[i] !== 0x3a) return false;
  i++;
  return keyOnce(start, end);
}

/** Record the key b[start, end) for the current object (keys from `base` up), false when it is there already. */
function keyOnce(start: number, end: number): boolean {
  const length = end - start;
  for (let k = base; k < top; k += 2) {
    const s = keys[k]!;
    if (keys[k + 1]! - s !== length) continue;
    let same = true;
    for (let j = 0; j < length; j++)
      if (b[s + j] !== b[start + j]) {
        same = false;
        break;
      }
    if (same) return false;
  }
  if (top + 2 > keys.length) {
    const grown = new Int32Array(keys.length * 2);
    grown.set(keys);
    keys = grown;
  }
  keys[top++] = start;
  keys[top++] = end;
  return true;
}

function object(): boolean {
  i++;
  if (b[i] === 0x7d) {
    i++;
    return true;
  }
  const outer = base;
  const outerTop = top;
  base = top;
  try {
    for (;;) {
      if (!key() || !value()) return false;
      const c = b[i++];
      if (c === 0x2c) continue;
      return c === 0x7d;
    }
  } finally {
    base = outer;
    top = outerTop;
  }
}

function array(): boolean {
  i++;
  if (b[i] === 0x5d) {
    i++;
    return true;
  }
  for (;;) {
    if (!value()) return false;
    const c = b[i++];
    if (c === 0x2c) continue;
    return c === 0x5d;
  }
}

/** A number as JSON.stringify writes it: a short integer as is; anything else only if it is its own shortest form. */
function number(): boolean {
  const start = i;
  if (b[i] === 0x2d) i++;
  let simple = true;
  if (b[i] === 0x30) {
    i++;
  } else {
    const digits = i;
    while (b[i]! >= 0x30 && b[i]! <= 0x39) i++;
    if (i === digits) return false;
  }
  if (b[i] === 0x2e) {
    simple = false;
    i++;
    const digits = i;
    while (b[i]! >= 0x30 && b[i]! <= 0x39) i++;
    if (i === digits) return false;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    simple = false;
    i++;
    if (b[i] === 0x2b || b[i] === 0x2d) i++;
    const digits = i;
    while (b[i]! >= 0x30 && b[i]! <= 0x39) i++;
    if (i === digits) return false;
  }
  // Up to 15 digits an integer is exact and written back as it is, except -0 (written 0).
  if (simple && i - start <= 15 && !(b[start] === 0x2d && b[start + 1] === 0x30)) return true;
  let text = '';
  for (let k = start; k < i; k++) text += String.fromCharCode(b[k]!);
  return String(Number(text)) === text;
}
