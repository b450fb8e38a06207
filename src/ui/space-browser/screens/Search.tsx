import { Box, Text } from 'ink';
import { useRef, useState } from 'react';
import { organizations as organizationOps } from '../../../api/operations/organizations.js';
import { spaces as spaceOps } from '../../../api/operations/spaces.js';
import type { Space } from '../../../api/schemas/space.js';
import { moveSelection, ScrollList } from '../../components/ScrollList.js';
import { useBrowser, useScreenKeys, useScreenRequest, useScreenState, type Named, type Trail } from '../context.js';
import { contentLabel, listAll, spaceTrail, trailOf } from '../data.js';
import { Frame, Row, useBodySize } from '../Frame.js';
import { EMPTY_LINE, editLine, type Line } from '../../line-edit.js';
import { LineInput } from '../LineInput.js';
import { requestProblem } from '../../request-check.js';

interface Hit {
  key: string;
  text: string;
  dim: string;
  spaceId: string;
  pageId: string;
}

const sectionText = (sections: readonly { title: string; body?: string }[] | undefined): string => {
  const first = sections?.[0];
  return first ? [first.title, first.body].filter(Boolean).join(': ').replace(/\s+/g, ' ') : '';
};

/**
 * `/`: search a space (searchSpaceContent) or, from the organization's level, the whole
 * organization. The box opens empty each time and is edited as in readline (Ctrl-U, Ctrl-W…);
 * Enter searches what was typed, and then reads the selected result. Esc leaves the box for the
 * last results, or goes back when there are none. Query and results stay while a result is read.
 */
export function Search({ space, org, trail }: { space?: Space; org?: Named; trail?: Trail | undefined }) {
  const { client, push, back, changeRequestOf } = useBrowser();
  const scopeId = space?.id ?? org?.id ?? '';
  const [query, setQuery] = useScreenState('query', '');
  const [typing, setTyping] = useScreenState('typing', true);
  const [line, setLineState] = useState<Line>(EMPTY_LINE);
  // The line as last edited, also when keys come faster than the screen redraws.
  const lineRef = useRef(line);
  const setLine = (next: Line) => {
    lineRef.current = next;
    setLineState(next);
  };
  const [selected, setSelected] = useScreenState('selected', 0);
  const [opening, setOpening] = useState<{ loading: boolean; error?: unknown }>({ loading: false });
  // What is wrong with the words typed (past the contract's bound), said before searching; the words stay in the box.
  const [problem, setProblem] = useState<string>();
  const body = useBodySize(2);
  const cr = space ? changeRequestOf(space.id) : undefined;
  // Kept while a result is read: back from it, the results are there at once, the cursor on the one opened.
  const results = useScreenRequest(
    `results:${query}`,
    async (signal): Promise<Hit[]> => {
      if (query === '') return [];
      if (space) {
        const found = await listAll(client, spaceOps.search, { spaceId: space.id, query: { query } }, signal);
        return found.map((p) => ({
          key: p.id,
          text: p.title,
          dim: [p.path, sectionText(p.sections)].filter(Boolean).join(' · '),
          spaceId: space.id,
          pageId: p.id,
        }));
      }
      const found = await listAll(client, organizationOps.search, { organizationId: scopeId, query: { query } }, signal);
      return found.flatMap((s) =>
        s.pages.map((p) => ({
          key: `${s.id}/${p.id}`,
          text: `${s.title} › ${p.title}`,
          dim: [p.path, sectionText(p.sections)].filter(Boolean).join(' · '),
          spaceId: s.id,
          pageId: p.id,
        })),
      );
    },
    [client, scopeId, query],
  );
  const hits = results.data ?? [];
  const current = Math.min(selected, Math.max(0, hits.length - 1));

  const open = async (hit: Hit) => {
    if (space) return push({ kind: 'page', space, pageId: hit.pageId, ...(trail ? { trail } : {}) });
    // An organization result names its space by id: read the space and where it is, then show the page, over the
    // results (q goes back to them, on the result opened), as a space's search does.
    setOpening({ loading: true });
    try {
      const found = await client.call(spaceOps.get, { spaceId: hit.spaceId });
      const where = await trailOf(client, found);
      setOpening({ loading: false });
      push({ kind: 'page', space: found, pageId: hit.pageId, trail: where });
    } catch (error) {
      setOpening({ loading: false, error });
    }
  };

  useScreenKeys(
    (input, key) => {
      if (typing) {
        if (key.return) {
          const words = lineRef.current.value.trim();
          if (words === '') return;
          const wrong = space
            ? requestProblem(client, spaceOps.search, { spaceId: space.id, query: { query: words } })
            : requestProblem(client, organizationOps.search, { organizationId: scopeId, query: { query: words } });
          setProblem(wrong);
          if (wrong !== undefined) return;
          // The same words again: search again rather than keep the old answer.
          if (words === query) results.reload();
          setQuery(words);
          setSelected(0);
          setTyping(false);
          return;
        }
        if (key.escape) {
          if (query === '') return back();
          return setTyping(false);
        }
        const edited = editLine(lineRef.current, input, key);
        if (edited) setLine(edited);
        return;
      }
      if (input === '/') {
        setLine(EMPTY_LINE);
        return setTyping(true);
      }
      const hit = hits[current];
      if (key.return && hit) return void open(hit);
      const next = moveSelection(current, hits.length, input, key, body.rows - 1);
      // Another result selected: what the line said of opening the last one no longer holds.
      if (next !== current && opening.error !== undefined) setOpening({ loading: false });
      setSelected(next);
    },
    { typing, known: '/' },
  );

  const keys = typing
    ? ([
        ['enter', 'search'],
        ['esc', query === '' ? 'back' : 'to the results'],
      ] as const)
    : ([
        ['↑↓', 'move'],
        ['enter', 'read'],
        ['/', 'new search'],
      ] as const);
  return (
    <Frame
      title={space ? spaceTrail(space, trail, 'Search') : [org?.title ?? '', 'Search']}
      lines={[space ? `${contentLabel(cr)}${cr ? ' (search covers the primary content)' : ''}` : 'Every space of the organization']}
      keys={keys}
      typing={typing}
      loading={results.state === 'loading' && query !== '' ? `Searching for “${query}”…` : opening.loading ? 'Opening the space…' : false}
      error={typing && problem !== undefined ? problem : results.state === 'error' ? results.error : opening.error}
      {...(results.state === 'ready' && query !== '' ? { notice: `${hits.length} page${hits.length === 1 ? '' : 's'} found` } : {})}
    >
      <Box>
        <Text>Search: </Text>
        {typing ? (
          <LineInput line={line} width={body.columns - 'Search: '.length} placeholder="words to look for, then Enter" />
        ) : (
          <Text bold wrap="truncate">
            {query}
          </Text>
        )}
      </Box>
      {query !== '' && results.state !== 'loading' ? (
        <ScrollList
          items={hits}
          selected={typing ? -1 : current}
          height={body.rows - 1}
          keyOf={(h) => h.key}
          empty={results.state === 'error' ? ' ' : `No page matches “${query}”.`}
          renderItem={(h, isSelected) => <Row text={h.text} dim={h.dim} selected={isSelected} width={body.columns} />}
        />
      ) : null}
    </Frame>
  );
}
