import { Text } from 'ink';
import { displayWidth, truncate } from '../format.js';
import { after, graphemesOf, type Line } from '../line-edit.js';

/** Keep the last `width` columns of `text`, starting with `…` when something was dropped. */
function tail(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const graphemes = graphemesOf(text);
  let out = '';
  for (let i = graphemes.length - 1; i >= 0; i -= 1) {
    const next = (graphemes[i] ?? '') + out;
    if (displayWidth(next) > width - 1) break;
    out = next;
  }
  return `…${out}`;
}

/**
 * The line drawn in `width` columns, with the cursor as an inverse cell. When the text is wider,
 * the part around the cursor is shown.
 */
export function LineInput({ line, width, placeholder }: { line: Line; width: number; placeholder?: string }) {
  const { value, cursor } = line;
  const at = after(value, cursor);
  const under = cursor < value.length ? value.slice(cursor, at) : ' ';
  if (value === '' && placeholder)
    return (
      <Text>
        <Text inverse> </Text>
        <Text dimColor>{truncate(placeholder, Math.max(0, width - 1))}</Text>
      </Text>
    );
  const left = tail(value.slice(0, cursor), Math.max(0, width - displayWidth(under)));
  const right = truncate(value.slice(at), Math.max(0, width - displayWidth(left) - displayWidth(under)));
  return (
    <Text wrap="truncate">
      {left}
      <Text inverse>{under}</Text>
      {right}
    </Text>
  );
}
