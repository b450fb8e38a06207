import type { Key } from 'ink';
import { moveSelection, ScrollList } from '../../components/ScrollList.js';
import type { KeyBinding } from '../../components/KeyHelp.js';
import type { Request } from '../../hooks.js';
import { useRemembered, useScreenKeys } from '../context.js';
import { Frame, Row, useBodySize } from '../Frame.js';

export interface PickRow<T> {
  key: string;
  text: string;
  dim?: string;
  item: T;
}

/**
 * A screen that is a list to pick from (organizations, collections, spaces, change requests):
 * arrows or j/k move, Enter picks. The selection is remembered when coming back.
 */
export function PickList<T>({
  memoryKey,
  title,
  subtitle,
  request,
  rows,
  loadingText,
  empty,
  onPick,
  keys = [],
  onKey,
  notice,
}: {
  memoryKey: string;
  title: string | readonly string[];
  subtitle?: string;
  request: Request<unknown>;
  rows: readonly PickRow<T>[];
  loadingText: string;
  empty: string;
  onPick: (item: T) => void;
  keys?: readonly KeyBinding[];
  onKey?: (input: string, key: Key) => void;
  notice?: string;
}) {
  const [selected, setSelected] = useRemembered(`${memoryKey}:selected`, 0);
  const body = useBodySize(subtitle === undefined ? 1 : 2);
  const current = Math.min(selected, Math.max(0, rows.length - 1));
  useScreenKeys(
    (input, key) => {
      if (key.return) {
        const row = rows[current];
        if (row) onPick(row.item);
        return;
      }
      if (input === 'R') return request.reload();
      const next = moveSelection(current, rows.length, input, key, body.rows - 1);
      // From the latest selection: keys typed faster than the screen redraws all count.
      if (next !== current)
        return setSelected((prev) => moveSelection(Math.min(prev, rows.length - 1), rows.length, input, key, body.rows - 1));
      onKey?.(input, key);
    },
    { known: `R${keys.map(([label]) => label).join('')}` },
  );
  const loading = request.state === 'loading' ? loadingText : false;
  return (
    <Frame
      title={title}
      lines={subtitle === undefined ? [] : [subtitle]}
      keys={[['↑↓', 'move'], ['enter', 'open'], ...keys]}
      more={[
        ['g/G', 'first/last'],
        ['R', 'refresh'],
      ]}
      loading={loading}
      error={request.state === 'error' ? request.error : undefined}
      {...(notice !== undefined ? { notice } : {})}
    >
      {request.state === 'loading' && rows.length === 0 ? null : (
        <ScrollList
          items={rows}
          selected={current}
          height={body.rows}
          keyOf={(row) => row.key}
          empty={request.state === 'error' ? ' ' : empty}
          renderItem={(row, isSelected) => (
            <Row text={row.text} {...(row.dim !== undefined ? { dim: row.dim } : {})} selected={isSelected} width={body.columns} />
          )}
        />
      )}
    </Frame>
  );
}
