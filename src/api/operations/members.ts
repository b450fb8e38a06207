import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { RoleOrGuest } from '../schemas/common.js';
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
  list: defineList({
    id: 'listMembersInOrganizationById',
    path: `${base}/members`,
    summary: 'List the members of an organization',
    filters: () => ({
      /** Server default `desc`. */
      order: z.enum(MEMBER_LIST_ORDERS).optional(),
      role: z.enum(MEMBER_ROLE_FILTERS).optional(),
      /** Filters on display name and e-mail. */
      search: z.string().optional(),
      /** Server default `joinedAt`; `lastSeenAt` lists only active members. */
      sort: z.enum(MEMBER_SORTS).optional(),
    }),
    item: Member,
  }),
  get: defineOperation({
    id: 'getMemberInOrganizationById',
    method: 'GET',
    path: `${base}/members/{userId}`,
    summary: 'Get a member of an organization',
    response: Member,
  }),
  remove: defineOperation({
    id: 'removeMemberFromOrganizationById',
    method: 'DELETE',
    path: `${base}/members/{userId}`,
    summary: 'Remove a member from an organization',
  }),
  update: defineOperation({
    id: 'updateMemberInOrganizationById',
    method: 'PATCH',
    path: `${base}/members/{userId}`,
    summary: 'Change the role of a member (null makes them a guest)',
    body: lazy(() => z.strictObject({ role: RoleOrGuest.optional() })),
    bodyRequired: true,
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
  listSpaces: defineList({
    id: 'listSpacesForOrganizationMember',
    path: `${base}/members/{userId}/spaces`,
    summary: 'List the spaces a member can access, with their role in each',
    filters: () => ({ order: z.enum(MEMBER_LIST_ORDERS).optional() }),
    item: MemberSpacePermission,
  }),
  listTeams: defineList({
    id: 'listTeamsForOrganizationMember',
    path: `${base}/members/{userId}/teams`,
    summary: 'List the teams of a member',
    filters: () => ({
      /** Case-insensitive substring of the team name. */
      title: z.string().optional(),
    }),
    item: MemberTeam,
  }),
} as const;
