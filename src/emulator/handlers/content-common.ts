import type { MemberRole } from '../access.js';
import { presentChangeRequest, resolveChangeRequest, type ChangeRequestDoc } from '../domain/change-requests.js';
import type { Locator } from '../domain/links.js';
import { getOrganization, presentOrganization } from '../domain/organizations.js';
import { getRevision, type PresentContext, type RevisionDoc } from '../domain/revisions.js';
import { getLiveSpace, presentSpace, type SpaceDoc } from '../domain/spaces.js';
import { HttpError, type HandlerRequest, type OperationId, type RequestBase } from '../types.js';

/** What the content handlers share: the space (or change request) a request is about, and how to show it. */

/** What the helpers below read: every path of these operations names the space, some a change request too. */
export type Req = RequestBase & { params: { spaceId: string; changeRequestId?: string } };

/**
 * A request of either variant of one operation (on the space, or in a change request): one handler
 * serves both, and the two take the same query and body schemas.
 */
export type EitherReq<InSpace extends OperationId, InChangeRequest extends OperationId> =
  HandlerRequest<InSpace> | HandlerRequest<InChangeRequest>;

export const roleOfReq = (req: RequestBase): MemberRole | undefined => req.access?.role;

export function spaceOf(req: Req): SpaceDoc {
  return getLiveSpace(req.ctx.store, req.params.spaceId);
}

export function changeRequestOf(req: Req, space: SpaceDoc): ChangeRequestDoc {
  return resolveChangeRequest(req.ctx.store, space.id, req.params.changeRequestId ?? '');
}

export const showSpace = (req: Req, space: SpaceDoc) => presentSpace(req.ctx.store, space, roleOfReq(req), req.ctx.baseUrl);

export const showChangeRequest = (req: Req, cr: ChangeRequestDoc, space: SpaceDoc) =>
  presentChangeRequest(req.ctx.store, cr, space, req.ctx.baseUrl);

/** The content a request reads: the space's current revision, or a change request's. */
export interface ContentScope {
  space: SpaceDoc;
  changeRequest?: ChangeRequestDoc;
  revision: RevisionDoc;
  present: PresentContext;
}

/** The space, change request and revision a content request reads (api/scope.ts's `scopeOf` is the client's scope). */
export function contentScopeOf(req: Req, inChangeRequest: boolean): ContentScope {
  const space = spaceOf(req);
  const changeRequest = inChangeRequest ? changeRequestOf(req, space) : undefined;
  const revision = getRevision(req.ctx.store, changeRequest?.revision ?? space.revision);
  const present: PresentContext = { baseUrl: req.ctx.baseUrl, organization: space.organization, space: space.id };
  if (changeRequest) present.changeRequest = String(changeRequest.number);
  return { space, revision, present, ...(changeRequest ? { changeRequest } : {}) };
}

/** The organization and space every ContentLocation repeats, presented once per request. */
export function locatorOf(req: Req, scope: Pick<ContentScope, 'space' | 'present'>): Locator {
  const org = getOrganization(req.ctx.store, scope.space.organization);
  return { organization: presentOrganization(req.ctx, org, req.caller.userId), space: showSpace(req, scope.space), ctx: scope.present };
}

/**
 * Deletes answer 204 whether or not the target existed (contract Conventions 7), also when what
 * holds it (the space, the change request) is gone.
 */
export function deleteIdempotently(fn: () => { status: 204 }): { status: 204 } {
  try {
    return fn();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return { status: 204 };
    throw err;
  }
}
