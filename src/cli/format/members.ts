import type { Member, MemberSpacePermission, MemberTeam } from '../../api/schemas/member.js';
import type { Columns } from '../output.js';
import { roleLabel } from './organizations.js';

/**
 * What `docs members ...` shows, and how a member is named on the command line: by user id, or by
 * e-mail address (looked up in the organization's member list first). No-content answers follow
 * format/organizations.ts: a `✓` line, nothing on stdout with --json.
 */

const name = (m: Member): string | undefined => m.user.displayName;

/** `docs members list`. */
export const memberColumns: Columns<Member> = {
  'USER ID': 'id',
  NAME: name,
  EMAIL: (m) => m.user.email,
  ROLE: (m) => roleLabel(m.role),
  SSO: (m) => (m.sso ? 'yes' : ''),
  JOINED: 'joinedAt',
  'LAST SEEN': 'lastSeenAt',
};

/** `docs members get`. */
export const memberFields: Columns<Member> = {
  'User ID': 'id',
  Name: name,
  Email: (m) => m.user.email,
  Role: (m) => roleLabel(m.role),
  SSO: (m) => (m.sso === undefined ? '' : m.sso ? 'yes' : 'no'),
  Disabled: (m) => (m.disabled === undefined ? '' : m.disabled ? 'yes' : 'no'),
  Joined: 'joinedAt',
  'Last seen': 'lastSeenAt',
  Spaces: 'spaces',
  Teams: 'teams',
};

/** The key fields printed as one TSV row after a change when stdout is piped. */
export const memberRow: Columns<Member> = { 'USER ID': 'id', EMAIL: (m) => m.user.email, ROLE: (m) => roleLabel(m.role) };

export const memberLabel = (m: Member): string => (m.user.displayName ? `${m.user.displayName} (${m.id})` : m.id);

/** `docs members spaces`. */
export const memberSpaceColumns: Columns<MemberSpacePermission> = {
  'SPACE ID': (p) => p.space.id,
  TITLE: (p) => p.space.title,
  PERMISSION: 'permission',
  VISIBILITY: (p) => p.space.visibility,
  COLLECTION: (p) => p.space.parent,
};

/** `docs members teams`. */
export const memberTeamColumns: Columns<MemberTeam> = {
  'TEAM ID': (t) => t.team.id,
  TEAM: (t) => t.team.title,
  'TEAM ROLE': (t) => t.member.role,
  MEMBERS: (t) => t.team.members,
};
