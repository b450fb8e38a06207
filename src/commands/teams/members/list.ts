import { teams } from '../../../api/operations/teams.js';
import { DocsCommand, listFlags, orgFlag } from '../../../cli/index.js';
import { teamMemberColumns } from '../../../cli/format/teams.js';
import { teamArg } from '../../../cli/flags/teams.js';

export default class TeamsMembersList extends DocsCommand<typeof TeamsMembersList> {
  static override operations = [teams.listMembers];
  static override summary = 'List the members of a team';
  static override description = 'With their team role (owners manage the team) and their organization role.';
  static override examples = [
    '<%= config.bin %> teams members list team_abc',
    '<%= config.bin %> teams members list team_abc --all --json',
  ];
  static override args = { team: teamArg() };
  static override flags = { org: orgFlag(), ...listFlags() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const teamId = this.subject('team', this.args.team);
    await this.list(teams.listMembers, { organizationId, teamId }, teamMemberColumns, 'No members in this team.');
  }
}
