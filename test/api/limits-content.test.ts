import { describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { areas } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';

/*
 * Every bound of the spaces, content, change request, comment and git operations: the value just
 * past the bound is refused before anything is sent, with a message naming the field and the bound,
 * and the value at the bound passes.
 */

const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });

const pathParams = (op: Operation) => Object.fromEntries(op.pathParams.map((name) => [name, `${name}-1`]));
const prepare = (op: Operation, extra: { query?: unknown; body?: unknown }) => client.prepare(op, { ...pathParams(op), ...extra });

const { spaces, content, changeRequestContent, changeRequests, comments, changeRequestComments, git } = areas;

const chars = (n: number) => 'x'.repeat(n);
const urlOfLength = (n: number) => {
  const head = 'https://example.com/';
  return head + 'a'.repeat(n - head.length);
};
const jsonDoc = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };

interface Row {
  name: string;
  op: Operation;
  ok: { query?: unknown; body?: unknown };
  bad: { query?: unknown; body?: unknown };
  /** The message must contain this: the field and the bound. */
  message: string;
}

/* ---------- the rows ---------- */

const rows: Row[] = [
  // PATCH space (CONTRACT-NOTES §3.3)
  {
    name: 'space title ≤ 50',
    op: spaces.update,
    ok: { body: { title: chars(50) } },
    bad: { body: { title: chars(51) } },
    message: 'body.title: must be at most 50 characters',
  },
  {
    name: 'space emoji ≤ 50',
    op: spaces.update,
    ok: { body: { emoji: chars(50) } },
    bad: { body: { emoji: chars(51) } },
    message: 'body.emoji: must be at most 50 characters',
  },
  {
    name: 'space icon URL ≤ 2048',
    op: spaces.update,
    ok: { body: { icon: urlOfLength(2048) } },
    bad: { body: { icon: urlOfLength(2049) } },
    message: 'body.icon: must be at most 2048 characters',
  },
  {
    name: 'space icon is a URL',
    op: spaces.update,
    ok: { body: { icon: 'https://example.com/i.png' } },
    bad: { body: { icon: 'not a url' } },
    message: 'body.icon: must be a valid url',
  },
  {
    name: 'space emoji and icon are exclusive',
    op: spaces.update,
    ok: { body: { emoji: '🎉', icon: null } },
    bad: { body: { emoji: '🎉', icon: 'https://example.com/i.png' } },
    message: 'body.icon: cannot be set together with emoji',
  },
  {
    name: 'space icon/emoji removal with nulls',
    op: spaces.update,
    ok: { body: { emoji: null, icon: null } },
    bad: { body: { emoji: 5 } },
    message: 'body.emoji: must be a string',
  },
  {
    name: 'space editMode enum',
    op: spaces.update,
    ok: { body: { editMode: 'locked' } },
    bad: { body: { editMode: 'frozen' } },
    message: 'body.editMode: must be one of "live", "locked"',
  },
  {
    name: 'space defaultLevel inherit',
    op: spaces.update,
    ok: { body: { defaultLevel: 'inherit' } },
    bad: { body: { defaultLevel: 'owner' } },
    message: 'body.defaultLevel: must be one of "admin", "create", "review", "edit", "comment", "read", "inherit"',
  },
  {
    name: 'space defaultLevel null (guest)',
    op: spaces.update,
    ok: { body: { defaultLevel: null } },
    bad: { body: { defaultLevel: 'guest' } },
    message: 'body.defaultLevel: must be one of',
  },
  {
    name: 'space language enum',
    op: spaces.update,
    ok: { body: { language: 'pt-br' } },
    bad: { body: { language: 'xx' } },
    message: 'body.language: must be one of "en"',
  },
  {
    name: 'space PATCH is strict',
    op: spaces.update,
    ok: { body: {} },
    bad: { body: { visibility: 'public' } },
    message: 'body: unknown field "visibility"',
  },
  { name: 'space PATCH body required', op: spaces.update, ok: { body: { title: 'Docs' } }, bad: {}, message: 'body: required' },
  // move / transfer
  {
    name: 'move needs at least one property',
    op: spaces.move,
    ok: { body: { parent: null } },
    bad: { body: {} },
    message: 'body: must have at least 1 property',
  },
  {
    name: 'move position: collection pointer',
    op: spaces.move,
    ok: { body: { position: { before: { type: 'collection', collection: 'c1' } } } },
    bad: { body: { position: { before: { type: 'collection', space: 's1' } } } },
    message: 'body.position.before.collection: required',
  },
  {
    name: 'move position: space pointer',
    op: spaces.move,
    ok: { body: { position: { after: { type: 'space', space: 's2' } } } },
    bad: { body: { position: { after: { type: 'space' } } } },
    message: 'body.position.after.space: required',
  },
  {
    name: 'move position: pointer type',
    op: spaces.move,
    ok: { body: { parent: 'c1', position: {} } },
    bad: { body: { position: { after: { type: 'site', site: 's' } } } },
    message: 'body.position.after',
  },
  {
    name: 'transfer organization required',
    op: spaces.transfer,
    ok: { body: { organization: 'org-2' } },
    bad: { body: {} },
    message: 'body.organization: required',
  },
  { name: 'transfer body required', op: spaces.transfer, ok: { body: { organization: 'org-2' } }, bad: {}, message: 'body: required' },
  {
    name: 'get space shareKey',
    op: spaces.get,
    ok: { query: { shareKey: 'k' } },
    bad: { query: { share: 'k' } },
    message: 'unknown field "share"',
  },
  // search
  {
    name: 'search query ≤ 512',
    op: spaces.search,
    ok: { query: { query: chars(512) } },
    bad: { query: { query: chars(513) } },
    message: 'query: must be at most 512 characters',
  },
  { name: 'search query required', op: spaces.search, ok: { query: { query: 'install' } }, bad: {}, message: 'query: required' },
  {
    name: 'search query required with paging',
    op: spaces.search,
    ok: { query: { query: 'a', limit: 5 } },
    bad: { query: { limit: 5 } },
    message: 'query: required',
  },
  // links
  ...[spaces.listLinks, content.listPageLinks].map((op): Row => ({
    name: `${op.id} status enum`,
    op,
    ok: { query: { status: 'in-app' } },
    bad: { query: { status: 'dead' } },
    message: 'status: must be one of "ok", "broken", "in-app"',
  })),
  // revision / page queries
  ...[
    content.getRevision,
    content.listPages,
    content.listFiles,
    content.getFile,
    content.getPage,
    changeRequestContent.getRevision,
    changeRequestContent.listPages,
    changeRequestContent.listFiles,
    changeRequestContent.getFile,
    changeRequestContent.getPage,
  ].flatMap((op): Row[] => [
    {
      name: `${op.id} metadata boolean`,
      op,
      ok: { query: { metadata: 'false' } },
      bad: { query: { metadata: 'no' } },
      message: 'metadata: must be one of "true", "false"',
    },
    {
      name: `${op.id} computed boolean`,
      op,
      ok: { query: { computed: false } },
      bad: { query: { computed: 1 } },
      message: 'computed: must be one of "true", "false"',
    },
  ]),
  ...[content.getPage, changeRequestContent.getPage].flatMap((op): Row[] => [
    {
      name: `${op.id} format enum`,
      op,
      ok: { query: { format: 'markdown' } },
      bad: { query: { format: 'html' } },
      message: 'format: must be one of "document", "markdown"',
    },
    {
      name: `${op.id} evaluated boolean`,
      op,
      ok: { query: { evaluated: true } },
      bad: { query: { evaluated: 'maybe' } },
      message: 'evaluated: must be one of "true", "false"',
    },
  ]),
  // import
  ...[content.import, changeRequestContent.import].flatMap((op): Row[] => [
    {
      name: `${op.id} url is a URI`,
      op,
      ok: { body: { url: 'https://example.com/docs', source: 'website' } },
      bad: { body: { url: 'example dot com', source: 'website' } },
      message: 'body.url: must be a valid url',
    },
    {
      name: `${op.id} url required`,
      op,
      ok: { body: { url: 'https://example.com/a.zip', source: 'zip' } },
      bad: { body: { source: 'zip' } },
      message: 'body.url: required',
    },
    {
      name: `${op.id} source enum`,
      op,
      ok: { body: { url: 'https://example.com/a', source: 'google-docs' } },
      bad: { body: { url: 'https://example.com/a', source: 'pdf' } },
      message:
        'body.source: must be one of "website", "docx", "markdown", "html", "zip", "confluence", "github-wiki", "notion", "google-docs"',
    },
    {
      name: `${op.id} source required`,
      op,
      ok: { body: { url: 'https://example.com/a', source: 'notion' } },
      bad: { body: { url: 'https://example.com/a' } },
      message: 'body.source: required',
    },
  ]),
  // template
  {
    name: 'template id required',
    op: content.applyTemplate,
    ok: { body: { id: 'tpl' } },
    bad: { body: { params: {} } },
    message: 'body.id: required',
  },
  {
    name: 'template contentRefs',
    op: content.applyTemplate,
    ok: {
      body: { id: 'tpl', params: { contentRefs: { logo: { kind: 'file', file: 'f1' }, home: { kind: 'page', page: 'p1', space: 's1' } } } },
    },
    bad: { body: { id: 'tpl', params: { contentRefs: { logo: { kind: 'file' } } } } },
    message: 'body.params.contentRefs.logo.file: required',
  },
  {
    name: 'template contentRef kinds',
    op: content.applyTemplate,
    ok: { body: { id: 'tpl', params: { contentRefs: { api: { kind: 'openapi', spec: 'petstore' } } } } },
    bad: { body: { id: 'tpl', params: { contentRefs: { api: { kind: 'blob', blob: 'x' } } } } },
    message: 'body.params.contentRefs.api',
  },
  // change requests (reference area)
  {
    name: 'change request subject ≤ 100 (create)',
    op: changeRequests.create,
    ok: { body: { subject: chars(100) } },
    bad: { body: { subject: chars(101) } },
    message: 'body.subject: must be at most 100 characters',
  },
  {
    name: 'change request subject ≤ 100 (update)',
    op: changeRequests.update,
    ok: { body: { subject: chars(100) } },
    bad: { body: { subject: chars(101) } },
    message: 'body.subject: must be at most 100 characters',
  },
  {
    name: 'change request status: merged only through merge',
    op: changeRequests.update,
    ok: { body: { status: 'archived' } },
    bad: { body: { status: 'merged' } },
    message: 'body.status: must be one of "draft", "open", "archived"',
  },
  {
    name: 'change request list status enum',
    op: changeRequests.list,
    ok: { query: { status: 'merged' } },
    bad: { query: { status: 'closed' } },
    message: 'status: must be one of "draft", "open", "archived", "merged"',
  },
  {
    name: 'change request PDF only boolean',
    op: changeRequests.getPdf,
    ok: { query: { only: true, page: 'p1' } },
    bad: { query: { only: 'yes' } },
    message: 'only: must be one of "true", "false"',
  },
];

// Comment lists, bodies and queries, for spaces and change requests alike.
for (const area of [comments, changeRequestComments]) {
  const where = area === comments ? 'space' : 'change request';
  rows.push(
    {
      name: `${where} comments order`,
      op: area.list,
      ok: { query: { order: 'asc' } },
      bad: { query: { order: 'up' } },
      message: 'order: must be one of "asc", "desc"',
    },
    {
      name: `${where} comments status`,
      op: area.list,
      ok: { query: { status: 'resolved' } },
      bad: { query: { status: 'closed' } },
      message: 'status: must be one of "all", "open", "resolved"',
    },
    {
      name: `${where} comments format`,
      op: area.list,
      ok: { query: { format: 'document' } },
      bad: { query: { format: 'text' } },
      message: 'format: must be one of "document", "markdown"',
    },
    {
      name: `${where} comments authors`,
      op: area.list,
      ok: { query: { authors: ['u1', 'u2'], targetPage: 'p1' } },
      bad: { query: { authors: [1] } },
      message: 'authors',
    },
    {
      name: `${where} comment format`,
      op: area.get,
      ok: { query: { format: 'markdown' } },
      bad: { query: { format: 'html' } },
      message: 'format: must be one of "document", "markdown"',
    },
    {
      name: `${where} comment body required`,
      op: area.create,
      ok: { body: { body: {} } },
      bad: { body: { page: 'p1' } },
      message: 'body.body: required',
    },
    {
      name: `${where} comment markdown body`,
      op: area.create,
      ok: { body: { body: { markdown: 'Looks good' }, page: 'p1', node: 'n1' } },
      bad: { body: { body: { markdown: 5 } } },
      message: 'body.body.markdown: must be a string',
    },
    {
      name: `${where} comment document body`,
      op: area.create,
      ok: { body: { body: { document: jsonDoc } } },
      bad: { body: { body: { document: { ...jsonDoc, object: 'block' } } } },
      message: 'body.body.document.object',
    },
    {
      name: `${where} comment body is one of markdown/document`,
      op: area.create,
      ok: { body: { body: { markdown: 'x' } } },
      bad: { body: { body: { markdown: 'x', document: jsonDoc } } },
      message: 'body.body.document: cannot be set together with markdown',
    },
    {
      name: `${where} comment body shape is strict`,
      op: area.create,
      ok: { body: { body: { markdown: 'x' } } },
      bad: { body: { body: { html: '<p>x</p>' } } },
      message: 'body.body: unknown field "html"',
    },
    {
      name: `${where} comment tableCell`,
      op: area.create,
      ok: { body: { body: {}, tableCell: { record: 'r', definition: 'd' } } },
      bad: { body: { body: {}, tableCell: { record: 'r' } } },
      message: 'body.tableCell.definition: required',
    },
    {
      name: `${where} comment resolved boolean`,
      op: area.update,
      ok: { body: { resolved: true } },
      bad: { body: { resolved: 'yes' } },
      message: 'body.resolved: must be a boolean',
    },
    {
      name: `${where} comment addedReactions`,
      op: area.update,
      ok: { body: { addedReactions: ['👍'] } },
      bad: { body: { addedReactions: '👍' } },
      message: 'body.addedReactions: must be an array',
    },
    {
      name: `${where} comment removedReactions`,
      op: area.update,
      ok: { body: { removedReactions: ['👍'], body: { markdown: 'edited' } } },
      bad: { body: { removedReactions: [1] } },
      message: 'body.removedReactions.0: must be a string',
    },
    {
      name: `${where} reply body required`,
      op: area.createReply,
      ok: { body: { body: { markdown: 'Thanks' } } },
      bad: { body: {} },
      message: 'body.body: required',
    },
    {
      name: `${where} reply format`,
      op: area.getReply,
      ok: { query: { format: 'document' } },
      bad: { query: { format: 'pdf' } },
      message: 'format: must be one of "document", "markdown"',
    },
  );
}
rows.push(
  {
    name: 'space reply update reactions',
    op: comments.updateReply,
    ok: { body: { addedReactions: ['🎉'], removedReactions: [] } },
    bad: { body: { resolved: true } },
    message: 'body: unknown field "resolved"',
  },
  {
    name: 'change request replies format',
    op: changeRequestComments.listReplies,
    ok: { query: { format: 'markdown' } },
    bad: { query: { format: 'html' } },
    message: 'format: must be one of "document", "markdown"',
  },
  {
    name: 'change request reply post format',
    op: changeRequestComments.createReply,
    ok: { query: { format: 'markdown' }, body: { body: {} } },
    bad: { query: { format: 'html' }, body: { body: {} } },
    message: 'format: must be one of "document", "markdown"',
  },
);

// Git import/export.
const gitBase = { url: 'https://user:secret@git.example.com/acme/docs.git', ref: 'refs/heads/main' };
for (const op of [git.import, git.export]) {
  const ok = op === git.export ? { ...gitBase, commitMessage: 'Update docs' } : gitBase;
  rows.push(
    { name: `${op.id} url required`, op, ok: { body: ok }, bad: { body: { ...ok, url: undefined } }, message: 'body.url: required' },
    { name: `${op.id} ref required`, op, ok: { body: ok }, bad: { body: { ...ok, ref: undefined } }, message: 'body.ref: required' },
    {
      name: `${op.id} ref is a branch ref`,
      op,
      ok: { body: { ...ok, ref: 'refs/heads/release/2.0' } },
      bad: { body: { ...ok, ref: 'main' } },
      message: 'body.ref: must match the pattern',
    },
    {
      name: `${op.id} timestamp is a date-time`,
      op,
      ok: { body: { ...ok, timestamp: '2026-01-02T03:04:05.000Z' } },
      bad: { body: { ...ok, timestamp: 'yesterday' } },
      message: 'body.timestamp: must be a valid datetime',
    },
    {
      name: `${op.id} force boolean`,
      op,
      ok: { body: { ...ok, force: true, repoCacheID: 'c', repoTreeURL: 't', repoCommitURL: 'c', repoProjectDirectory: 'docs' } },
      bad: { body: { ...ok, force: 'true' } },
      message: 'body.force: must be a boolean',
    },
    {
      name: `${op.id} gitInfo provider`,
      op,
      ok: { body: { ...ok, gitInfo: { provider: 'gitlab', url: 'https://gitlab.com/a/b/tree' } } },
      bad: { body: { ...ok, gitInfo: { provider: 'bitbucket' } } },
      message: 'body.gitInfo.provider: must be one of "github", "gitlab"',
    },
  );
}
rows.push(
  {
    name: 'git import standalone boolean',
    op: git.import,
    ok: { body: { ...gitBase, standalone: true } },
    bad: { body: { ...gitBase, standalone: 1 } },
    message: 'body.standalone: must be a boolean',
  },
  {
    name: 'git export commitMessage required',
    op: git.export,
    ok: { body: { ...gitBase, commitMessage: 'm' } },
    bad: { body: gitBase },
    message: 'body.commitMessage: required',
  },
  {
    name: 'git export has no standalone',
    op: git.export,
    ok: { body: { ...gitBase, commitMessage: 'm' } },
    bad: { body: { ...gitBase, commitMessage: 'm', standalone: true } },
    message: 'body: unknown field "standalone"',
  },
);

// Page size on every list of these areas: at most 1000, at least 0 (spec), as a number or a URL string.
const mine = [spaces, content, changeRequestContent, changeRequests, comments, changeRequestComments, git];
const paginated = mine.flatMap((area) => Object.values(area as Record<string, Operation>)).filter((op) => op.paginated);
const required = (op: Operation) => (op.id === 'searchSpaceContent' ? { query: 'q' } : {});
for (const op of paginated) {
  rows.push(
    {
      name: `${op.id} limit ≤ 1000`,
      op,
      ok: { query: { ...required(op), limit: 1000 } },
      bad: { query: { ...required(op), limit: 1001 } },
      message: 'limit: must be at most 1000',
    },
    {
      name: `${op.id} limit ≤ 1000 (string)`,
      op,
      ok: { query: { ...required(op), limit: '1000' } },
      bad: { query: { ...required(op), limit: '1001' } },
      message: 'limit: must be at most 1000',
    },
    {
      name: `${op.id} limit ≥ 0`,
      op,
      ok: { query: { ...required(op), limit: 0, page: 'next' } },
      bad: { query: { ...required(op), limit: -1 } },
      message: 'limit: must be at least 0',
    },
  );
}

describe('request bounds of spaces, content, change requests, comments and git', () => {
  it('covers every list of these areas with the page-size bound', () => {
    expect(paginated.map((op) => op.id).sort()).toEqual([
      'listChangeRequestFileBacklinks',
      'listChangeRequestsForSpace',
      'listCommentRepliesInChangeRequest',
      'listCommentsInChangeRequest',
      'listCommentsInSpace',
      'listFiles',
      'listFilesInChangeRequestById',
      'listPageLinksInChangeRequest',
      'listPageLinksInSpace',
      'listSpaceFileBacklinks',
      'listSpaceLinks',
      'searchSpaceContent',
    ]);
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(() => prepare(row.op, row.ok)).not.toThrow();
    expect(() => prepare(row.op, row.bad)).toThrow(row.message);
  });

  it('sends what it validated: typed query values from URL strings, absent query stays absent', () => {
    const req = prepare(spaces.search, { query: { query: 'install', limit: '20' } });
    expect(req.query).toEqual({ query: 'install', limit: 20 });
    expect(prepare(content.getRevision, {}).query).toBeUndefined();
    expect(prepare(comments.list, { query: { authors: 'u1' } }).query).toEqual({ authors: ['u1'] });
  });

  it('refuses a missing path parameter', () => {
    expect(() => client.prepare(content.getPage, { spaceId: 's' })).toThrow('pageId: required');
  });
});
