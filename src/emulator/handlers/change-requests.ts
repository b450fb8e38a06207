import {
  createChangeRequest,
  mergeChangeRequest,
  updateChangeRequestFromMain,
  type ChangeRequestDoc,
  type ChangeRequestStatus,
} from '../domain/change-requests.js';
import { findPage, getRevision } from '../domain/revisions.js';
import { badRequest, conflict, type HandlerTable } from '../types.js';
import { changeRequestOf, ok, showChangeRequest, spaceOf, type Req } from './content-common.js';

/** Change requests: numbered per space, addressed by id or number; merge and update-from-main are three-way merges by page. */

export const changeRequestHandlers: HandlerTable = {
  listChangeRequestsForSpace: (req: Req) => {
    const space = spaceOf(req);
    const query = req.query as { page?: string; limit?: number; status?: ChangeRequestStatus; contributor?: string };
    const status = query.status ?? 'open';
    const result = req.ctx.store.list<ChangeRequestDoc>('changeRequest', {
      parent: space.id,
      where: (cr) => cr.status === status && (query.contributor === undefined || cr._contributors.includes(query.contributor)),
      ...(query.page !== undefined ? { page: query.page } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
    });
    return ok({ ...result, items: result.items.map((cr) => showChangeRequest(req, cr, space)) });
  },

  createChangeRequest: (req: Req) => {
    const space = spaceOf(req);
    const body = (req.body ?? {}) as { subject?: string; agentTaskId?: string };
    const cr = createChangeRequest(req.ctx.store, space, {
      createdBy: req.caller.userId,
      now: req.ctx.now(),
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(body.agentTaskId !== undefined ? { agentTaskId: body.agentTaskId } : {}),
    });
    return ok(showChangeRequest(req, cr, spaceOf(req)), 201);
  },

  getChangeRequestById: (req: Req) => {
    const space = spaceOf(req);
    return ok(showChangeRequest(req, changeRequestOf(req, space), space));
  },

  updateChangeRequestById: (req: Req) => {
    const space = spaceOf(req);
    const cr = changeRequestOf(req, space);
    const body = (req.body ?? {}) as { subject?: string; status?: ChangeRequestStatus };
    if (body.status !== undefined && cr.status === 'merged' && body.status !== cr.status) {
      throw conflict(`Change request #${cr.number} is merged; its status cannot change`);
    }
    const next: ChangeRequestDoc = { ...cr };
    if (body.subject !== undefined) next.subject = body.subject;
    if (body.status !== undefined) next.status = body.status;
    if (JSON.stringify(next) !== JSON.stringify(cr)) next.updatedAt = req.ctx.now().toISOString();
    return ok(showChangeRequest(req, req.ctx.store.put('changeRequest', next), space));
  },

  mergeChangeRequest: (req: Req) => {
    const space = spaceOf(req);
    return ok(mergeChangeRequest(req.ctx.store, space, changeRequestOf(req, space), req.ctx.now()));
  },

  updateChangeRequest: (req: Req) => {
    const space = spaceOf(req);
    return ok(updateChangeRequestFromMain(req.ctx.store, space, changeRequestOf(req, space), req.ctx.now()));
  },

  getChangeRequestPDF: (req: Req) => {
    const space = spaceOf(req);
    const cr = changeRequestOf(req, space);
    const query = req.query as { only?: boolean; page?: string };
    if (query.page !== undefined && !findPage(getRevision(req.ctx.store, cr.revision).pages, query.page)) {
      throw badRequest(`page: no page ${query.page} in change request #${cr.number}`);
    }
    const params = new URLSearchParams();
    if (query.page) params.set('page', query.page);
    if (query.only) params.set('only', 'true');
    const suffix = params.size > 0 ? `?${params.toString()}` : '';
    return ok({ url: `${req.ctx.baseUrl}/_emulator/pdf/${space.id}/${cr.id}${suffix}` });
  },
};
