import type { Space } from '../../../api/schemas/space.js';
import { moveSelection, ScrollList } from '../../components/ScrollList.js';
import { useBrowser, useRemembered, useScreenKeys, useScreenRequest, type Trail } from '../context.js';
import { scopePages } from '../../../api/scope.js';
import { contentLabel, contentScope, spaceTrail } from '../data.js';
import { Frame, Row, useBodySize } from '../Frame.js';
import { pageLabel, visibleRows } from '../tree.js';

/**
 * The page tree of a space, like `docs spaces pages`: → expands a page, ← collapses it (or goes to
 * its parent), Enter reads it. `/` searches the space, `c` picks the content to read.
 */
export function PageTree({ space, trail }: { space: Space; trail?: Trail | undefined }) {
  const { client, push, changeRequestOf } = useBrowser();
  const cr = changeRequestOf(space.id);
  const memoryKey = `tree:${space.id}:${cr?.id ?? 'primary'}`;
  const [expanded, setExpanded] = useRemembered<ReadonlySet<string>>(`${memoryKey}:expanded`, new Set());
  const [selected, setSelected] = useRemembered(`${memoryKey}:selected`, 0);
  const request = useScreenRequest(memoryKey, (signal) => scopePages(client, contentScope(space.id, cr), { signal }), [
    client,
    space.id,
    cr?.id,
  ]);
  const body = useBodySize(2);
  const rows = visibleRows(request.data ?? [], expanded);
  const current = Math.min(selected, Math.max(0, rows.length - 1));
  const row = rows[current];

  const toggle = (id: string, open: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  useScreenKeys(
    (input, key) => {
      if (input === '/') return push({ kind: 'search', space, ...(trail ? { trail } : {}) });
      if (input === 'c') return push({ kind: 'change-requests', space, ...(trail ? { trail } : {}) });
      if (input === 'R') return request.reload();
      if (!row) return;
      if (key.return) {
        if (row.page.type === 'document') return push({ kind: 'page', space, pageId: row.page.id, ...(trail ? { trail } : {}) });
        if (row.hasChildren) return toggle(row.page.id, !row.expanded);
        return;
      }
      if (key.rightArrow || input === 'l') {
        if (row.hasChildren && !row.expanded) return toggle(row.page.id, true);
        if (row.expanded) return setSelected(current + 1);
        return;
      }
      if (key.leftArrow || input === 'h') {
        if (row.expanded) return toggle(row.page.id, false);
        const parent = rows.findIndex((r) => r.page.id === row.parentId);
        if (parent >= 0) setSelected(parent);
        return;
      }
      // From the latest selection: keys typed faster than the screen redraws all count.
      setSelected((prev) => moveSelection(Math.min(prev, rows.length - 1), rows.length, input, key, body.rows - 1));
    },
    { known: '/cRlh' },
  );

  return (
    <Frame
      title={spaceTrail(space, trail, 'Pages')}
      lines={[contentLabel(cr)]}
      keys={[
        ['↑↓', 'move'],
        ['→', 'expand'],
        ['enter', 'read'],
        ['/', 'search'],
        ['c', 'change request'],
      ]}
      more={[
        ['←', 'collapse, or go to the parent page'],
        ['g/G', 'first/last page'],
        ['R', 'refresh'],
      ]}
      loading={request.state === 'loading' ? 'Loading pages…' : false}
      error={request.state === 'error' ? request.error : undefined}
    >
      {request.state === 'ready' || rows.length > 0 ? (
        <ScrollList
          items={rows}
          selected={current}
          height={body.rows}
          keyOf={(r) => r.page.id}
          empty="No pages."
          renderItem={(r, isSelected) => (
            <Row
              text={`${'  '.repeat(r.depth)}${r.hasChildren ? (r.expanded ? '▾' : '▸') : ' '} ${pageLabel(r.page)}`}
              {...(r.page.path !== undefined ? { dim: r.page.path } : {})}
              selected={isSelected}
              width={body.columns}
            />
          )}
        />
      ) : null}
    </Frame>
  );
}
