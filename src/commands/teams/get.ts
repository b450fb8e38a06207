import { teams } from '../../api/operations/teams.js';
import { DocsCommand, orgFlag } from '../../cli/index.js';
import { teamFields } from '../../cli/format/teams.js';
import { teamArg } from '../../cli/flags/teams.js';

export default class TeamsGet extends DocsCommand<typeof TeamsGet> {
  static override operations = [teams.get];
  static override summary = 'Show a team';
  static override description = 'Its members are listed by `docs teams members list`.';
  static override examples = ['<%= config.bin %> teams get team_abc', '<%= config.bin %> teams get team_abc --json'];
  static override args = { team: teamArg() };
  static override flags = { org: orgFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const teamId = this.subject('team', this.args.team);
    this.output.object(await this.send(teams.get, { organizationId, teamId }), teamFields);
  }
}
