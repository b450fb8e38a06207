/**
 * Page cursors of the store's lists, opaque to clients. One that does not decode as the kind of
 * cursor the list hands out (an insertion cursor given to a sorted list, say) is refused with 400.
 */
export class InvalidCursorError extends Error {}

/** A JSON path from the handlers (never from a request) as a SQL expression. */
export function sortExpression(path: string): string {
  if (!/^\$(\.[A-Za-z_]\w*)+$/.test(path)) throw new Error(`store: invalid sort path ${path}`);
  return `json_extract(data, '${path}')`;
}

/** `s:<seq>` for insertion-ordered lists; `k:<seq>:<JSON sort value>` for lists in `sortBy` order. */
export function encodeCursor(seq: number, key?: string | number): string {
  return Buffer.from(key === undefined ? `s:${seq}` : `k:${seq}:${JSON.stringify(key)}`).toString('base64url');
}

export function decodeCursor(page: string, sorted = false): { seq: number; key?: string | number } {
  const text = Buffer.from(page, 'base64url').toString();
  const invalid = () => new InvalidCursorError(`page: "${page}" is not a valid page cursor`);
  if (!sorted) {
    const match = /^s:(\d+)$/.exec(text);
    if (!match) throw invalid();
    return { seq: Number(match[1]) };
  }
  const match = /^k:(\d+):(.+)$/.exec(text);
  if (!match) throw invalid();
  let key: unknown;
  try {
    key = JSON.parse(match[2] as string);
  } catch {
    throw invalid();
  }
  if (typeof key !== 'string' && typeof key !== 'number') throw invalid();
  return { seq: Number(match[1]), key };
}
