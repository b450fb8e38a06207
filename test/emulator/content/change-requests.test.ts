import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editPage, expectSpec, pageMarkdown, startWorld, T, type World } from './helpers.js';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.emu.close());

const base = '/v1/spaces/sp_docs/change-requests';
const spaceRevision = async () => (await w.call(T.admin, 'GET', '/v1/spaces/sp_docs')).body.revision as string;

/** A fresh copy of sp_docs, so each merge scenario starts from the same content. */
async function freshSpace(): Promise<string> {
  return (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id as string;
}

describe('create, number, get by id or number, list, edit', () => {
  it('numbers change requests 1, 2, ... per space; new ones are open and start from the space revision', async () => {
    const space = await freshSpace();
    const revision = (await w.call(T.admin, 'GET', `/v1/spaces/${space}`)).body.revision;
    const first = await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'First' });
    expect(first.status).toBe(201);
    expectSpec('createChangeRequest', first.body);
    expect(first.body).toMatchObject({
      number: 1,
      status: 'open',
      subject: 'First',
      revisionInitial: revision,
      revision,
      outdated: false,
      comments: 0,
    });
    expect(first.body.createdBy.id).toBe('u_editor');
    expect(first.headers.get('location')).toBe(first.body.urls.location);
    const second = await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, {});
    expect(second.body.number).toBe(2);
    const other = await w.call(T.editor, 'POST', `/v1/spaces/${await freshSpace()}/change-requests`);
    expect(other.body.number).toBe(1);

    const byNumber = await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/2`);
    const byId = await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/${second.body.id}`);
    expect(byNumber.status).toBe(200);
    expectSpec('getChangeRequestById', byNumber.body);
    expect(byNumber.body.id).toBe(second.body.id);
    expect(byId.body.number).toBe(2);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/99`)).status).toBe(404);
    // An id from another space does not resolve here.
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/${other.body.id}`)).status).toBe(404);
    expect((await w.call(T.commenter, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'x' })).status).toBe(403);
    expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'x'.repeat(101) })).status).toBe(400);
  });

  it('lists open ones by default, filters by status and contributor, and edits subject and status', async () => {
    const space = await freshSpace();
    const a = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'A' })).body;
    await w.call(T.admin, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'B' });
    const draft = await w.call(T.editor, 'PATCH', `/v1/spaces/${space}/change-requests/${a.number}`, { status: 'draft', subject: 'A2' });
    expect(draft.status).toBe(200);
    expectSpec('updateChangeRequestById', draft.body);
    expect(draft.body).toMatchObject({ status: 'draft', subject: 'A2' });

    const open = await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests`);
    expectSpec('listChangeRequestsForSpace', open.body);
    expect(open.body.items.map((c: { subject: string }) => c.subject)).toEqual(['B']);
    const drafts = await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests?status=draft`);
    expect(drafts.body.items.map((c: { subject: string }) => c.subject)).toEqual(['A2']);
    const mine = await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests?contributor=u_admin`);
    expect(mine.body.items.map((c: { subject: string }) => c.subject)).toEqual(['B']);
    const counts = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body;
    expect(counts).toMatchObject({ changeRequests: 2, changeRequestsOpen: 1, changeRequestsDraft: 1 });
    expect((await w.call(T.editor, 'PATCH', `/v1/spaces/${space}/change-requests/1`, { status: 'merged' })).status).toBe(400);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests?status=bogus`)).status).toBe(400);
  });
});

describe('counts', () => {
  it('space and change request counts follow creation, status changes, merges and comments', async () => {
    const space = await freshSpace();
    const path = `/v1/spaces/${space}`;
    const counts = async () => {
      const s = (await w.call(T.reader, 'GET', path)).body;
      return [s.changeRequests, s.changeRequestsOpen, s.changeRequestsDraft, s.comments];
    };
    const crComments = async (n: number) => (await w.call(T.reader, 'GET', `${path}/change-requests/${n}`)).body.comments;
    expect(await counts()).toEqual([0, 0, 0, 0]);
    const a = (await w.call(T.editor, 'POST', `${path}/change-requests`, { subject: 'A' })).body;
    const b = (await w.call(T.editor, 'POST', `${path}/change-requests`, { subject: 'B' })).body;
    expect(await counts()).toEqual([2, 2, 0, 0]);
    await w.call(T.editor, 'PATCH', `${path}/change-requests/${b.number}`, { status: 'draft' });
    expect(await counts()).toEqual([2, 1, 1, 0]);

    const onSpace = (await w.call(T.commenter, 'POST', `${path}/comments`, { body: { markdown: 'On the space' } })).body;
    const onA = (await w.call(T.commenter, 'POST', `${path}/change-requests/${a.number}/comments`, { body: { markdown: 'On A' } })).body;
    const onA2 = (await w.call(T.commenter, 'POST', `${path}/change-requests/${a.number}/comments`, { body: { markdown: 'On A again' } }))
      .body;
    expect([await counts(), await crComments(a.number), await crComments(b.number)]).toEqual([[2, 1, 1, 1], 2, 0]);
    await w.call(T.commenter, 'PUT', `${path}/change-requests/${a.number}/comments/${onA.id}`, { resolved: true });
    await w.call(T.commenter, 'DELETE', `${path}/change-requests/${a.number}/comments/${onA2.id}`);
    await w.call(T.commenter, 'PUT', `${path}/comments/${onSpace.id}`, { resolved: true });
    expect([await counts(), await crComments(a.number)]).toEqual([[2, 1, 1, 0], 0]);
    await w.call(T.commenter, 'PUT', `${path}/change-requests/${a.number}/comments/${onA.id}`, { resolved: false });
    expect(await crComments(a.number)).toBe(1);

    expect((await w.call(T.reviewer, 'POST', `${path}/change-requests/${a.number}/merge`)).body.result).toBe('merge');
    expect(await counts()).toEqual([2, 0, 1, 0]);
    expect((await w.call(T.reader, 'GET', `${path}/change-requests/${b.number}`)).body.outdated).toBe(true);
    await w.call(T.editor, 'PATCH', `${path}/change-requests/${b.number}`, { status: 'archived' });
    expect(await counts()).toEqual([2, 0, 0, 0]);
    expect((await w.call(T.reader, 'GET', `${path}/change-requests?status=archived`)).body.items.map((c: { id: string }) => c.id)).toEqual([
      b.id,
    ]);
  });
});

describe('merge: three-way by page', () => {
  it('applies pages changed only in the change request and keeps pages changed only in the space', async () => {
    const space = await freshSpace();
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Edit setup' })).body;
    editPage(w, space, 'pg_setup', 'Setup, rewritten in the change request.\n', cr.id);
    editPage(w, space, 'pg_intro', 'Intro, edited live.\n');
    const before = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/${cr.number}`)).body;
    expect(before.outdated).toBe(true);

    expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/merge`)).status).toBe(403);
    const res = await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/merge`);
    expect(res.status).toBe(200);
    expectSpec('mergeChangeRequest', res.body);
    expect(res.body.result).toBe('merge');
    const after = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body;
    expect(after.revision).toBe(res.body.revision);
    expect(pageMarkdown(w, res.body.revision, 'pg_setup')).toBe('Setup, rewritten in the change request.\n');
    expect(pageMarkdown(w, res.body.revision, 'pg_intro')).toBe('Intro, edited live.\n');

    const merged = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/${cr.id}`)).body;
    expect(merged).toMatchObject({ status: 'merged', revisionMerged: res.body.revision, outdated: false });
    const revision = await w.call(T.reader, 'GET', `/v1/spaces/${space}/content`);
    expectSpec('getCurrentRevision', revision.body);
    expect(revision.body).toMatchObject({ type: 'merge', mergedFrom: { id: cr.id, status: 'merged' } });

    const again = await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/merge`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already merged/);
    expect((await w.call(T.editor, 'PATCH', `/v1/spaces/${space}/change-requests/${cr.number}`, { status: 'open' })).status).toBe(409);
  });

  it('reports conflicts when a page changed differently on both sides, and applies nothing', async () => {
    const space = await freshSpace();
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Conflicting' })).body;
    editPage(w, space, 'pg_setup', 'Setup from the change request.\n', cr.id);
    editPage(w, space, 'pg_advanced', 'Advanced from the change request.\n', cr.id);
    editPage(w, space, 'pg_setup', 'Setup edited live.\n');
    const revisionBefore = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision;

    const res = await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/merge`);
    expect(res.status).toBe(200);
    expectSpec('mergeChangeRequest', res.body);
    expect(res.body).toEqual({
      revision: revisionBefore,
      result: 'conflicts',
      conflicts: [{ id: 'pg_setup', title: expect.any(String), path: expect.stringMatching(/setup$/) }],
      message: expect.stringMatching(
        /^Change request #1 conflicts with the primary content; page changed on both sides: ".+" \(.*setup\)$/,
      ),
    });
    const spaceAfter = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body;
    expect(spaceAfter.revision).toBe(revisionBefore);
    expect(pageMarkdown(w, spaceAfter.revision, 'pg_advanced')).toBe('Advanced topics about widgets.\n');
    const crAfter = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/${cr.number}`)).body;
    expect(crAfter.status).toBe('open');
    expect(crAfter.revisionMerged).toBeUndefined();
  });

  it('refuses to merge an archived change request (409) and into a locked space (412)', async () => {
    const space = await freshSpace();
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Shelved' })).body;
    await w.call(T.editor, 'PATCH', `/v1/spaces/${space}/change-requests/${cr.number}`, { status: 'archived' });
    const archived = await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/merge`);
    expect(archived.status).toBe(409);
    expect(archived.body.error.message).toMatch(/archived/);
    await w.call(T.editor, 'PATCH', `/v1/spaces/${space}/change-requests/${cr.number}`, { status: 'open' });
    await w.call(T.admin, 'PATCH', `/v1/spaces/${space}`, { editMode: 'locked' });
    const locked = await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/merge`);
    expect(locked.status).toBe(412);
    expect(locked.body.error.message).toMatch(/locked/);
    await w.call(T.admin, 'PATCH', `/v1/spaces/${space}`, { editMode: 'live' });
    expect((await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/merge`)).body.result).toBe('merge');
  });
});

describe('update from main', () => {
  it('pulls space changes in, sets revisionMergedAncestor, and clears outdated until the space moves again', async () => {
    const space = await freshSpace();
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Long running' })).body;
    editPage(w, space, 'pg_setup', 'Setup from the change request.\n', cr.id);
    editPage(w, space, 'pg_intro', 'Intro edited live.\n');
    const spaceRev = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision;
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/1`)).body.outdated).toBe(true);

    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests/1/update`);
    expect(res.status).toBe(200);
    expectSpec('updateChangeRequest', res.body);
    expect(res.body.result).toBe('update');
    const updated = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/1`)).body;
    expect(updated).toMatchObject({ revision: res.body.revision, revisionMergedAncestor: spaceRev, outdated: false });
    expect(pageMarkdown(w, res.body.revision, 'pg_intro')).toBe('Intro edited live.\n');
    expect(pageMarkdown(w, res.body.revision, 'pg_setup')).toBe('Setup from the change request.\n');
    const crRevision = await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/1/content`);
    expect(crRevision.body.type).toBe('update');

    editPage(w, space, 'pg_advanced', 'Advanced edited live.\n');
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/1`)).body.outdated).toBe(true);

    // The merge's base is now the ancestor: the live intro edit is not mistaken for a change-request change.
    const merged = await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/1/merge`);
    expect(merged.body.result).toBe('merge');
    expect(pageMarkdown(w, merged.body.revision, 'pg_advanced')).toBe('Advanced edited live.\n');
    expect(pageMarkdown(w, merged.body.revision, 'pg_setup')).toBe('Setup from the change request.\n');
  });

  it('answers conflicts and leaves the change request as it was', async () => {
    const space = await freshSpace();
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`)).body;
    editPage(w, space, 'pg_setup', 'CR side.\n', cr.id);
    editPage(w, space, 'pg_setup', 'Space side.\n');
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests/${cr.id}/update`);
    expect(res.body).toMatchObject({
      revision: (await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/1`)).body.revision,
      result: 'conflicts',
      conflicts: [{ id: 'pg_setup' }],
    });
    // The same words as the merge answer for the same state.
    expect(res.body.message).toMatch(/^Change request #1 conflicts with the primary content; page changed on both sides: /);
    const after = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/1`)).body;
    expect(after.revisionMergedAncestor).toBeUndefined();
    expect(after.outdated).toBe(true);
  });
});

describe('PDF export', () => {
  it('answers a URL on the emulator; 400 for a page that is not in the change request', async () => {
    const cr = (await w.call(T.editor, 'POST', base, { subject: 'PDF' })).body;
    const res = await w.call(T.reader, 'GET', `${base}/${cr.number}/pdf?page=pg_setup&only=true`);
    expect(res.status).toBe(200);
    expectSpec('getChangeRequestPDF', res.body);
    expect(res.body.url.startsWith(`${w.emu.url}/_emulator/pdf/sp_docs/${cr.id}`)).toBe(true);
    expect((await w.call(T.reader, 'GET', `${base}/${cr.number}/pdf?page=pg_nope`)).status).toBe(400);
    expect(await spaceRevision()).toBe(cr.revision);
  });

  it('serves the PDF at that URL', async () => {
    const cr = (await w.call(T.editor, 'POST', base, { subject: 'Printable' })).body;
    const { url } = (await w.call(T.reader, 'GET', `${base}/${cr.number}/pdf`)).body;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('Printable');
    expect((await fetch(`${w.emu.url}/_emulator/pdf/sp_docs/cr_missing`)).status).toBe(404);
  });
});
