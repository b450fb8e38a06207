import type { Match } from '../store/store.js';
import type { Handlers, QueryOf } from '../types.js';
import { conflict, listed } from '../types.js';
import { memberOf, type MemberDoc } from '../access.js';
import { visitorClaims } from '../auth.js';
import {
  adminCount,
  getMember,
  MemberCounts,
  presentMember,
  presentTeam,
  removeFromTeams,
  teamMemberDocId,
  type TeamDoc,
  type TeamMemberDoc,
} from '../domain/organizations.js';
import { presentSpace, type SpaceDoc } from '../domain/spaces.js';

const LAST_ADMIN = 'An organization must keep at least one admin: make another member admin first';

/**
 * The list's filters as conditions the store checks without parsing documents (and their users, for
 * `search`): an organization of 100 000 members pages and counts a filtered list without parsing every document.
 */
function memberMatch(q: QueryOf<'listMembersInOrganizationById'>): Match | undefined {
  const needle = q.search?.trim();
  const match: Match = {
    ...(q.role === undefined ? {} : { fields: { role: q.role === 'guest' ? null : q.role } }),
    ...(needle ? { linked: { field: 'userId', kind: 'user', in: ['displayName', 'email'], contains: needle } } : {}),
  };
  return match.fields || match.linked ? match : undefined;
}

export const memberHandlers = {
  listMembersInOrganizationById: ({ ctx, params, query: q }) => {
    const orgId = params.organizationId;
    const match = memberMatch(q);
    // Members are stored in the order they joined, so insertion order is joinedAt order;
    // `lastSeenAt` lists only members seen at least once.
    const page = ctx.store.list<MemberDoc>('member', {
      parent: orgId,
      order: q.order ?? 'desc',
      ...(match ? { match } : {}),
      ...(q.sort === 'lastSeenAt' ? { sortBy: '$.lastSeenAt' } : {}),
      page: q.page,
      limit: q.limit,
    });
    const counts = new MemberCounts(ctx.store, orgId);
    return listed(page, (m) => presentMember(ctx, m, counts));
  },

  getMemberInOrganizationById: ({ ctx, params }) => ({
    status: 200,
    body: presentMember(ctx, getMember(ctx.store, params.organizationId, params.userId)),
  }),

  updateMemberInOrganizationById: ({ ctx, params, body }) => {
    const member = getMember(ctx.store, params.organizationId, params.userId);
    const role = body.role;
    if (role === undefined || role === member.role) return { status: 200, body: presentMember(ctx, member) };
    if (member.role === 'admin' && adminCount(ctx.store, params.organizationId) <= 1) throw conflict(LAST_ADMIN);
    const next = ctx.store.put('member', { ...member, role });
    return { status: 200, body: presentMember(ctx, next) };
  },

  removeMemberFromOrganizationById: ({ ctx, params }) => {
    const member = memberOf(ctx.store, params.organizationId, params.userId);
    if (member) {
      if (member.role === 'admin' && adminCount(ctx.store, params.organizationId) <= 1) throw conflict(LAST_ADMIN);
      removeFromTeams(ctx.store, params.organizationId, params.userId);
      ctx.store.delete('member', member.id);
    }
    return { status: 204 };
  },

  updateOrganizationMemberLastSeenAt: ({ ctx, caller, params }) => {
    const member = getMember(ctx.store, params.organizationId, caller.userId);
    const now = ctx.now();
    ctx.store.put('member', { ...member, lastSeenAt: now.toISOString() });
    const claims = visitorClaims(ctx.store, {
      sub: caller.userId,
      organization: params.organizationId,
      role: member.role,
      iat: Math.floor(now.getTime() / 1000),
    });
    // The contract names it `serviceVisitorClaims`; the spec `gitbookVisitorClaims`: send both.
    return { status: 200, body: { serviceVisitorClaims: claims, gitbookVisitorClaims: claims } };
  },

  setUserAsSSOMemberForOrganization: ({ ctx, params }) => {
    const member = getMember(ctx.store, params.organizationId, params.userId);
    const next = member.sso ? member : ctx.store.put('member', { ...member, sso: true });
    return { status: 200, body: presentMember(ctx, next) };
  },

  listSpacesForOrganizationMember: ({ ctx, params, query: q, access }) => {
    const member = getMember(ctx.store, params.organizationId, params.userId);
    const role = member.role;
    const page = ctx.store.list<SpaceDoc>('space', {
      parent: params.organizationId,
      order: q.order ?? 'desc',
      // A guest reaches no space through the organization; everyone else reaches every live space.
      where: (space) => role !== null && !space.deletedAt,
      page: q.page,
      limit: q.limit,
    });
    return {
      status: 200,
      body: {
        ...page,
        items: page.items.map((space) => ({ permission: role, space: presentSpace(ctx.store, space, access?.role, ctx.baseUrl) })),
      },
    };
  },

  listTeamsForOrganizationMember: ({ ctx, caller, params, query: q }) => {
    getMember(ctx.store, params.organizationId, params.userId);
    const needle = q.title?.toLowerCase();
    const page = ctx.store.list<TeamDoc>('team', {
      parent: params.organizationId,
      where: (team) =>
        ctx.store.get('teamMember', teamMemberDocId(team.id, params.userId)) !== undefined &&
        (needle === undefined || team.title.toLowerCase().includes(needle)),
      page: q.page,
      limit: q.limit,
    });
    return {
      status: 200,
      body: {
        ...page,
        items: page.items.map((team) => ({
          team: presentTeam(ctx, team, caller.userId),
          member: { role: ctx.store.get<TeamMemberDoc>('teamMember', teamMemberDocId(team.id, params.userId))?.role ?? 'member' },
        })),
      },
    };
  },
} satisfies Partial<Handlers>;
