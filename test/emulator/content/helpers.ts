import { expect } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator, type SeedSpec } from '../../../src/emulator/index.js';
import { setChangeRequestRevision, type ChangeRequestDoc } from '../../../src/emulator/domain/change-requests.js';
import { createRevision, findPage, getRevision, repath, type PageNode } from '../../../src/emulator/domain/revisions.js';
import { setSpaceRevision, type SpaceDoc } from '../../../src/emulator/domain/spaces.js';
import { specProblems } from '../../helpers/spec-validate.js';
import { call as request } from '../helpers.js';

/*
 * A small world for the content tests: one organization with a member of each role that matters
 * here, a second organization (for transfers), spaces with nested pages and a file. Each test file
 * starts its own emulator on an ephemeral port with a clock the tests move.
 */

export const T = {
  admin: 'content-admin-token',
  editor: 'content-editor-token',
  reviewer: 'content-reviewer-token',
  commenter: 'content-commenter-token',
  reader: 'content-reader-token',
  outsider: 'content-outsider-token',
} as const;

export const U = {
  admin: 'u_admin',
  editor: 'u_editor',
  reviewer: 'u_reviewer',
  commenter: 'u_commenter',
  reader: 'u_reader',
  outsider: 'u_outsider',
} as const;

export const seed = (): SeedSpec => ({
  users: [
    { id: U.admin, displayName: 'Ada Admin', email: 'ada@example.test', tokens: [T.admin] },
    { id: U.editor, displayName: 'Eddie Editor', email: 'eddie@example.test', tokens: [T.editor] },
    { id: U.reviewer, displayName: 'Rita Reviewer', tokens: [T.reviewer] },
    { id: U.commenter, displayName: 'Carl Commenter', tokens: [T.commenter] },
    { id: U.reader, displayName: 'Rob Reader', tokens: [T.reader] },
    { id: U.outsider, displayName: 'Olga Outsider', tokens: [T.outsider] },
  ],
  organizations: [
    {
      id: 'org_main',
      title: 'Main Org',
      members: [
        { user: U.admin, role: 'admin' },
        { user: U.editor, role: 'edit' },
        { user: U.reviewer, role: 'review' },
        { user: U.commenter, role: 'comment' },
        { user: U.reader, role: 'read' },
      ],
      collections: [
        { id: 'col_a', title: 'A' },
        { id: 'col_b', title: 'B' },
      ],
      spaces: [
        {
          id: 'sp_docs',
          title: 'Docs',
          emoji: '📘',
          collection: 'col_a',
          pages: [
            {
              id: 'pg_intro',
              title: 'Introduction',
              markdown: 'Welcome. See [setup](setup.md) and [the guide](guide/README.md).\n\n![logo](.gitbook/assets/logo.png)\n',
            },
            {
              id: 'pg_setup',
              title: 'Setup',
              markdown: '## Install\n\nRun the installer.\n\n## Configure\n\nEdit the configuration file.\n',
            },
            {
              id: 'pg_guide',
              title: 'Guide',
              markdown:
                'The guide. Read [advanced](advanced.md), [missing](missing.md), [external](https://example.com/x) and [app](https://app.example.com/o/org_main/s/sp_docs/).\n',
              pages: [{ id: 'pg_advanced', title: 'Advanced', markdown: 'Advanced topics about widgets.\n' }],
            },
          ],
          files: [{ id: 'fl_logo', name: 'logo.png', contentType: 'image/png', text: 'PNGDATA' }],
        },
        { id: 'sp_other', title: 'Other', pages: [{ id: 'pg_other', title: 'Other page', markdown: 'Nothing about widgets.\n' }] },
      ],
    },
    {
      id: 'org_second',
      title: 'Second Org',
      members: [
        { user: U.admin, role: 'admin' },
        { user: U.editor, role: 'edit' },
      ],
    },
  ],
});

export interface World {
  emu: RunningEmulator;
  clock: { now: Date };
  call: (
    token: string,
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: any; text: string; headers: Headers }>;
}

/** `options`: more emulator options, such as `filesRoot` for the tests that import local files. */
export async function startWorld(customize?: (s: SeedSpec) => void, options: EmulatorOptions = {}): Promise<World> {
  const clock = { now: new Date('2026-03-01T10:00:00.000Z') };
  const spec = seed();
  customize?.(spec);
  const emu = await startEmulator({ port: 0, seed: spec, clock: () => clock.now, ...options });
  const call: World['call'] = (token, method, path, body) =>
    request(emu.url, method, path, { token, ...(body !== undefined ? { body } : {}) });
  return { emu, clock, call };
}

/** Replace a page's markdown in the space's content (or a change request's): the API has no page editing. */
export function editPage(world: World, spaceId: string, pageId: string, markdown: string, changeRequestId?: string): void {
  const { store } = world.emu;
  const at = world.clock.now;
  const space = store.get<SpaceDoc>('space', spaceId) as SpaceDoc;
  const cr = changeRequestId ? store.get<ChangeRequestDoc>('changeRequest', changeRequestId) : undefined;
  const current = getRevision(store, cr?.revision ?? space.revision);
  const pages: PageNode[] = structuredClone(current.pages);
  const page = findPage(pages, pageId);
  if (!page) throw new Error(`no page ${pageId}`);
  page.markdown = markdown;
  const rev = createRevision(store, {
    space: spaceId,
    parents: [current.id],
    pages: repath(pages),
    files: current.files,
    createdAt: at.toISOString(),
    type: 'edits',
  });
  if (cr) setChangeRequestRevision(store, cr, rev.id, U.editor, at);
  else setSpaceRevision(store, space, rev.id, at);
}

export function pageMarkdown(world: World, revisionId: string, pageId: string): string | undefined {
  return findPage(getRevision(world.emu.store, revisionId).pages, pageId)?.markdown;
}

/** The body must validate against the official spec's success response schema of the operation. */
export function expectSpec(operationId: string, body: unknown): void {
  expect(specProblems(operationId, body), `${operationId} response does not match the spec`).toEqual([]);
}
