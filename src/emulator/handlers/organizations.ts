import type { Handlers } from '../types.js';
import { badRequest, listed } from '../types.js';
import { isMember, organizationsOf } from '../access.js';
import { getOrganization, presentOrganization, type OrganizationDoc } from '../domain/organizations.js';
import { pageOrdered } from '../domain/ordered-list.js';
import { searchOrganization } from '../domain/search.js';

export const organizationHandlers = {
  listOrganizationsForAuthenticatedUser: ({ ctx, caller, query: q }) => {
    const page = ctx.store.list<OrganizationDoc>('organization', {
      where: (org) => isMember(ctx.store, caller.userId, org.id),
      page: q.page,
      limit: q.limit,
    });
    return listed(page, (org) => presentOrganization(ctx, org, caller.userId));
  },

  getOrganizationById: ({ ctx, caller, params }) => ({
    status: 200,
    body: presentOrganization(ctx, getOrganization(ctx.store, params.organizationId), caller.userId),
  }),

  updateOrganizationById: ({ ctx, caller, params, body: patch }) => {
    const org = getOrganization(ctx.store, params.organizationId);
    const next: OrganizationDoc = { ...org };
    if (patch.title !== undefined) next.title = patch.title;
    if (patch.emailDomains !== undefined) next.emailDomains = [...new Set(patch.emailDomains.map((d) => d.toLowerCase()))];
    if (patch.hostname !== undefined) {
      const taken = ctx.store.find<OrganizationDoc>('organization', (o) => o.id !== org.id && o.hostname === patch.hostname);
      if (taken) throw badRequest(`body.hostname: "${patch.hostname}" is already used by another organization`);
      next.hostname = patch.hostname;
    }
    if (patch.defaultRole !== undefined) next.defaultRole = patch.defaultRole;
    if (patch.defaultContent === null) delete next.defaultContent;
    else if (patch.defaultContent !== undefined) {
      const site = ctx.store.get<{ id: string; organization: string }>('site', patch.defaultContent.site);
      if (!site || site.organization !== org.id) {
        throw badRequest(
          `Invalid default content space or collection provided: body.defaultContent.site: no site "${patch.defaultContent.site}" in this organization`,
        );
      }
      next.defaultContent = { type: 'site', site: site.id };
    }
    if (patch.logo === null) delete next._logo;
    else if (patch.logo !== undefined) next._logo = patch.logo;
    if (patch.sso !== undefined) next.sso = patch.sso;
    if (patch.ai !== undefined) next.ai = patch.ai;
    if (patch.inviteLinks !== undefined) next.inviteLinks = patch.inviteLinks;
    ctx.store.put('organization', next);
    return { status: 200, body: presentOrganization(ctx, next, caller.userId) };
  },

  deleteOrganizationInviteById: ({ ctx, params }) => {
    const invite = ctx.store.get<{ id: string; organization: string }>('invite', params.inviteId);
    if (invite && invite.organization === params.organizationId) ctx.store.delete('invite', invite.id);
    return { status: 204 };
  },

  searchOrganizationContent: ({ ctx, params, query: q }) => {
    if (q.query === undefined || q.query.trim() === '') throw badRequest('query: required');
    const results = searchOrganization(ctx.store, params.organizationId, q.query, ctx.baseUrl);
    return { status: 200, body: pageOrdered(results, q.page, q.limit) };
  },

  getOrganizationsForEmailDomain: ({ ctx, caller, params }) => {
    const domain = params.emailDomain.toLowerCase();
    const organizations = organizationsOf(ctx.store, caller.userId)
      .map((id) => getOrganization(ctx.store, id))
      .filter((org) => org.emailDomains.some((d) => d.toLowerCase() === domain))
      .map((org) => presentOrganization(ctx, org, caller.userId));
    return { status: 200, body: { organizations } };
  },
} satisfies Partial<Handlers>;
