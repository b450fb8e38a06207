import * as z from 'zod';
import { DateTime, openEnum, permissions, resource, ROLES, TEAM_MEMBER_ROLES, User } from './common.js';
import { Space } from './space.js';
import { lazy } from './lazy.js';

/* ---------- limits and enums (contract Member/Team resources; CONTRACT-NOTES §2, §3.1, §7.17) ---------- */

/** `order` of the member lists (`listOrder`, default `desc`). */
export const MEMBER_LIST_ORDERS = ['asc', 'desc'] as const;
export const MEMBER_SORTS = ['joinedAt', 'lastSeenAt'] as const;
/** Member list `role` filter: a role, or `guest` for members without one. */
export const MEMBER_ROLE_FILTERS = [...ROLES, 'guest'] as const;
/** `OrganizationTeamTitle`; the contract puts no bound on team titles, the spec does. */
export const TEAM_TITLE = { min: 1, max: 64 } as const;

/* ---------- request pieces ---------- */

export const TeamTitleInput = lazy(() => z.string().min(TEAM_TITLE.min).max(TEAM_TITLE.max));
export const TeamMemberRoleInput = lazy(() => z.enum(TEAM_MEMBER_ROLES));

/* ---------- responses ---------- */

export const Member = resource(() => ({
  /** null: guest. */
  role: openEnum(ROLES).nullable().optional(),
  user: User,
  disabled: z.boolean().optional(),
  joinedAt: DateTime.optional(),
  lastSeenAt: DateTime.optional(),
  sso: z.boolean().optional(),
  spaces: z.number().optional(),
  teams: z.number().optional(),
}));
export type Member = z.infer<typeof Member>;

/** A space a member can reach, with the role they hold in it. */
export const MemberSpacePermission = lazy(() =>
  z.looseObject({
    permission: openEnum(ROLES),
    space: Space,
  }),
);
export type MemberSpacePermission = z.infer<typeof MemberSpacePermission>;

export const Team = resource(() => ({
  title: z.string(),
  members: z.number().optional(),
  spaces: z.number().optional(),
  createdAt: DateTime.optional(),
  permissions: permissions(['admin', 'view']).optional(),
}));
export type Team = z.infer<typeof Team>;

const TeamMembership = lazy(() => z.looseObject({ role: openEnum(TEAM_MEMBER_ROLES) }));

/** A team a member belongs to, with their role in it. */
export const MemberTeam = lazy(() => z.looseObject({ team: Team, member: TeamMembership }));
export type MemberTeam = z.infer<typeof MemberTeam>;

/** A member of a team: the organization membership, the team role and what the caller may do. */
export const TeamMemberItem = lazy(() =>
  z.looseObject({
    organization: Member,
    team: TeamMembership,
    permissions: permissions(['view']).optional(),
  }),
);
export type TeamMemberItem = z.infer<typeof TeamMemberItem>;

/** Answer of the ping: an optional JWT with the visitor claims; the contract and the spec name it differently. */
export const PingResult = lazy(() =>
  z.looseObject({
    serviceVisitorClaims: z.string().optional(),
    gitbookVisitorClaims: z.string().optional(),
  }),
);
export type PingResult = z.infer<typeof PingResult>;
