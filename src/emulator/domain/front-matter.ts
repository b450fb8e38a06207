/**
 * The YAML front matter Git Sync puts at the top of a page's file (`---`, `description: …`, `---`).
 * Only `description` maps to a page field the emulator keeps; other keys (icon, layout, hidden)
 * are read past and dropped. Enough YAML for what Git Sync and people write for a one-line field:
 * plain, double-quoted (JSON-compatible) and single-quoted scalars, and `>`/`|` blocks.
 */

const BLOCK = /^---[ \t]*\n([\s\S]*?)\n?---[ \t]*(?:\n|$)/;

function scalar(first: string, following: string[]): string {
  const value = first.trim();
  if (/^[>|][+-]?$/.test(value)) {
    const lines = following.map((line) => line.trim());
    if (value.startsWith('|')) return lines.join('\n').trim();
    // Folded: lines join with a space, an empty line stands for a line break.
    return lines
      .join('\n')
      .replace(/([^\n])\n(?!\n)/g, '$1 ')
      .replace(/\n\n/g, '\n')
      .trim();
  }
  const text = [value, ...following.map((line) => line.trim())].join(' ').trim();
  if (text.startsWith('"')) {
    try {
      return String(JSON.parse(text));
    } catch {
      return text.slice(1, text.endsWith('"') ? -1 : undefined);
    }
  }
  if (text.startsWith("'")) return text.slice(1, text.endsWith("'") ? -1 : undefined).replace(/''/g, "'");
  return text;
}

/** The description from the front matter, and the file's text after it. */
export function splitFrontMatter(content: string): { description?: string; body: string } {
  const text = content.replace(/\r\n?/g, '\n');
  const match = BLOCK.exec(text);
  if (!match) return { body: content };
  const body = text.slice(match[0].length);
  const lines = (match[1] ?? '').split('\n');
  const at = lines.findIndex((line) => /^description:/.test(line));
  if (at < 0) return { body };
  let end = at + 1;
  while (end < lines.length && /^(\s+\S|\s*$)/.test(lines[end] ?? '')) end++;
  const description = scalar((lines[at] ?? '').slice('description:'.length), lines.slice(at + 1, end));
  return description ? { description, body } : { body };
}

/** The front matter for a page's file: nothing without a description. */
export function frontMatter(description: string | undefined): string {
  // A JSON string is a valid YAML double-quoted scalar: any character, on one line.
  return description ? `---\ndescription: ${JSON.stringify(description)}\n---\n\n` : '';
}
