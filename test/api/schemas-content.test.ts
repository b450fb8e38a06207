import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { areas } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { formatIssues } from '../../src/api/validation.js';
import { CONTENT_LOCATION_KINDS, PAGE_TYPES, REVISION_TYPES } from '../../src/api/schemas/content.js';
import { COMMENT_STATUSES } from '../../src/api/schemas/comment.js';
import { maxBranches, responseSchema, sample } from '../helpers/spec.js';

/*
 * The lenient response schemas of spaces, content, change requests, comments and git against
 * fixtures built from the official spec: every oneOf branch, only-required and full objects,
 * unknown fields kept, unknown enum values accepted.
 */

const { spaces, content, changeRequestContent, changeRequests, comments, changeRequestComments, git } = areas;
const mine = [spaces, content, changeRequestContent, changeRequests, comments, changeRequestComments, git];
const withResponse = mine.flatMap((area) => Object.values(area as Record<string, Operation>)).filter((op) => op.response);

type Path = (string | number)[];

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

function set(value: unknown, path: Path, to: unknown): void {
  const parent = get(value, path.slice(0, -1)) as Record<string | number, unknown> | undefined;
  if (!parent || typeof parent !== 'object') throw new Error(`fixture has no ${path.slice(0, -1).join('.')}`);
  parent[path[path.length - 1]!] = to;
}

function parse(op: Operation, value: unknown) {
  const result = (op.response as z.ZodType).safeParse(value);
  return { ...result, message: result.success ? '' : formatIssues(result.error.issues, 'response') };
}

/** Enum-valued fields of each response (paths into the full fixture). Responses not listed have none. */
const spaceEnums: Path[] = [
  ['visibility'],
  ['editMode'],
  ['language'],
  ['defaultLevel'],
  ['gitSync', 'installationProvider'],
  ['visitorAuth', 'backend'],
];
const linkEnums: Path[] = [
  ['items', 0, 'status'],
  ['items', 0, 'relation'],
  ['items', 0, 'targetReference', 'kind'],
];
const pageEnums: Path[] = [['type'], ['layout', 'width'], ['layout', 'coverSize']];
const enumFields: Record<string, Path[]> = {
  getSpaceById: spaceEnums,
  updateSpaceById: spaceEnums,
  duplicateSpace: spaceEnums,
  restoreSpace: spaceEnums,
  moveSpace: spaceEnums,
  transferSpace: spaceEnums,
  listSpaceLinks: linkEnums,
  listPageLinksInSpace: linkEnums,
  listPageLinksInChangeRequest: linkEnums,
  getCurrentRevision: [['type'], ['pages', 0, 'type']],
  getRevisionOfChangeRequestById: [['type'], ['pages', 0, 'type']],
  listPages: [
    ['pages', 0, 'type'],
    ['pages', 0, 'layout', 'width'],
  ],
  listPagesInChangeRequest: [['pages', 0, 'type']],
  getPageById: pageEnums,
  getPageInChangeRequestById: pageEnums,
  listSpaceFileBacklinks: [['items', 0, 'kind']],
  listChangeRequestFileBacklinks: [['items', 0, 'kind']],
  listCommentsInSpace: [['items', 0, 'status']],
  listCommentsInChangeRequest: [['items', 0, 'status']],
  postCommentInSpace: [['status']],
  getCommentInSpace: [['status']],
  updateCommentInSpace: [['status']],
  postCommentInChangeRequest: [['status']],
  getCommentInChangeRequest: [['status']],
  updateCommentInChangeRequest: [['status']],
  getSpaceGitInfo: [['installationProvider']],
  listChangeRequestsForSpace: [['items', 0, 'status']],
  createChangeRequest: [['status']],
  getChangeRequestById: [['status']],
  updateChangeRequestById: [['status']],
  mergeChangeRequest: [['result']],
  updateChangeRequest: [['result']],
};

/** The discriminated unions whose every branch must have been sampled. */
const discriminators: Record<string, { at: Path; values: readonly string[] }> = {
  getCurrentRevision: { at: ['type'], values: REVISION_TYPES },
  getRevisionOfChangeRequestById: { at: ['type'], values: REVISION_TYPES },
  getPageById: { at: ['type'], values: PAGE_TYPES },
  getPageInChangeRequestById: { at: ['type'], values: PAGE_TYPES },
  listPages: { at: ['pages', 0, 'type'], values: PAGE_TYPES },
  listPagesInChangeRequest: { at: ['pages', 0, 'type'], values: PAGE_TYPES },
  listSpaceFileBacklinks: { at: ['items', 0, 'kind'], values: CONTENT_LOCATION_KINDS },
  listChangeRequestFileBacklinks: { at: ['items', 0, 'kind'], values: CONTENT_LOCATION_KINDS },
  listSpaceLinks: { at: ['items', 0, 'targetReference', 'kind'], values: CONTENT_LOCATION_KINDS },
  listPageLinksInSpace: { at: ['items', 0, 'targetReference', 'kind'], values: CONTENT_LOCATION_KINDS },
  listPageLinksInChangeRequest: { at: ['items', 0, 'targetReference', 'kind'], values: CONTENT_LOCATION_KINDS },
  getCommentInSpace: { at: ['status'], values: COMMENT_STATUSES },
  listCommentsInChangeRequest: { at: ['items', 0, 'status'], values: COMMENT_STATUSES },
};

describe('response schemas of spaces, content, change requests, comments and git', () => {
  it('has a response schema exactly where the spec answers with content', () => {
    const all = mine.flatMap((area) => Object.values(area as Record<string, Operation>));
    for (const op of all) expect(Boolean(op.response), op.id).toBe(responseSchema(op.id) !== undefined);
    expect(withResponse.length).toBeGreaterThanOrEqual(40);
  });

  describe.each(withResponse.map((op) => [op.id, op] as const))('%s', (id, op) => {
    const schema = responseSchema(id)!;
    const variants = maxBranches(schema);

    it('accepts every oneOf variant of the spec, with only required fields and with all fields', () => {
      const seen = new Set<unknown>();
      for (let variant = 0; variant < variants; variant++) {
        for (const mode of ['required', 'full'] as const) {
          const fixture = sample(schema, { mode, variant });
          const result = parse(op, fixture);
          expect(result.message, `variant ${variant}, ${mode}`).toBe('');
          const d = discriminators[id];
          if (d && mode === 'full') seen.add(get(fixture, d.at));
        }
      }
      const d = discriminators[id];
      if (d) expect([...seen].sort()).toEqual([...d.values].sort());
    });

    it('keeps unknown fields', () => {
      const fixture = sample(schema, { mode: 'full' }) as Record<string, unknown>;
      fixture.futureField = { nested: [1, 2] };
      const items = fixture.items as Record<string, unknown>[] | undefined;
      if (items?.[0]) items[0].futureItemField = 'kept';
      const result = parse(op, fixture);
      expect(result.message).toBe('');
      const data = result.data as Record<string, unknown>;
      expect(data.futureField).toEqual({ nested: [1, 2] });
      if (items?.[0]) expect((data.items as Record<string, unknown>[])[0]!.futureItemField).toBe('kept');
    });

    const paths = enumFields[id] ?? [];
    if (paths.length > 0)
      it.each(paths.map((p) => [p.join('.'), p] as const))('accepts an unknown value of %s', (_name, path) => {
        const fixture = sample(schema, { mode: 'full' });
        expect(typeof get(fixture, path), `fixture has ${path.join('.')}`).toBe('string');
        set(fixture, path, 'value-from-a-newer-server');
        const result = parse(op, fixture);
        expect(result.message).toBe('');
        expect(get(result.data, path)).toBe('value-from-a-newer-server');
      });
  });

  it('accepts the Git commit flag under the contract name and the spec name', () => {
    const fixture = sample(responseSchema('getCurrentRevision')!, { mode: 'full' }) as { git: Record<string, unknown> };
    for (const [drop, keep] of [
      ['createdByGitBook', 'createdByService'],
      ['createdByService', 'createdByGitBook'],
    ] as const) {
      const git = { ...fixture.git, [keep]: true };
      delete git[drop];
      const result = parse(content.getRevision, { ...fixture, git });
      expect(result.message).toBe('');
      expect((result.data as { git: Record<string, unknown> }).git[keep]).toBe(true);
    }
  });

  it('still requires what identifies a resource and what a variant is made of', () => {
    const page = sample(responseSchema('getPageById')!, { mode: 'required', variant: 2 }) as Record<string, unknown>;
    expect(page.type).toBe('link');
    expect(parse(content.getPage, { ...page, target: undefined }).success).toBe(false);
    const merge = sample(responseSchema('getCurrentRevision')!, { mode: 'required', variant: 1 }) as Record<string, unknown>;
    expect(merge.type).toBe('merge');
    expect(parse(content.getRevision, { ...merge, mergedFrom: undefined }).success).toBe(false);
    const space = sample(responseSchema('getSpaceById')!, { mode: 'required' }) as Record<string, unknown>;
    expect(parse(spaces.get, { ...space, id: undefined }).message).toContain('response.id: required');
    const links = sample(responseSchema('listSpaceLinks')!, { mode: 'required' }) as Record<string, unknown>;
    expect(parse(spaces.listLinks, { ...links, stats: undefined }).message).toContain('response.stats: required');
    expect(parse(comments.list, { next: null }).message).toContain('response.items: required');
    expect(
      parse(changeRequestContent.listPages, {
        pages: [{ id: 'p', title: 'Intro', type: 'group', pages: [{ title: 'no id', type: 'document' }] }],
      }).success,
    ).toBe(false);
  });
});
