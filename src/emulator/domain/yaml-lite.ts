/*
 * A small YAML reader for OpenAPI documents: block mappings and sequences, plain / single- /
 * double-quoted scalars, multi-line plain scalars, literal (|) and folded (>) block scalars, flow
 * collections ([a, b], {a: 1}) and comments. Anchors, aliases, tags, complex keys and multiple
 * documents are refused with `YamlUnsupportedError` (the caller then keeps the text as is), so a
 * document is never silently misread.
 */

export class YamlUnsupportedError extends Error {}

interface Line {
  indent: number;
  /** The content, without indentation and trailing comment. */
  text: string;
  /** Line number (1-based) for messages. */
  no: number;
  /** The line as written (block scalars keep `#` and spacing). */
  raw?: string;
}

type Entry = Line | { blank: true; no: number; raw: string };

const fail = (line: Line | undefined, what: string): never => {
  throw new YamlUnsupportedError(`line ${line?.no ?? '?'}: ${what}`);
};

/** Remove a trailing comment (` #...`) that is outside quotes. */
function stripComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = quote === "'" && text[i + 1] === "'" ? (i++, quote) : undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[{,-]/.test(text[i - 1] as string)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] as string))) return text.slice(0, i).trimEnd();
  }
  return text.trimEnd();
}

export function parseYaml(source: string): unknown {
  const raw = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const lines: Entry[] = [];
  raw.forEach((text, i) => {
    if (/^\t/.test(text)) fail({ indent: 0, text, no: i + 1 }, 'tab indentation');
    const indent = text.length - text.trimStart().length;
    const body = stripComment(text.slice(indent));
    if (body === '') lines.push({ blank: true, no: i + 1, raw: text });
    else lines.push({ indent, text: body, no: i + 1, raw: text });
  });
  const parser = new Parser(lines);
  return parser.document();
}

class Parser {
  private pos = 0;
  constructor(private readonly lines: Entry[]) {}

  private peek(): Line | undefined {
    while (this.pos < this.lines.length) {
      const line = this.lines[this.pos] as Entry;
      if ('blank' in line) this.pos++;
      else return line;
    }
    return undefined;
  }

  document(): unknown {
    let first = this.peek();
    if (first && first.text === '---' && first.indent === 0) {
      this.pos++;
      first = this.peek();
    }
    if (!first) return null;
    const value = this.block(first.indent);
    const rest = this.peek();
    if (rest) fail(rest, rest.text === '---' || rest.text === '...' ? 'more than one document' : 'unexpected indentation');
    return value;
  }

  private block(indent: number): unknown {
    const line = this.peek();
    if (!line || line.indent < indent) return null;
    if (line.text === '-' || line.text.startsWith('- ')) return this.sequence(line.indent);
    if (splitKey(line.text)) return this.mapping(line.indent);
    this.pos++;
    return this.continued(scalar(line.text, line), line.indent, line);
  }

  private sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (let line = this.peek(); line && line.indent === indent && (line.text === '-' || line.text.startsWith('- ')); line = this.peek()) {
      const rest = line.text === '-' ? '' : line.text.slice(2).trimStart();
      if (rest === '') {
        this.pos++;
        const next = this.peek();
        out.push(next && next.indent > indent ? this.block(next.indent) : null);
        continue;
      }
      // "- key: value" / "- - x": the item is a block starting at the column after the dash.
      const column = indent + (line.text.length - rest.length);
      this.lines[this.pos] = { indent: column, text: rest, no: line.no };
      out.push(this.block(column));
    }
    return out;
  }

  private mapping(indent: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      const kv = splitKey(line.text);
      if (!kv) fail(line, 'expected "key: value"');
      const [key, rest] = kv as [string, string];
      this.pos++;
      if (Object.prototype.hasOwnProperty.call(out, key)) fail(line, `duplicate key "${key}"`);
      if (rest === '') {
        const next = this.peek();
        if (next && next.indent > indent) out[key] = this.block(next.indent);
        else if (next && next.indent === indent && (next.text === '-' || next.text.startsWith('- '))) out[key] = this.sequence(indent);
        else out[key] = null;
      } else if (/^[|>][+-]?\d*$/.test(rest)) out[key] = this.blockScalar(rest, indent);
      else out[key] = this.continued(scalar(rest, line), indent, line);
    }
    const next = this.peek();
    if (next && next.indent > indent) fail(next, 'unexpected indentation');
    return out;
  }

  /** A plain scalar continued on more-indented lines (folded with spaces). */
  private continued(value: unknown, indent: number, line: Line): unknown {
    const parts: string[] = [];
    for (let next = this.peek(); next && next.indent > indent && !splitKey(next.text) && !next.text.startsWith('- '); next = this.peek()) {
      parts.push(next.text);
      this.pos++;
    }
    if (parts.length === 0) return value;
    if (typeof value !== 'string' || /^["'[{]/.test(line.text.slice(line.text.indexOf(':') + 1).trim())) fail(line, 'multi-line quoted or flow value');
    return [value, ...parts].join(' ');
  }

  private blockScalar(header: string, indent: number): string {
    const chomp = header.includes('-') ? 'strip' : header.includes('+') ? 'keep' : 'clip';
    const collected: string[] = [];
    let contentIndent: number | undefined;
    while (this.pos < this.lines.length) {
      const raw = (this.lines[this.pos] as Entry).raw ?? '';
      const at = raw.length - raw.trimStart().length;
      if (raw.trim() === '') {
        collected.push('');
        this.pos++;
        continue;
      }
      if (at <= indent) break;
      contentIndent ??= at;
      collected.push(`${' '.repeat(Math.max(0, at - contentIndent))}${raw.slice(at).trimEnd()}`);
      this.pos++;
    }
    let trailing = 0;
    while (collected.length > 0 && collected[collected.length - 1] === '') {
      collected.pop();
      trailing++;
    }
    const body = header.startsWith('>') ? fold(collected) : collected.join('\n');
    if (chomp === 'strip' || body === '') return body;
    return chomp === 'keep' ? `${body}\n${'\n'.repeat(trailing)}` : `${body}\n`;
  }
}

/** Folded (>) scalars: lines join with spaces, a blank line is a newline, more-indented lines keep theirs. */
function fold(lines: string[]): string {
  let out = '';
  let prev: string | undefined;
  for (const line of lines) {
    if (prev === undefined) out = line;
    else if (line === '') out += '\n';
    else if (prev === '') out += line;
    else if (/^\s/.test(line) || /^\s/.test(prev)) out += `\n${line}`;
    else out += ` ${line}`;
    prev = line;
  }
  return out;
}

/** `key: rest` (rest may be empty) when the line is a mapping entry. */
function splitKey(text: string): [string, string] | undefined {
  if (/^[?&*!|>%@`]/.test(text)) return undefined;
  let key: string;
  let rest: string;
  if (text.startsWith('"') || text.startsWith("'")) {
    const end = closingQuote(text);
    if (end < 0 || text[end + 1] !== ':' || (text.length > end + 2 && text[end + 2] !== ' ')) return undefined;
    key = String(scalar(text.slice(0, end + 1), undefined));
    rest = text.slice(end + 2).trim();
  } else {
    const match = /^([^\s#{}[\],][^#]*?):(?:\s+(.*))?$/.exec(text);
    if (!match || text.startsWith('- ')) return undefined;
    key = (match[1] as string).trim();
    rest = (match[2] ?? '').trim();
  }
  return [key, rest];
}

function closingQuote(text: string): number {
  const q = text[0];
  for (let i = 1; i < text.length; i++) {
    if (q === '"' && text[i] === '\\') i++;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function scalar(text: string, line: Line | undefined): unknown {
  const t = text.trim();
  if (/^[&*!]/.test(t)) fail(line, 'anchors, aliases and tags are not supported');
  if (t.startsWith('"')) {
    if (closingQuote(t) !== t.length - 1) fail(line, 'unterminated double-quoted string');
    try {
      return JSON.parse(t.replace(/\\\//g, '/'));
    } catch {
      return fail(line, 'unsupported escape in a double-quoted string');
    }
  }
  if (t.startsWith("'")) {
    if (closingQuote(t) !== t.length - 1) fail(line, 'unterminated single-quoted string');
    return t.slice(1, -1).replace(/''/g, "'");
  }
  if (t.startsWith('[') || t.startsWith('{')) {
    const flow = new Flow(t, line);
    const value = flow.value();
    flow.end();
    return value;
  }
  if (t === '~' || t === 'null' || t === 'Null' || t === 'NULL') return null;
  if (/^(true|True|TRUE)$/.test(t)) return true;
  if (/^(false|False|FALSE)$/.test(t)) return false;
  if (/^[-+]?(0|[1-9]\d*)$/.test(t)) return Number(t);
  if (/^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$/.test(t)) return Number(t);
  return t;
}

/** Flow collections: `[a, "b", {c: 1}]`. */
class Flow {
  private i = 0;
  constructor(
    private readonly s: string,
    private readonly line: Line | undefined,
  ) {}

  private ws() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i] as string)) this.i++;
  }

  end() {
    this.ws();
    if (this.i !== this.s.length) fail(this.line, 'unexpected text after a flow collection');
  }

  value(): unknown {
    this.ws();
    const c = this.s[this.i];
    if (c === '[') return this.seq();
    if (c === '{') return this.map();
    if (c === '"' || c === "'") {
      const end = closingQuote(this.s.slice(this.i)) + this.i;
      if (end < this.i) fail(this.line, 'unterminated string');
      const text = this.s.slice(this.i, end + 1);
      this.i = end + 1;
      return scalar(text, this.line);
    }
    const start = this.i;
    while (this.i < this.s.length && !/[,\]}]/.test(this.s[this.i] as string) && !(this.s[this.i] === ':' && /\s/.test(this.s[this.i + 1] ?? ' '))) this.i++;
    return scalar(this.s.slice(start, this.i), this.line);
  }

  private seq(): unknown[] {
    this.i++;
    const out: unknown[] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === ']') return (this.i++, out);
      out.push(this.value());
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== ']') fail(this.line, 'expected , or ] in a flow sequence');
    }
  }

  private map(): Record<string, unknown> {
    this.i++;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.ws();
      if (this.s[this.i] === '}') return (this.i++, out);
      const key = String(this.value());
      this.ws();
      if (this.s[this.i] !== ':') fail(this.line, 'expected : in a flow mapping');
      this.i++;
      out[key] = this.value();
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') fail(this.line, 'expected , or } in a flow mapping');
    }
  }
}
