import { assertActive, setChangeRequestRevision } from '../domain/change-requests.js';
import { loadImport } from '../domain/import.js';
import { fileBacklinks, linkReport } from '../domain/links.js';
import { pageOrdered } from '../domain/ordered-list.js';
import {
  buildFile,
  buildPages,
  createRevision,
  findPage,
  getRevision,
  presentFile,
  presentPage,
  presentRevision,
  repath,
  type PageInput,
  type FileInput,
} from '../domain/revisions.js';
import { assertEditable, setSpaceRevision } from '../domain/spaces.js';
import { templatePages } from '../domain/templates.js';
import { listed, notFound, type Handlers } from '../types.js';
import {
  changeRequestOf,
  locatorOf,
  contentScopeOf,
  showChangeRequest,
  spaceOf,
  type ContentScope,
  type EitherReq,
  type Req,
} from './content-common.js';

/**
 * Space content and change request content: the same reads on the space's current revision or on
 * the change request's, and imports that write a new revision to one or the other.
 */

const metadata = (req: { query: { metadata?: boolean } }) => ({ metadata: req.query.metadata !== false });

function mergedFrom(req: Req, scope: ContentScope): unknown {
  const id = scope.revision._mergedFrom;
  if (!id) return undefined;
  const cr = req.ctx.store.get<Parameters<typeof showChangeRequest>[1]>('changeRequest', id);
  return cr ? showChangeRequest(req, cr, scope.space) : undefined;
}

function fileOf(req: { params: { fileId: string } }, scope: ContentScope) {
  const file = scope.revision.files.find((f) => f.id === req.params.fileId);
  if (!file) throw notFound('File');
  return file;
}

function pageOf(req: { params: { pageId: string } }, scope: ContentScope) {
  const page = findPage(scope.revision.pages, req.params.pageId);
  if (!page) throw notFound('Page');
  return page;
}

/** Append imported or templated pages and files to the content of the space or change request. */
function addContent(req: Req, inChangeRequest: boolean, pages: readonly PageInput[], files: readonly FileInput[]): string {
  const { store } = req.ctx;
  const now = req.ctx.now();
  const at = now.toISOString();
  const space = spaceOf(req);
  const cr = inChangeRequest ? changeRequestOf(req, space) : undefined;
  if (cr) assertActive(cr, 'edited');
  else assertEditable(space, 'edited');
  const current = getRevision(store, cr?.revision ?? space.revision);
  // Imports append; a page whose slug is taken at the top level gets the next free one (welcome-2),
  // so that a path names one page.
  const taken = new Set(current.pages.map((p) => p.slug));
  const added = buildPages(store, pages, at).map((page) => {
    let slug = page.slug;
    for (let n = 2; taken.has(slug); n++) slug = `${page.slug}-${n}`;
    taken.add(slug);
    return slug === page.slug ? page : { ...page, slug };
  });
  const revision = createRevision(store, {
    space: space.id,
    parents: [current.id],
    pages: repath([...current.pages, ...added]),
    files: [...current.files, ...files.map((f) => buildFile(store, f))],
    createdAt: at,
    type: 'edits',
  });
  if (cr) setChangeRequestRevision(store, cr, revision.id, req.caller.userId, now);
  else setSpaceRevision(store, space, revision.id, now);
  return revision.id;
}

async function importInto(req: EitherReq<'importContent', 'importContentInChangeRequest'>, inChangeRequest: boolean) {
  // Check the target before reaching out: a missing or locked space fails fast.
  const space = spaceOf(req);
  const cr = inChangeRequest ? changeRequestOf(req, space) : undefined;
  if (cr) assertActive(cr, 'edited');
  else assertEditable(space, 'edited');
  const { body } = req;
  const imported = await loadImport(req.ctx.host, body.source, body.url);
  const revision = addContent(req, inChangeRequest, imported.pages, imported.files);
  // The new revision is what the content operation answers now (there is no get-revision-by-id).
  const scope = cr ? `/change-requests/${cr.id}` : '';
  return {
    status: 201,
    body: { revision, importedResources: imported.importedResources, totalResources: imported.totalResources },
    headers: { location: `${req.ctx.baseUrl}/v1/spaces/${space.id}${scope}/content` },
  };
}

/** The read handlers, once for the space and once for change requests. */
function reads(inChangeRequest: boolean) {
  return {
    revision: (req: EitherReq<'getCurrentRevision', 'getRevisionOfChangeRequestById'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      return {
        status: 200,
        body: presentRevision(scope.revision, scope.present, { ...metadata(req), mergedFrom: mergedFrom(req, scope) }),
      };
    },
    pages: (req: EitherReq<'listPages', 'listPagesInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      return { status: 200, body: { pages: scope.revision.pages.map((p) => presentPage(p, scope.present, metadata(req))) } };
    },
    files: (req: EitherReq<'listFiles', 'listFilesInChangeRequestById'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const page = pageOrdered(scope.revision.files, req.query.page, req.query.limit);
      return listed(page, (f) => presentFile(f, scope.present, metadata(req)));
    },
    file: (req: EitherReq<'getFileById', 'getFileInChangeRequestById'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      return { status: 200, body: presentFile(fileOf(req, scope), scope.present, metadata(req)) };
    },
    backlinks: (req: EitherReq<'listSpaceFileBacklinks', 'listChangeRequestFileBacklinks'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const items = fileBacklinks(scope.revision, fileOf(req, scope), locatorOf(req, scope));
      const page = pageOrdered(items, req.query.page, req.query.limit);
      return listed(page, (e) => e.item);
    },
    page: (req: EitherReq<'getPageById', 'getPageInChangeRequestById'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const format = req.query.format;
      return { status: 200, body: presentPage(pageOf(req, scope), scope.present, { ...metadata(req), ...(format ? { format } : {}) }) };
    },
    pageLinks: (req: EitherReq<'listPageLinksInSpace', 'listPageLinksInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      // Only the space's links filter by status (the change request's query has no `status`).
      const status = 'status' in req.query ? req.query.status : undefined;
      const report = linkReport(scope.revision, locatorOf(req, scope), {
        only: pageOf(req, scope),
        store: req.ctx.store,
        ...(status ? { status } : {}),
        ...(inChangeRequest ? { primary: getRevision(req.ctx.store, scope.space.revision) } : {}),
      });
      const page = pageOrdered(report.items, req.query.page, req.query.limit);
      return { status: 200, body: { ...page, items: page.items.map(report.present), stats: report.stats } };
    },
  };
}

const space = reads(false);
const changeRequest = reads(true);

export const contentHandlers = {
  getCurrentRevision: space.revision,
  importContent: (req) => importInto(req, false),
  applyTemplateToSpace: (req) => {
    // A missing or deleted space is a 404 whatever the template id.
    spaceOf(req);
    const pages = templatePages(req.body.id);
    addContent(req, false, pages, []);
    return { status: 201 };
  },
  listPages: space.pages,
  listFiles: space.files,
  getFileById: space.file,
  listSpaceFileBacklinks: space.backlinks,
  getPageById: space.page,
  listPageLinksInSpace: space.pageLinks,

  getRevisionOfChangeRequestById: changeRequest.revision,
  importContentInChangeRequest: (req) => importInto(req, true),
  listPagesInChangeRequest: changeRequest.pages,
  listFilesInChangeRequestById: changeRequest.files,
  getFileInChangeRequestById: changeRequest.file,
  listChangeRequestFileBacklinks: changeRequest.backlinks,
  getPageInChangeRequestById: changeRequest.page,
  listPageLinksInChangeRequest: changeRequest.pageLinks,
} satisfies Partial<Handlers>;
