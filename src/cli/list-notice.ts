/**
 * A list cut at its default size says so on a terminal (`Showing 30 of 94 — use --all or --limit`),
 * on stderr so that stdout stays the list. The total is the server's `count` when it sends one;
 * without it, a next page is all that is known.
 */

export interface ListExtent {
  count?: number;
  more: boolean;
}

/** Follows the pages of a list (give `onPage` to paginate), keeping what the last one said. */
export function listExtent(): { onPage: (info: { count?: number; more: boolean }) => void; value: ListExtent } {
  const value: ListExtent = { more: false };
  return {
    value,
    onPage: (info) => {
      if (info.count !== undefined) value.count = info.count;
      value.more = info.more;
    },
  };
}

export function cutNotice(shown: number, extent: ListExtent): string | undefined {
  if (extent.count !== undefined) return extent.count > shown ? `Showing ${shown} of ${extent.count} — use --all or --limit` : undefined;
  return extent.more ? `Showing the first ${shown} — use --all or --limit` : undefined;
}

export function noteCut(
  shown: number,
  extent: ListExtent,
  stream: { isTTY?: boolean; write(text: string): unknown } = process.stderr,
): void {
  const notice = stream.isTTY === true ? cutNotice(shown, extent) : undefined;
  if (notice) stream.write(`${notice}\n`);
}
