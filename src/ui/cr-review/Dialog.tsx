import { ConfirmInput, TextInput } from '@inkjs/ui';
import { Box, Text } from 'ink';
import { useKeys } from './use-keys.js';
import { truncate } from '../format.js';

/** A one-line text prompt (comment, reply, subject): Enter sends, Esc cancels. */
export function TextDialog({
  title,
  defaultValue,
  onSubmit,
  onCancel,
  width,
}: {
  title: string;
  defaultValue?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  width: number;
}) {
  useKeys((_input, key) => {
    if (key.escape) onCancel();
  });
  return (
    <Box flexDirection="column">
      <Text color="cyan">{truncate(`${title} (enter sends, esc cancels)`, width)}</Text>
      <Box>
        <Text color="cyan">› </Text>
        <TextInput {...(defaultValue !== undefined ? { defaultValue } : {})} onSubmit={onSubmit} />
      </Box>
    </Box>
  );
}

/** A yes/no question; no is the default, Esc answers no. */
export function ConfirmDialog({
  question,
  onConfirm,
  onCancel,
  width,
}: {
  question: string;
  onConfirm: () => void;
  onCancel: () => void;
  width: number;
}) {
  useKeys((_input, key) => {
    if (key.escape) onCancel();
  });
  return (
    <Box flexDirection="column">
      <Text color="yellow">{truncate(question, width)}</Text>
      <Box>
        <Text color="yellow">y/n › </Text>
        <ConfirmInput defaultChoice="cancel" onConfirm={onConfirm} onCancel={onCancel} />
      </Box>
    </Box>
  );
}

export const REACTIONS = ['👍', '🎉', '❤️', '👀', '🚀', '😄'] as const;

/** Pick a reaction by its number. */
export function ReactDialog({ onPick, onCancel, width }: { onPick: (emoji: string) => void; onCancel: () => void; width: number }) {
  useKeys((input, key) => {
    if (key.escape) return onCancel();
    const emoji = REACTIONS[Number(input) - 1];
    if (emoji) onPick(emoji);
  });
  return (
    <Box flexDirection="column">
      <Text color="cyan">{truncate('React to the comment: press its number (esc cancels)', width)}</Text>
      <Text>{REACTIONS.map((emoji, i) => `${i + 1} ${emoji}`).join('   ')}</Text>
    </Box>
  );
}

/** The full key list, over the screen's body; any key closes it. */
export function HelpOverlay({
  title,
  keys,
  height,
  width,
  onClose,
}: {
  title: string;
  keys: readonly (readonly [string, string])[];
  height: number;
  width: number;
  onClose: () => void;
}) {
  useKeys(() => onClose());
  const keyWidth = Math.max(...keys.map(([k]) => [...k].length));
  return (
    <Box flexDirection="column" height={height}>
      <Text bold>{truncate(`${title}: keys (any key closes)`, width)}</Text>
      {keys.slice(0, Math.max(0, height - 1)).map(([key, label]) => (
        <Text key={key} wrap="truncate">
          <Text color="cyan">{key.padEnd(keyWidth)}</Text>
          {`  ${truncate(label, width - keyWidth - 2)}`}
        </Text>
      ))}
    </Box>
  );
}
