import { Box, Text } from 'ink';
import { useState } from 'react';
import { displayWidth, truncate } from '../format.js';
import { useKeys } from '../keys.js';
import { editLine, graphemesOf, type Line } from '../line-edit.js';
import { KeyList, keyListRows, scrollKeyList } from '../components/KeyList.js';
import type { KeyBinding } from '../components/KeyHelp.js';
import { wrapTokens } from '../wrap.js';
import { useDraftNote } from '../parting.js';

/**
 * The lines of an input's text at `width` columns, as [start, end) grapheme offsets: broken after
 * a space where one is, else between characters. The space a line breaks at ends that line, so
 * every line starts at the same column.
 */
export function inputLines(chars: readonly string[], width: number): [number, number][] {
  const w = Math.max(1, width);
  const lines: [number, number][] = [];
  let start = 0;
  for (;;) {
    let end = start;
    let used = 0;
    let space = -1;
    while (end < chars.length && chars[end] !== '\n') {
      const cw = displayWidth(chars[end] ?? '');
      if (used + cw > w) break;
      if (chars[end] === ' ') space = end;
      used += cw;
      end += 1;
    }
    if (end >= chars.length) {
      lines.push([start, end]);
      return lines;
    }
    if (chars[end] === '\n' || chars[end] === ' ') {
      lines.push([start, end]);
      start = end + 1;
    } else if (space > start) {
      lines.push([start, space]);
      start = space + 1;
    } else {
      lines.push([start, end]);
      start = end;
    }
  }
}

/**
 * A text box that wraps what is typed at word boundaries under its first line: Enter sends, Esc
 * cancels, and the rest edits as in readline (line-edit.ts), line breaks kept. Typed or pasted text
 * is inserted at the cursor. With `multiline`, Alt-Enter starts a new line; with `onEditor`, Ctrl-G
 * hands the text to it (the user's editor) and takes back what it answers. `draft` names what is typed
 * (`Your comment on …`): Ctrl-C while the box is open leaves the text on the shell's screen.
 */
export function EditBox({
  prompt = '› ',
  defaultValue = '',
  width,
  onSubmit,
  onCancel,
  color = 'cyan',
  multiline = false,
  onEditor,
  draft,
}: {
  prompt?: string;
  defaultValue?: string;
  width: number;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  color?: 'cyan' | 'yellow';
  multiline?: boolean;
  onEditor?: ((text: string) => Promise<string | undefined>) | undefined;
  draft?: string | undefined;
}) {
  const [line, setLine] = useState<Line>({ value: defaultValue, cursor: defaultValue.length });
  const [editing, setEditing] = useState(false);
  useDraftNote(draft, line.value);
  useKeys((input, key) => {
    if (editing) return;
    if (key.escape) return onCancel();
    if (key.return && key.meta && multiline) return setLine((now) => editLine(now, '\n', {}, { lineBreaks: true }) ?? now);
    if (key.return) return onSubmit(line.value);
    if (key.ctrl && input === 'g' && onEditor) {
      setEditing(true);
      void onEditor(line.value).then(
        (text) => {
          setEditing(false);
          if (text !== undefined) setLine({ value: text, cursor: text.length });
        },
        () => setEditing(false),
      );
      return;
    }
    // From the latest state, so that keys that come in a row all count.
    setLine((now) => editLine(now, input, key, { lineBreaks: true }) ?? now);
  });
  const chars = graphemesOf(line.value);
  const cursor = graphemesOf(line.value.slice(0, line.cursor)).length;
  const room = Math.max(2, width - displayWidth(prompt) - 1);
  const lines = inputLines(chars, room);
  const at = Math.max(
    0,
    lines.findIndex(([, end]) => cursor <= end),
  );
  return (
    <Box>
      <Text color={color}>{prompt}</Text>
      <Box flexDirection="column">
        {lines.map(([start, end], i) => {
          const text = chars.slice(start, end).join('');
          if (i !== at) return <Text key={i}>{text || ' '}</Text>;
          const before = chars.slice(start, cursor).join('');
          const under = cursor < end ? (chars[cursor] ?? ' ') : ' ';
          const after = chars.slice(cursor + 1, end).join('');
          return (
            <Text key={i}>
              {before}
              <Text inverse>{under}</Text>
              {cursor < end ? after : ''}
            </Text>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * A text prompt (comment, reply, subject, folder) that wraps: Enter sends, Esc cancels. `multiline` text (a
 * comment) takes Alt-Enter for a new line and, with `onEditor`, Ctrl-G for the user's editor.
 */
export function TextDialog({
  title,
  defaultValue,
  onSubmit,
  onCancel,
  width,
  check,
  failed,
  multiline = false,
  onEditor,
  draft,
}: {
  title: string;
  defaultValue?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  width: number;
  /** What is wrong with the text before it is sent (a bound of the contract): said under the box, the text kept. */
  check?: (value: string) => string | undefined;
  /** Why the last send of this text failed: said under the box, which holds the text again. */
  failed?: string | undefined;
  multiline?: boolean;
  onEditor?: ((text: string) => Promise<string | undefined>) | undefined;
  /** What the text is, for the shell's screen if Ctrl-C ends the view while the box is open. */
  draft?: string | undefined;
}) {
  const [problem, setProblem] = useState<string | undefined>(failed);
  const hints = ['enter sends', ...(multiline ? ['alt-enter new line'] : []), ...(onEditor ? ['^G editor'] : []), 'esc cancels'];
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* Wrapped between words: on a narrow terminal the hints go on a second line rather than being cut. */}
      <Text color="cyan">{wrapTokens(`${title} (${hints.join(', ')})`, width).join('\n')}</Text>
      <EditBox
        {...(defaultValue !== undefined ? { defaultValue } : {})}
        width={width}
        multiline={multiline}
        onEditor={onEditor}
        draft={draft}
        onSubmit={(value) => {
          const wrong = check?.(value);
          setProblem(wrong);
          if (wrong === undefined) onSubmit(value);
        }}
        onCancel={onCancel}
      />
      {problem !== undefined ? (
        <Text color="red" wrap="wrap">
          {`✗ ${problem}`}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * A yes/no question as the CLI asks it, `[y/N]`: y confirms; n, Enter, Esc and q answer no. The
 * question wraps rather than being cut.
 */
export function ConfirmDialog({
  question,
  onConfirm,
  onCancel,
}: {
  question: string;
  onConfirm: () => void;
  onCancel: () => void;
  width: number;
}) {
  useKeys((input, key) => {
    if (input === 'y' || input === 'Y') onConfirm();
    else if (input === 'n' || input === 'N' || input === 'q' || key.escape || key.return) onCancel();
  });
  return (
    <Box flexShrink={0}>
      <Text color="yellow" wrap="wrap">
        {`${question} [y/N] `}
      </Text>
    </Box>
  );
}

export const REACTIONS = ['👍', '🎉', '❤️', '👀', '🚀', '😄'] as const;

/** Pick a reaction by its number; Esc and q cancel. */
export function ReactDialog({
  title = 'React to the comment',
  choices = REACTIONS,
  onPick,
  onCancel,
  width,
}: {
  title?: string;
  choices?: readonly string[];
  onPick: (emoji: string) => void;
  onCancel: () => void;
  width: number;
}) {
  useKeys((input, key) => {
    if (key.escape || input === 'q') return onCancel();
    const emoji = choices[Number(input) - 1];
    if (emoji) onPick(emoji);
  });
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text color="cyan">{truncate(`${title}: press its number (esc cancels)`, width)}</Text>
      <Text>{choices.map((emoji, i) => `${i + 1} ${emoji}`).join('   ')}</Text>
    </Box>
  );
}

/** The full key list (the shared KeyList), over the screen's body: ↑↓, space and b scroll it, any other key closes it. */
export function HelpOverlay({
  title,
  keys,
  height,
  width,
  onClose,
}: {
  title: string;
  keys: readonly KeyBinding[];
  height: number;
  width: number;
  onClose: () => void;
}) {
  const [top, setTop] = useState(0);
  const count = keyListRows(keys, width).length;
  useKeys((input, key) => {
    const next = scrollKeyList(top, input, key, height, count);
    if (next === undefined) return onClose();
    setTop(next);
  });
  return (
    <Box flexDirection="column" height={height}>
      <KeyList title={`${title}: keys`} keys={keys} height={height} width={width} top={top} scrolls />
    </Box>
  );
}
