import {
  createChangeRequest,
  editChangeRequest,
  mergeChangeRequest,
  updateChangeRequestFromMain,
  type ChangeRequestDoc,
} from '../domain/change-requests.js';
import { findPage, getRevision } from '../domain/revisions.js';
import { badRequest, type Handlers } from '../types.js';
import { changeRequestOf, showChangeRequest, spaceOf } from './content-common.js';

/** Change requests: numbered per space, addressed by id or number; merge and update-from-main are three-way merges by page. */

export const changeRequestHandlers = {
  listChangeRequestsForSpace: (req) => {
    const space = spaceOf(req);
    const { query } = req;
    const status = query.status ?? 'open';
    const result = req.ctx.store.list<ChangeRequestDoc>('changeRequest', {
      parent: space.id,
      where: (cr) => cr.status === status && (query.contributor === undefined || cr._contributors.includes(query.contributor)),
      ...(query.page !== undefined ? { page: query.page } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
    });
    return { status: 200, body: { ...result, items: result.items.map((cr) => showChangeRequest(req, cr, space)) } };
  },

  createChangeRequest: (req) => {
    const space = spaceOf(req);
    const body = req.body ?? {};
    const cr = createChangeRequest(req.ctx.store, space, {
      createdBy: req.caller.userId,
      now: req.ctx.now(),
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(body.agentTaskId !== undefined ? { agentTaskId: body.agentTaskId } : {}),
    });
    return { status: 201, body: showChangeRequest(req, cr, spaceOf(req)) };
  },

  getChangeRequestById: (req) => {
    const space = spaceOf(req);
    return { status: 200, body: showChangeRequest(req, changeRequestOf(req, space), space) };
  },

  updateChangeRequestById: (req) => {
    const space = spaceOf(req);
    const cr = editChangeRequest(req.ctx.store, changeRequestOf(req, space), req.body ?? {}, req.ctx.now());
    return { status: 200, body: showChangeRequest(req, cr, space) };
  },

  mergeChangeRequest: (req) => {
    const space = spaceOf(req);
    return { status: 200, body: mergeChangeRequest(req.ctx.store, space, changeRequestOf(req, space), req.ctx.now()) };
  },

  updateChangeRequest: (req) => {
    const space = spaceOf(req);
    return { status: 200, body: updateChangeRequestFromMain(req.ctx.store, space, changeRequestOf(req, space), req.ctx.now()) };
  },

  getChangeRequestPDF: (req) => {
    const space = spaceOf(req);
    const cr = changeRequestOf(req, space);
    const { query } = req;
    if (query.page !== undefined && !findPage(getRevision(req.ctx.store, cr.revision).pages, query.page)) {
      throw badRequest(`page: no page ${query.page} in change request #${cr.number}`);
    }
    const params = new URLSearchParams();
    if (query.page) params.set('page', query.page);
    if (query.only) params.set('only', 'true');
    const suffix = params.size > 0 ? `?${params.toString()}` : '';
    return { status: 200, body: { url: `${req.ctx.baseUrl}/_emulator/pdf/${space.id}/${cr.id}${suffix}` } };
  },
} satisfies Partial<Handlers>;
