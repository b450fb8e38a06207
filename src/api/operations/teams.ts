import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { Team, TeamMemberItem, TeamMemberRoleInput, TeamTitleInput } from '../schemas/member.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}/teams' as const;

export const teams = {
  list: defineList({
    id: 'listTeamsInOrganizationById',
    path: base,
    summary: 'List the teams of an organization',
    filters: () => ({
      /** Member id: only the teams this member can manage. */
      owner: z.string().optional(),
      /** Case-insensitive substring of the team name. */
      title: z.string().optional(),
    }),
    item: Team,
  }),
  create: defineOperation({
    id: 'createOrganizationTeam',
    method: 'PUT',
    path: base,
    summary: 'Create a team',
    body: lazy(() =>
      z.strictObject({
        // Required and bounded by the spec (`OrganizationTeamTitle`); the contract gives neither.
        title: TeamTitleInput,
        /** Ids of the members to put in the team. */
        members: z.array(z.string()).optional(),
      }),
    ),
    bodyRequired: true,
    success: [201],
    response: Team,
  }),
  get: defineOperation({
    id: 'getTeamInOrganizationById',
    method: 'GET',
    path: `${base}/{teamId}`,
    summary: 'Get a team',
    response: Team,
  }),
  delete: defineOperation({
    id: 'removeTeamFromOrganizationById',
    method: 'DELETE',
    path: `${base}/{teamId}`,
    summary: 'Delete a team',
  }),
  update: defineOperation({
    id: 'updateTeamInOrganizationById',
    method: 'PATCH',
    path: `${base}/{teamId}`,
    summary: 'Rename a team',
    body: lazy(() => z.strictObject({ title: TeamTitleInput })),
    bodyRequired: true,
    response: Team,
  }),
  listMembers: defineList({
    id: 'listTeamMembersInOrganizationById',
    path: `${base}/{teamId}/members`,
    summary: 'List the members of a team',
    item: TeamMemberItem,
  }),
  updateMembers: defineOperation({
    id: 'updateMembersInOrganizationTeam',
    method: 'PUT',
    path: `${base}/{teamId}/members`,
    summary: 'Add, remove and change the roles of team members in one call',
    body: lazy(() =>
      z.strictObject({
        /** User ids or e-mail addresses; a user in both `add` and `remove` is removed. */
        add: z.array(z.string()).optional(),
        remove: z.array(z.string()).optional(),
        /** Team role by user id. */
        memberships: z.record(z.string(), z.strictObject({ role: TeamMemberRoleInput })).optional(),
      }),
    ),
    bodyRequired: true,
    success: [204],
  }),
  addMember: defineOperation({
    id: 'addMemberToOrganizationTeamById',
    method: 'PUT',
    path: `${base}/{teamId}/members/{userId}`,
    summary: 'Add a member to a team, or change their team role',
    body: lazy(() => z.strictObject({ role: TeamMemberRoleInput.optional() })),
    success: [204],
  }),
  removeMember: defineOperation({
    id: 'deleteMemberFromOrganizationTeamById',
    method: 'DELETE',
    path: `${base}/{teamId}/members/{userId}`,
    summary: 'Remove a member from a team',
  }),
} as const;
