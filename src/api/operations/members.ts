import * as z from 'zod';
import { defineOperation } from '../operation.js';
import { listOf, listQuery, RoleOrGuest } from '../schemas/common.js';
import {
  Member,
  MEMBER_LIST_ORDERS,
  MEMBER_ROLE_FILTERS,
  MEMBER_SORTS,
  MemberSpacePermission,
  MemberTeam,
  PingResult,
} from '../schemas/member.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}' as const;

export const members = {
  list: defineOperation({
    id: 'listMembersInOrganizationById',
    method: 'GET',
    path: `${base}/members`,
    summary: 'List the members of an organization',
    query: lazy(() =>
      listQuery({
        /** Server default `desc`. */
        order: z.enum(MEMBER_LIST_ORDERS).optional(),
        role: z.enum(MEMBER_ROLE_FILTERS).optional(),
        /** Filters on display name and e-mail. */
        search: z.string().optional(),
        /** Server default `joinedAt`; `lastSeenAt` lists only active members. */
        sort: z.enum(MEMBER_SORTS).optional(),
      }),
    ),
    success: [200],
    response: lazy(() => listOf(Member)),
    paginated: true,
  }),
  get: defineOperation({
    id: 'getMemberInOrganizationById',
    method: 'GET',
    path: `${base}/members/{userId}`,
    summary: 'Get a member of an organization',
    success: [200],
    response: Member,
  }),
  remove: defineOperation({
    id: 'removeMemberFromOrganizationById',
    method: 'DELETE',
    path: `${base}/members/{userId}`,
    summary: 'Remove a member from an organization',
    success: [204, 205],
  }),
  update: defineOperation({
    id: 'updateMemberInOrganizationById',
    method: 'PATCH',
    path: `${base}/members/{userId}`,
    summary: 'Change the role of a member (null makes them a guest)',
    body: lazy(() => z.strictObject({ role: RoleOrGuest.optional() })),
    bodyRequired: true,
    success: [200],
    response: Member,
  }),
  ping: defineOperation({
    id: 'updateOrganizationMemberLastSeenAt',
    method: 'POST',
    idempotent: true,
    path: `${base}/ping`,
    summary: "Update the caller's last-seen time in an organization",
    success: [200],
    response: PingResult,
  }),
  setSso: defineOperation({
    id: 'setUserAsSSOMemberForOrganization',
    method: 'POST',
    idempotent: true,
    path: `${base}/members/{userId}/sso`,
    summary: 'Make a member an SSO member',
    success: [200],
    response: Member,
  }),
  listSpaces: defineOperation({
    id: 'listSpacesForOrganizationMember',
    method: 'GET',
    path: `${base}/members/{userId}/spaces`,
    summary: 'List the spaces a member can access, with their role in each',
    query: lazy(() => listQuery({ order: z.enum(MEMBER_LIST_ORDERS).optional() })),
    success: [200],
    response: lazy(() => listOf(MemberSpacePermission)),
    paginated: true,
  }),
  listTeams: defineOperation({
    id: 'listTeamsForOrganizationMember',
    method: 'GET',
    path: `${base}/members/{userId}/teams`,
    summary: 'List the teams of a member',
    query: lazy(() =>
      listQuery({
        /** Case-insensitive substring of the team name. */
        title: z.string().optional(),
      }),
    ),
    success: [200],
    response: lazy(() => listOf(MemberTeam)),
    paginated: true,
  }),
} as const;
