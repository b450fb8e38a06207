import type { MemberRole } from '../access.js';
import { presentChangeRequest, resolveChangeRequest, type ChangeRequestDoc } from '../domain/change-requests.js';
import type { Locator } from '../domain/links.js';
import { getOrganization, presentOrganization } from '../domain/organizations.js';
import { getRevision, type PresentContext, type RevisionDoc } from '../domain/revisions.js';
import { getLiveSpace, presentSpace, type SpaceDoc } from '../domain/spaces.js';
import { HttpError, type HandlerRequest } from '../types.js';

/** What the content handlers share: the space (or change request) a request is about, and how to show it. */

export type Req = HandlerRequest<Record<string, string>, Record<string, unknown>, unknown>;

export const roleOfReq = (req: Req): MemberRole | undefined => req.access?.role;

export function spaceOf(req: Req): SpaceDoc {
  return getLiveSpace(req.ctx.store, req.params.spaceId ?? '');
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

export function scopeOf(req: Req, inChangeRequest: boolean): ContentScope {
  const space = spaceOf(req);
  const changeRequest = inChangeRequest ? changeRequestOf(req, space) : undefined;
  const revision = getRevision(req.ctx.store, changeRequest?.revision ?? space.revision);
  const present: PresentContext = { baseUrl: req.ctx.baseUrl, organization: space.organization, space: space.id };
  if (changeRequest) present.changeRequest = String(changeRequest.number);
  return { space, revision, present, ...(changeRequest ? { changeRequest } : {}) };
}

/** The organization and space every ContentLocation repeats, presented once per request. */
export function locatorOf(req: Req, scope: ContentScope): Locator {
  const org = getOrganization(req.ctx.store, scope.space.organization);
  return { organization: presentOrganization(req.ctx, org, req.caller.userId), space: showSpace(req, scope.space), ctx: scope.present };
}

export const ok = (body: unknown, status = 200) => ({ status, body });

/**
 * Deletes answer 204 whether or not the target existed (contract Conventions 7), also when what
 * holds it (the space, the change request) is gone.
 */
export function deleteIdempotently(fn: () => { status: number }): { status: number } {
  try {
    return fn();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return { status: 204 };
    throw err;
  }
}
export const noContent = () => ({ status: 204 });
