import type { UserDoc } from '../auth.js';
import { presentGitSync, withoutCredentials, type GitInfoDoc } from '../domain/git-info.js';
import { readRepository, reuseIds, writeRepository } from '../domain/git.js';
import { indexLinks } from '../domain/links.js';
import { buildFile, buildPages, createRevision, fileBytes, getRevision } from '../domain/revisions.js';
import { assertEditable, setSpaceRevision } from '../domain/spaces.js';
import { HttpError, type BodyOf, type Handlers } from '../types.js';
import { deleteIdempotently, spaceOf, type Req } from './content-common.js';

/**
 * Git sync with local repositories (paths, file:// URLs) inside the emulator's files root. Import
 * and export run to completion before answering 204, so a client that reads the space or the
 * repository right after sees the result. The repository URL is remembered (credentials included) but only shown without them.
 */

/** What import and export both send about the repository. */
type GitBody = BodyOf<'importGitRepository'> | BodyOf<'exportToGitRepository'>;

const INTEGRATIONS = { github: 'github-sync', gitlab: 'gitlab-sync' } as const;

function repoName(url: string): string {
  const clean = withoutCredentials(url)
    .replace(/[/\\]+$/, '')
    .replace(/\.git$/, '');
  return clean.split(/[/\\]/).pop() || clean;
}

/** Remember the repository a space is synced with (the credentials stay internal). */
function recordGitInfo(req: Req, spaceId: string, body: GitBody): void {
  const { store } = req.ctx;
  const provider = body.gitInfo?.provider;
  const info: GitInfoDoc = {
    id: spaceId,
    repoName: repoName(body.url),
    integration: provider ? INTEGRATIONS[provider] : 'git-sync',
    url: withoutCredentials(body.gitInfo?.url ?? body.repoTreeURL ?? body.url),
    updatedAt: req.ctx.now().toISOString(),
    _remote: body.url,
  };
  if (provider) info.installationProvider = provider;
  if (store.get('gitInfo', spaceId)) store.put('gitInfo', info);
  else store.insert('gitInfo', info, spaceId);
}

export const gitHandlers = {
  importGitRepository: async (req) => {
    const space = spaceOf(req);
    const { body } = req;
    if (!body.standalone) assertEditable(space, 'imported into');
    const repo = await readRepository(req.ctx.host, body.url, body.ref, body.repoProjectDirectory);
    const { store } = req.ctx;
    const now = req.ctx.now();
    const at = now.toISOString();
    const current = getRevision(store, space.revision);
    const revision = createRevision(store, {
      space: space.id,
      parents: [current.id],
      pages: reuseIds(buildPages(store, repo.pages, at), current.pages),
      files: repo.files.map((f) => buildFile(store, f)),
      createdAt: at,
      type: 'edits',
      git: { oid: repo.commit, message: repo.message, createdByService: false, ref: body.ref },
    });
    if (!body.standalone) {
      setSpaceRevision(store, space, revision.id, now);
      indexLinks(store, revision, { baseUrl: req.ctx.baseUrl, organization: space.organization, space: space.id });
    }
    recordGitInfo(req, space.id, body);
    return { status: 204 };
  },

  exportToGitRepository: async (req) => {
    const space = spaceOf(req);
    const { body } = req;
    const { store } = req.ctx;
    const revision = getRevision(store, space.revision);
    const user = store.get<UserDoc>('user', req.caller.userId);
    const files = revision.files.map((f) => ({ ...f, _content: fileBytes(store, f).toString('base64') }));
    await writeRepository(
      req.ctx.host,
      body.url,
      body.ref,
      { pages: revision.pages, files },
      {
        message: body.commitMessage ?? 'Update from the documentation service',
        author: { name: user?.displayName ?? req.caller.userId, email: user?.email ?? `${req.caller.userId}@users.noreply.local` },
        now: req.ctx.now(),
        ...(body.repoProjectDirectory !== undefined ? { projectDirectory: body.repoProjectDirectory } : {}),
        ...(body.force !== undefined ? { force: body.force } : {}),
      },
    );
    recordGitInfo(req, space.id, body);
    return { status: 204 };
  },

  getSpaceGitInfo: (req) => {
    const space = spaceOf(req);
    const info = req.ctx.store.get<GitInfoDoc>('gitInfo', space.id);
    if (!info) throw new HttpError(404, 'No Git provider currently set up on the space');
    return { status: 200, body: presentGitSync(info) };
  },

  deleteLegacyGitInstallation: (req) =>
    deleteIdempotently(() => {
      const space = spaceOf(req);
      const info = req.ctx.store.get<GitInfoDoc>('gitInfo', space.id);
      // Only a legacy (github-legacy) installation is removed; a current Git sync stays.
      if (info?.installationProvider === 'github-legacy') req.ctx.store.delete('gitInfo', space.id);
      return { status: 204 };
    }),
} satisfies Partial<Handlers>;
