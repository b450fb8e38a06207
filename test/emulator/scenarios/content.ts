import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scenarios, World } from './types.js';

/**
 * Spaces, space content, change requests (and their content), comments and Git sync: a successful
 * call of each, on the demo seed ("Getting Started" space with change request #1 and comments).
 */

let workdir: string | undefined;
/** The directory of the fixtures below, made once per run: the scenario emulators' files root. */
export function fixturesRoot(): string {
  if (!workdir) {
    workdir = mkdtempSync(join(tmpdir(), 'scenario-content-'));
    process.once('exit', () => rmSync(workdir as string, { recursive: true, force: true }));
  }
  return workdir;
}
let made = false;
/** A markdown file, a Git repository to import from and a bare one to export to, made once per run. */
function fixtures(): { markdown: string; repo: string; bare: string } {
  const workdir = fixturesRoot();
  if (!made) {
    made = true;
    writeFileSync(join(workdir, 'notes.md'), '# Release notes\n\nVersion 2.\n');
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd });
    const repo = join(workdir, 'repo');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    writeFileSync(join(repo, 'README.md'), '# Welcome\n\nFrom Git.\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'Docs');
    mkdirSync(join(workdir, 'export.git'));
    git(join(workdir, 'export.git'), 'init', '-q', '--bare');
  }
  return { markdown: pathToFileURL(join(workdir, 'notes.md')).href, repo: join(workdir, 'repo'), bare: join(workdir, 'export.git') };
}

type Doc = { id: string; _changeRequest?: string; _comment?: string; _postedBy?: string };

/** The demo's comment on the space itself, or the one inside change request #1. */
function demoComment({ store, demo }: World, inChangeRequest: boolean): string {
  const comment = store.all<Doc>('comment', demo.spaces.guides).find((c) => (c._changeRequest !== undefined) === inChangeRequest);
  if (!comment) throw new Error('the demo seed has no such comment');
  return comment.id;
}

/** Make the caller the author, so that the author-only operations (delete, edit) apply to them. */
function authoredByCaller(world: World, kind: 'comment' | 'commentReply', id: string): string {
  world.store.patch<Doc>(kind, id, { _postedBy: world.caller.userId });
  return id;
}

async function spaceReply(world: World): Promise<{ commentId: string; commentReplyId: string }> {
  const commentId = demoComment(world, false);
  const res = await world.admin('POST', `/v1/spaces/${world.demo.spaces.guides}/comments/${commentId}/replies`, {
    body: { body: { markdown: 'Agreed.' } },
  });
  return { commentId, commentReplyId: res.body.id as string };
}

const space = (world: World) => ({ spaceId: world.demo.spaces.guides });
const cr = (world: World) => ({ spaceId: world.demo.spaces.guides, changeRequestId: '1' });

export const scenarios: Scenarios = {
  getSpaceById: (w) => ({ params: space(w) }),
  deleteSpaceById: (w) => ({ params: { spaceId: w.demo.spaces.handbook } }),
  updateSpaceById: (w) => ({ params: space(w), body: { title: 'Start here', emoji: '📗', editMode: 'live' } }),
  duplicateSpace: (w) => ({ params: space(w) }),
  restoreSpace: async (w) => {
    await w.admin('DELETE', `/v1/spaces/${w.demo.spaces.handbook}`);
    return { params: { spaceId: w.demo.spaces.handbook } };
  },
  moveSpace: (w) => ({ params: { spaceId: w.demo.spaces.handbook }, body: { parent: w.demo.collections.guides } }),
  transferSpace: ({ demo, store, caller }) => {
    // The receiving organization must count the caller among its admins; the handbook is in no site.
    const id = `${demo.otherOrg}:${caller.userId}`;
    if (!store.get('member', id))
      store.insert(
        'member',
        { id, organization: demo.otherOrg, userId: caller.userId, role: 'admin', joinedAt: '2025-01-01T00:00:00.000Z' },
        demo.otherOrg,
      );
    return { params: { spaceId: demo.spaces.handbook }, body: { organization: demo.otherOrg } };
  },
  listSpaceLinks: (w) => ({ params: space(w), query: { status: 'ok' } }),
  searchSpaceContent: (w) => ({ params: space(w), query: { query: 'install' } }),

  getCurrentRevision: (w) => ({ params: space(w) }),
  importContent: (w) => ({ params: space(w), body: { source: 'markdown', url: fixtures().markdown } }),
  applyTemplateToSpace: (w) => ({ params: space(w), body: { id: 'product-docs' } }),
  listPages: (w) => ({ params: space(w) }),
  listFiles: (w) => ({ params: space(w) }),
  getFileById: (w) => ({ params: { ...space(w), fileId: 'file_logo' } }),
  listSpaceFileBacklinks: (w) => ({ params: { ...space(w), fileId: 'file_logo' } }),
  getPageById: (w) => ({ params: { ...space(w), pageId: 'page_quickstart' }, query: { format: 'document' } }),
  listPageLinksInSpace: (w) => ({ params: { ...space(w), pageId: 'page_welcome' } }),

  listChangeRequestsForSpace: (w) => ({ params: space(w), query: { status: 'open' } }),
  createChangeRequest: (w) => ({ params: space(w), body: { subject: 'Fix typos' } }),
  getChangeRequestById: (w) => ({ params: cr(w) }),
  updateChangeRequestById: (w) => ({ params: cr(w), body: { subject: 'Document Windows and WSL', status: 'open' } }),
  mergeChangeRequest: (w) => ({ params: cr(w) }),
  updateChangeRequest: (w) => ({ params: cr(w) }),
  getChangeRequestPDF: (w) => ({ params: cr(w), query: { page: 'page_quickstart' } }),

  getRevisionOfChangeRequestById: (w) => ({ params: cr(w) }),
  importContentInChangeRequest: (w) => ({ params: cr(w), body: { source: 'markdown', url: fixtures().markdown } }),
  listPagesInChangeRequest: (w) => ({ params: cr(w) }),
  listFilesInChangeRequestById: (w) => ({ params: cr(w) }),
  getFileInChangeRequestById: (w) => ({ params: { ...cr(w), fileId: 'file_logo' } }),
  listChangeRequestFileBacklinks: (w) => ({ params: { ...cr(w), fileId: 'file_logo' } }),
  getPageInChangeRequestById: (w) => ({ params: { ...cr(w), pageId: 'page_installation' } }),
  listPageLinksInChangeRequest: (w) => ({ params: { ...cr(w), pageId: 'page_welcome' } }),

  listCommentsInSpace: (w) => ({ params: space(w), query: { status: 'open', order: 'asc' } }),
  postCommentInSpace: (w) => ({ params: space(w), body: { page: 'page_quickstart', body: { markdown: 'Add a screenshot?' } } }),
  getCommentInSpace: (w) => ({ params: { ...space(w), commentId: demoComment(w, false) } }),
  updateCommentInSpace: (w) => ({
    params: { ...space(w), commentId: demoComment(w, false) },
    body: { resolved: true, addedReactions: ['👍'] },
  }),
  deleteCommentInSpace: (w) => ({ params: { ...space(w), commentId: authoredByCaller(w, 'comment', demoComment(w, false)) } }),
  postCommentReplyInSpace: (w) => ({
    params: { ...space(w), commentId: demoComment(w, false) },
    body: { body: { markdown: 'Good point.' } },
  }),
  getCommentReplyInSpace: async (w) => ({ params: { ...space(w), ...(await spaceReply(w)) } }),
  updateCommentReplyInSpace: async (w) => ({ params: { ...space(w), ...(await spaceReply(w)) }, body: { addedReactions: ['🎉'] } }),
  deleteCommentReplyInSpace: async (w) => {
    const ids = await spaceReply(w);
    authoredByCaller(w, 'commentReply', ids.commentReplyId);
    return { params: { ...space(w), ...ids } };
  },

  listCommentsInChangeRequest: (w) => ({ params: cr(w) }),
  postCommentInChangeRequest: (w) => ({ params: cr(w), body: { page: 'page_installation', body: { markdown: 'Mention ARM builds.' } } }),
  getCommentInChangeRequest: (w) => ({ params: { ...cr(w), commentId: demoComment(w, true) }, query: { format: 'markdown' } }),
  updateCommentInChangeRequest: (w) => ({ params: { ...cr(w), commentId: demoComment(w, true) }, body: { resolved: true } }),
  deleteCommentInChangeRequest: (w) => ({ params: { ...cr(w), commentId: authoredByCaller(w, 'comment', demoComment(w, true)) } }),
  listCommentRepliesInChangeRequest: (w) => ({ params: { ...cr(w), commentId: demoComment(w, true) } }),
  postCommentReplyInChangeRequest: (w) => ({
    params: { ...cr(w), commentId: demoComment(w, true) },
    body: { body: { markdown: 'Done.' } },
  }),
  getCommentReplyInChangeRequest: (w) => {
    const commentId = demoComment(w, true);
    const reply = w.store.all<Doc>('commentReply', commentId)[0];
    if (!reply) throw new Error('the demo change request comment has no reply');
    return { params: { ...cr(w), commentId, commentReplyId: reply.id } };
  },

  importGitRepository: (w) => ({
    params: space(w),
    body: { url: fixtures().repo, ref: 'refs/heads/main', gitInfo: { provider: 'github' } },
  }),
  exportToGitRepository: (w) => ({
    params: space(w),
    body: { url: fixtures().bare, ref: 'refs/heads/docs', commitMessage: 'Export from the emulator' },
  }),
  getSpaceGitInfo: (w) => {
    w.store.insert(
      'gitInfo',
      {
        id: w.demo.spaces.guides,
        repoName: 'docs',
        integration: 'github-sync',
        installationProvider: 'github',
        url: 'https://github.com/acme/docs',
        updatedAt: '2025-06-01T00:00:00.000Z',
        _remote: 'https://github.com/acme/docs.git',
      },
      w.demo.spaces.guides,
    );
    return { params: space(w) };
  },
  deleteLegacyGitInstallation: (w) => {
    // A space still on the legacy GitHub installation: the one thing this operation removes.
    const at = w.now().toISOString();
    w.store.insert(
      'gitInfo',
      {
        id: w.demo.spaces.guides,
        repoName: 'acme/docs',
        installationProvider: 'github-legacy',
        integration: 'github',
        url: 'https://github.com/acme/docs',
        updatedAt: at,
        _remote: 'https://github.com/acme/docs',
      },
      w.demo.spaces.guides,
    );
    return { params: space(w) };
  },
};
