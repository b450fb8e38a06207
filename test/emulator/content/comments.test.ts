import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSpec, startWorld, T, U, type World } from './helpers.js';

let w: World;
let space: string;
beforeAll(async () => {
  w = await startWorld();
  space = (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id;
});
afterAll(() => w.emu.close());

const tick = () => {
  w.clock.now = new Date(w.clock.now.getTime() + 1000);
};

describe('space comments', () => {
  it('posts on a page, reads as markdown or document, counts open comments on the space', async () => {
    const path = `/v1/spaces/${space}/comments`;
    const res = await w.call(T.commenter, 'POST', path, { page: 'pg_setup', body: { markdown: 'Is step **2** right?' } });
    expect(res.status).toBe(200);
    expectSpec('postCommentInSpace', res.body);
    expect(res.body).toMatchObject({
      object: 'comment',
      status: 'open',
      replies: 0,
      reactions: [],
      body: { markdown: 'Is step **2** right?' },
    });
    expect(res.body.postedBy.id).toBe(U.commenter);
    expect(res.body.target).toMatchObject({ space, page: { id: 'pg_setup', title: 'Setup', path: 'setup', outdated: false } });
    expect(res.body.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });

    const asDocument = await w.call(T.reader, 'GET', `${path}/${res.body.id}?format=document`);
    expectSpec('getCommentInSpace', asDocument.body);
    expect(asDocument.body.body.document.object).toBe('document');
    expect(asDocument.body.permissions).toMatchObject({ edit: false, delete: false, reply: false });
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.comments).toBe(1);

    expect((await w.call(T.commenter, 'POST', path, { page: 'pg_nope', body: { markdown: 'x' } })).status).toBe(400);
    expect((await w.call(T.reader, 'POST', path, { body: { markdown: 'x' } })).status).toBe(403);
    expect((await w.call(T.commenter, 'POST', path, {})).status).toBe(400);
    const fromDocument = await w.call(T.commenter, 'POST', path, {
      body: {
        document: {
          object: 'document',
          data: {},
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'From a document', marks: [] }] }],
            },
          ],
        },
      },
    });
    expect(fromDocument.body.body).toEqual({ markdown: 'From a document' });
    await w.call(T.commenter, 'DELETE', `${path}/${fromDocument.body.id}`);
  });

  it('resolves and reopens, reacts per caller, and only lets authors or admins edit or delete', async () => {
    const path = `/v1/spaces/${space}/comments`;
    const c = (await w.call(T.commenter, 'POST', path, { body: { markdown: 'Typo here' } })).body;
    const resolved = await w.call(T.editor, 'PUT', `${path}/${c.id}`, { resolved: true, addedReactions: ['👍', '🎉'] });
    expect(resolved.status).toBe(200);
    expectSpec('updateCommentInSpace', resolved.body);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedAt: w.clock.now.toISOString(), resolvedBy: { id: U.editor } });
    const both = await w.call(T.commenter, 'PUT', `${path}/${c.id}`, { addedReactions: ['👍'], removedReactions: ['🎉'] });
    // Removing is per caller: the editor's 🎉 stays.
    const summary = (body: any) => body.reactions.map((r: any) => [r.emoji, r.count, r.users.map((u: any) => u.user.id)]);
    expect(summary(both.body)).toEqual([
      ['👍', 2, [U.editor, U.commenter]],
      ['🎉', 1, [U.editor]],
    ]);
    const twice = await w.call(T.editor, 'PUT', `${path}/${c.id}`, { addedReactions: ['👍'], removedReactions: ['🎉'] });
    expect(summary(twice.body)).toEqual([['👍', 2, [U.editor, U.commenter]]]);
    const reopened = await w.call(T.commenter, 'PUT', `${path}/${c.id}`, { resolved: false });
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.resolvedAt).toBeUndefined();

    const foreign = await w.call(T.editor, 'PUT', `${path}/${c.id}`, { body: { markdown: 'hijacked' } });
    expect(foreign.status).toBe(403);
    tick();
    const edited = await w.call(T.commenter, 'PUT', `${path}/${c.id}`, { body: { markdown: 'Typo fixed?' } });
    expect(edited.body).toMatchObject({ body: { markdown: 'Typo fixed?' }, editedAt: w.clock.now.toISOString() });
    expect((await w.call(T.admin, 'PUT', `${path}/${c.id}`, { body: { markdown: 'Moderated' } })).status).toBe(200);
    expect((await w.call(T.editor, 'DELETE', `${path}/${c.id}`)).status).toBe(403);
    expect((await w.call(T.commenter, 'DELETE', `${path}/${c.id}`)).status).toBe(204);
    expect((await w.call(T.commenter, 'GET', `${path}/${c.id}`)).status).toBe(404);
    expect((await w.call(T.commenter, 'DELETE', `${path}/${c.id}`)).status).toBe(204);
    expect((await w.call(T.commenter, 'PUT', `${path}/cm_nope`, { resolved: true })).status).toBe(404);
  });

  it('an author demoted below comment keeps their comment but may no longer change it, as its permissions say', async () => {
    const path = `/v1/spaces/${space}/comments`;
    const c = (await w.call(T.commenter, 'POST', path, { body: { markdown: 'Mine' } })).body;
    const member = `/v1/orgs/org_main/members/${U.commenter}`;
    expect((await w.call(T.admin, 'PATCH', member, { role: 'read' })).status).toBe(200);
    try {
      const seen = await w.call(T.commenter, 'GET', `${path}/${c.id}`);
      expect(seen.body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
      expect((await w.call(T.commenter, 'PUT', `${path}/${c.id}`, { body: { markdown: 'Still mine?' } })).status).toBe(403);
      expect((await w.call(T.commenter, 'DELETE', `${path}/${c.id}`)).status).toBe(403);
    } finally {
      await w.call(T.admin, 'PATCH', member, { role: 'comment' });
    }
    expect((await w.call(T.commenter, 'GET', `${path}/${c.id}`)).body.permissions).toEqual({
      view: true,
      edit: true,
      reply: true,
      delete: true,
    });
  });

  it('replies: post, get, edit, react, delete; the comment counts them', async () => {
    const path = `/v1/spaces/${space}/comments`;
    const c = (await w.call(T.commenter, 'POST', path, { body: { markdown: 'Question' } })).body;
    const reply = await w.call(T.editor, 'POST', `${path}/${c.id}/replies`, { body: { markdown: 'Answer' } });
    expect(reply.status).toBe(200);
    expectSpec('postCommentReplyInSpace', reply.body);
    expect(reply.body).toMatchObject({ object: 'comment-reply', body: { markdown: 'Answer' }, postedBy: { id: U.editor } });
    expect(reply.body.urls.location).toBe(`${w.emu.url}/v1/spaces/${space}/comments/${c.id}/replies/${reply.body.id}`);
    expect((await w.call(T.reader, 'GET', `${path}/${c.id}`)).body.replies).toBe(1);
    const got = await w.call(T.reader, 'GET', `${path}/${c.id}/replies/${reply.body.id}?format=document`);
    expectSpec('getCommentReplyInSpace', got.body);
    const updated = await w.call(T.editor, 'PUT', `${path}/${c.id}/replies/${reply.body.id}`, {
      body: { markdown: 'Better answer' },
      addedReactions: ['✅'],
    });
    expectSpec('updateCommentReplyInSpace', updated.body);
    expect(updated.body).toMatchObject({ body: { markdown: 'Better answer' }, reactions: [{ emoji: '✅', count: 1 }] });
    expect((await w.call(T.commenter, 'PUT', `${path}/${c.id}/replies/${reply.body.id}`, { body: { markdown: 'no' } })).status).toBe(403);
    expect((await w.call(T.commenter, 'PUT', `${path}/${c.id}/replies/${reply.body.id}`, { addedReactions: ['👀'] })).status).toBe(200);
    expect((await w.call(T.commenter, 'DELETE', `${path}/${c.id}/replies/${reply.body.id}`)).status).toBe(403);
    expect((await w.call(T.editor, 'DELETE', `${path}/${c.id}/replies/${reply.body.id}`)).status).toBe(204);
    expect((await w.call(T.editor, 'DELETE', `${path}/${c.id}/replies/${reply.body.id}`)).status).toBe(204);
    expect((await w.call(T.reader, 'GET', `${path}/${c.id}/replies/${reply.body.id}`)).status).toBe(404);
    expect((await w.call(T.reader, 'GET', `${path}/${c.id}`)).body.replies).toBe(0);
  });

  it('lists with order, status, targetPage and authors filters, paging', async () => {
    const other = (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id;
    const path = `/v1/spaces/${other}/comments`;
    const ids: string[] = [];
    for (const [token, page] of [
      [T.commenter, 'pg_setup'],
      [T.editor, 'pg_intro'],
      [T.commenter, undefined],
      [T.admin, 'pg_setup'],
    ] as const) {
      tick();
      ids.push((await w.call(token, 'POST', path, { body: { markdown: 'c' }, ...(page ? { page } : {}) })).body.id);
    }
    await w.call(T.admin, 'PUT', `${path}/${ids[1]}`, { resolved: true });
    const all = await w.call(T.reader, 'GET', path);
    expectSpec('listCommentsInSpace', all.body);
    expect(all.body.items.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    const asc = await w.call(T.reader, 'GET', `${path}?order=asc`);
    expect(asc.body.items.map((c: { id: string }) => c.id)).toEqual(ids);
    expect((await w.call(T.reader, 'GET', `${path}?status=resolved`)).body.items.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect((await w.call(T.reader, 'GET', `${path}?status=open`)).body.count).toBe(3);
    expect((await w.call(T.reader, 'GET', `${path}?targetPage=pg_setup&order=asc`)).body.items.map((c: { id: string }) => c.id)).toEqual([
      ids[0],
      ids[3],
    ]);
    const authors = await w.call(T.reader, 'GET', `${path}?authors=${U.editor}&authors=${U.admin}&order=asc`);
    expect(authors.body.items.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[3]]);
    const first = await w.call(T.reader, 'GET', `${path}?limit=3`);
    expect(first.body.items).toHaveLength(3);
    const second = await w.call(T.reader, 'GET', `${path}?limit=3&page=${first.body.next.page}`);
    expect(second.body.items.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect((await w.call(T.reader, 'GET', `${path}?status=bogus`)).status).toBe(400);
    // Only open comments count on the space.
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${other}`)).body.comments).toBe(3);
  });
});

describe('change request comments', () => {
  it('keeps them apart from the space, counts them on the change request, and lists replies', async () => {
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Review me' })).body;
    const path = `/v1/spaces/${space}/change-requests/${cr.number}/comments`;
    const spaceCount = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.comments;
    const c = await w.call(T.reviewer, 'POST', path, { page: 'pg_intro', body: { markdown: 'LGTM?' } });
    expect(c.status).toBe(200);
    expectSpec('postCommentInChangeRequest', c.body);
    expect(c.body.target).toMatchObject({ changeRequest: cr.id, revision: cr.revision, page: { id: 'pg_intro' } });
    expect(c.body.urls.location).toBe(`${w.emu.url}/v1/spaces/${space}/change-requests/${cr.id}/comments/${c.body.id}`);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/${cr.number}`)).body.comments).toBe(1);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.comments).toBe(spaceCount);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/comments/${c.body.id}`)).status).toBe(404);

    const list = await w.call(T.reader, 'GET', path);
    expectSpec('listCommentsInChangeRequest', list.body);
    expect(list.body.items.map((x: { id: string }) => x.id)).toEqual([c.body.id]);
    expectSpec('getCommentInChangeRequest', (await w.call(T.reader, 'GET', `${path}/${c.body.id}`)).body);
    const resolved = await w.call(T.editor, 'PUT', `${path}/${c.body.id}`, { resolved: true });
    expectSpec('updateCommentInChangeRequest', resolved.body);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/${cr.number}`)).body.comments).toBe(0);

    const r1 = await w.call(T.editor, 'POST', `${path}/${c.body.id}/replies?format=document`, { body: { markdown: 'Thanks' } });
    expect(r1.status).toBe(200);
    expectSpec('postCommentReplyInChangeRequest', r1.body);
    expect(r1.body.body.document.object).toBe('document');
    await w.call(T.reviewer, 'POST', `${path}/${c.body.id}/replies`, { body: { markdown: 'Welcome' } });
    const replies = await w.call(T.reader, 'GET', `${path}/${c.body.id}/replies`);
    expectSpec('listCommentRepliesInChangeRequest', replies.body);
    expect(replies.body.items.map((r: any) => r.body.markdown)).toEqual(['Thanks', 'Welcome']);
    expectSpec('getCommentReplyInChangeRequest', (await w.call(T.reader, 'GET', `${path}/${c.body.id}/replies/${r1.body.id}`)).body);

    expect((await w.call(T.editor, 'DELETE', `${path}/${c.body.id}`)).status).toBe(403);
    expect((await w.call(T.reviewer, 'DELETE', `${path}/${c.body.id}`)).status).toBe(204);
    expect((await w.call(T.reader, 'GET', `${path}/${c.body.id}/replies`)).status).toBe(404);
    expect((await w.call(T.reviewer, 'DELETE', `/v1/spaces/${space}/change-requests/99/comments/${c.body.id}`)).status).toBe(204);
  });
});
