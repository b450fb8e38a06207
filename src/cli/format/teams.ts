import type { Team, TeamMemberItem } from '../../api/schemas/member.js';
import type { Columns } from '../output.js';
import { roleLabel } from './organizations.js';

/** What `docs teams ...` shows. No-content answers follow format/organizations.ts. */

/** `docs teams list`. */
export const teamColumns: Columns<Team> = {
  ID: 'id',
  TITLE: 'title',
  MEMBERS: 'members',
  SPACES: 'spaces',
  CREATED: 'createdAt',
};

/** `docs teams get`. */
export const teamFields: Columns<Team> = {
  ID: 'id',
  Title: 'title',
  Members: 'members',
  Spaces: 'spaces',
  Created: 'createdAt',
  'You can manage it': (t) => (t.permissions?.admin === undefined ? '' : t.permissions.admin ? 'yes' : 'no'),
};

/** The key fields printed as one TSV row after a change when stdout is piped. */
export const teamRow: Columns<Team> = { ID: 'id', TITLE: 'title' };

export const teamLabel = (t: Pick<Team, 'id' | 'title'>): string => `"${t.title}" (${t.id})`;

/** `docs teams members list`. */
export const teamMemberColumns: Columns<TeamMemberItem> = {
  'USER ID': (m) => m.organization.id,
  NAME: (m) => m.organization.user.displayName,
  EMAIL: (m) => m.organization.user.email,
  'TEAM ROLE': (m) => m.team.role,
  'ORG ROLE': (m) => roleLabel(m.organization.role),
};
