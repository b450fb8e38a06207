import type { Store } from '../store/store.js';
import type { HandlerTable } from '../types.js';
import { conflict } from '../types.js';
import { memberOf, type MemberDoc, type MemberRole } from '../access.js';
import { visitorClaims, type UserDoc } from '../auth.js';
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
import { pageOrdered } from '../domain/ordered-list.js';
import { presentSpace, type SpaceDoc } from '../domain/spaces.js';

interface MemberListQuery {
  page?: string;
  limit?: number;
  order?: 'asc' | 'desc';
  role?: 'admin' | 'create' | 'edit' | 'review' | 'comment' | 'read' | 'guest';
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt';
}

const LAST_ADMIN = 'An organization must keep at least one admin: make another member admin first';

function memberFilter(ctx: { store: Store }, q: MemberListQuery): ((m: MemberDoc) => boolean) | undefined {
  const checks: ((m: MemberDoc) => boolean)[] = [];
  if (q.role !== undefined) {
    const wanted: MemberRole = q.role === 'guest' ? null : q.role;
    checks.push((m) => m.role === wanted);
  }
  const needle = q.search?.trim().toLowerCase();
  if (needle) {
    checks.push((m) => {
      const user = ctx.store.get<UserDoc>('user', m.userId);
      return !!user && (user.displayName.toLowerCase().includes(needle) || (user.email?.toLowerCase().includes(needle) ?? false));
    });
  }
  if (q.sort === 'lastSeenAt') checks.push((m) => m.lastSeenAt !== undefined);
  return checks.length === 0 ? undefined : (m) => checks.every((check) => check(m));
}

export const memberHandlers: HandlerTable = {
  listMembersInOrganizationById: ({ ctx, params, query }) => {
    const q = query as MemberListQuery;
    const orgId = params.organizationId;
    const where = memberFilter(ctx, q);
    const order = q.order ?? 'desc';
    let page;
    if (q.sort === 'lastSeenAt') {
      // Only members seen at least once, most recent first by default.
      const seen = ctx.store.all<MemberDoc>('member', orgId).filter(where ?? (() => true));
      seen.sort((a, b) => (a.lastSeenAt ?? '').localeCompare(b.lastSeenAt ?? '') * (order === 'asc' ? 1 : -1));
      page = pageOrdered(seen, q.page, q.limit);
    } else {
      // Members are stored in the order they joined, so insertion order is joinedAt order.
      page = ctx.store.list<MemberDoc>('member', { parent: orgId, order, where, page: q.page, limit: q.limit });
    }
    const counts = new MemberCounts(ctx.store, orgId);
    return { status: 200, body: { ...page, items: page.items.map((m) => presentMember(ctx, m, counts)) } };
  },

  getMemberInOrganizationById: ({ ctx, params }) => ({
    status: 200,
    body: presentMember(ctx, getMember(ctx.store, params.organizationId, params.userId)),
  }),

  updateMemberInOrganizationById: ({ ctx, params, body }) => {
    const member = getMember(ctx.store, params.organizationId, params.userId);
    const role = (body as { role?: MemberRole }).role;
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

  listSpacesForOrganizationMember: ({ ctx, params, query, access }) => {
    const q = query as MemberListQuery;
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

  listTeamsForOrganizationMember: ({ ctx, caller, params, query }) => {
    const q = query as { page?: string; limit?: number; title?: string };
    getMember(ctx.store, params.organizationId, params.userId);
    const needle = q.title?.toLowerCase();
    const page = ctx.store.list<TeamDoc>('team', {
      parent: params.organizationId,
      where: (team) =>
        ctx.store.get('teamMember', teamMemberDocId(team.id, params.userId)) !== undefined && (needle === undefined || team.title.toLowerCase().includes(needle)),
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
};

