import type { EmulatorContext, Handlers } from '../types.js';
import { badRequest, listed } from '../types.js';
import { memberOf } from '../access.js';
import {
  findMemberByIdOrEmail,
  getMember,
  getTeam,
  MemberCounts,
  presentMember,
  presentTeam,
  teamMemberDocId,
  type TeamDoc,
  type TeamMemberDoc,
} from '../domain/organizations.js';

type TeamRole = TeamMemberDoc['role'];

/** Resolve user ids or e-mail addresses to members of the organization, or 400 naming the field. */
function resolveUsers(ctx: EmulatorContext, orgId: string, field: string, entries: readonly string[]): string[] {
  return entries.map((entry, i) => {
    const member = findMemberByIdOrEmail(ctx.store, orgId, entry);
    if (!member) throw badRequest(`${field}.${i}: "${entry}" is not a member of the organization`);
    return member.userId;
  });
}

function putTeamMember(ctx: EmulatorContext, teamId: string, userId: string, role: TeamRole | undefined): void {
  const id = teamMemberDocId(teamId, userId);
  const existing = ctx.store.get<TeamMemberDoc>('teamMember', id);
  if (existing) {
    if (role !== undefined && role !== existing.role) ctx.store.put('teamMember', { ...existing, role });
  } else {
    ctx.store.insert<TeamMemberDoc>('teamMember', { id, team: teamId, userId, role: role ?? 'member' }, teamId);
  }
}

export const teamHandlers = {
  listTeamsInOrganizationById: ({ ctx, caller, params, query: q }) => {
    const orgId = params.organizationId;
    const needle = q.title?.toLowerCase();
    // `owner`: the teams that member can manage (all of them for an admin, else those they own).
    const ownerRole = q.owner === undefined ? undefined : memberOf(ctx.store, orgId, q.owner)?.role;
    const manages = (team: TeamDoc) =>
      q.owner === undefined ||
      ownerRole === 'admin' ||
      ctx.store.get<TeamMemberDoc>('teamMember', teamMemberDocId(team.id, q.owner))?.role === 'owner';
    const where =
      needle === undefined && q.owner === undefined
        ? undefined
        : (team: TeamDoc) => manages(team) && (needle === undefined || team.title.toLowerCase().includes(needle));
    const page = ctx.store.list<TeamDoc>('team', { parent: orgId, where, page: q.page, limit: q.limit });
    return listed(page, (team) => presentTeam(ctx, team, caller.userId));
  },

  createOrganizationTeam: ({ ctx, caller, params, body: input }) => {
    const orgId = params.organizationId;
    const userIds = resolveUsers(ctx, orgId, 'body.members', input.members ?? []);
    const team: TeamDoc = {
      id: ctx.store.newId('team'),
      object: 'team',
      title: input.title,
      createdAt: ctx.now().toISOString(),
      organization: orgId,
    };
    ctx.store.insert('team', team, orgId);
    for (const userId of new Set(userIds)) putTeamMember(ctx, team.id, userId, 'member');
    return { status: 201, body: presentTeam(ctx, team, caller.userId) };
  },

  getTeamInOrganizationById: ({ ctx, caller, params }) => ({
    status: 200,
    body: presentTeam(ctx, getTeam(ctx.store, params.organizationId, params.teamId), caller.userId),
  }),

  updateTeamInOrganizationById: ({ ctx, caller, params, body }) => {
    const team = getTeam(ctx.store, params.organizationId, params.teamId);
    const next = ctx.store.put('team', { ...team, title: body.title });
    return { status: 200, body: presentTeam(ctx, next, caller.userId) };
  },

  removeTeamFromOrganizationById: ({ ctx, params }) => {
    const team = ctx.store.get<TeamDoc>('team', params.teamId);
    if (team && team.organization === params.organizationId) {
      for (const tm of ctx.store.all('teamMember', team.id)) ctx.store.delete('teamMember', tm.id);
      // SAML providers that put new members in this team stop doing so.
      for (const provider of ctx.store.all<{ id: string; defaultTeam?: string }>('samlProvider', params.organizationId)) {
        if (provider.defaultTeam === team.id) {
          const { defaultTeam: _gone, ...rest } = provider;
          ctx.store.put('samlProvider', rest);
        }
      }
      ctx.store.delete('team', team.id);
    }
    return { status: 204 };
  },

  listTeamMembersInOrganizationById: ({ ctx, params, query: q }) => {
    const team = getTeam(ctx.store, params.organizationId, params.teamId);
    const page = ctx.store.list<TeamMemberDoc>('teamMember', { parent: team.id, page: q.page, limit: q.limit });
    const counts = new MemberCounts(ctx.store, params.organizationId);
    const items = page.items.flatMap((tm) => {
      const member = memberOf(ctx.store, params.organizationId, tm.userId);
      return member ? [{ organization: presentMember(ctx, member, counts), team: { role: tm.role }, permissions: { view: true } }] : [];
    });
    return { status: 200, body: { ...page, items } };
  },

  updateMembersInOrganizationTeam: ({ ctx, params, body: input }) => {
    const orgId = params.organizationId;
    const team = getTeam(ctx.store, orgId, params.teamId);
    const add = resolveUsers(ctx, orgId, 'body.add', input.add ?? []);
    // Removing someone who is not in the organization (any more) is not an error: the result holds.
    const remove = new Set((input.remove ?? []).map((entry) => findMemberByIdOrEmail(ctx.store, orgId, entry)?.userId ?? entry));
    const memberships = input.memberships ?? {};
    for (const userId of Object.keys(memberships)) {
      const inTeam = ctx.store.get('teamMember', teamMemberDocId(team.id, userId)) !== undefined;
      if (!remove.has(userId) && !inTeam && !add.includes(userId)) {
        throw badRequest(`body.memberships.${userId}: not a member of the team (add them in "add")`);
      }
    }
    // A user in both `add` and `remove` is removed (contract).
    for (const userId of remove) ctx.store.delete('teamMember', teamMemberDocId(team.id, userId));
    for (const userId of add) if (!remove.has(userId)) putTeamMember(ctx, team.id, userId, memberships[userId]?.role ?? 'member');
    for (const [userId, { role }] of Object.entries(memberships)) {
      if (!remove.has(userId)) putTeamMember(ctx, team.id, userId, role);
    }
    return { status: 204 };
  },

  addMemberToOrganizationTeamById: ({ ctx, params, body }) => {
    const team = getTeam(ctx.store, params.organizationId, params.teamId);
    getMember(ctx.store, params.organizationId, params.userId);
    putTeamMember(ctx, team.id, params.userId, body?.role);
    return { status: 204 };
  },

  deleteMemberFromOrganizationTeamById: ({ ctx, params }) => {
    const team = ctx.store.get<TeamDoc>('team', params.teamId);
    if (team && team.organization === params.organizationId) ctx.store.delete('teamMember', teamMemberDocId(team.id, params.userId));
    return { status: 204 };
  },
} satisfies Partial<Handlers>;
