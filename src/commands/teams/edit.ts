import { teams } from '../../api/operations/teams.js';
import { DocsCommand, dryRunFlag, field, orgFlag, UsageError } from '../../cli/index.js';
import { teamRow } from '../../cli/format/teams.js';
import { teamArg } from '../../cli/flags/teams.js';

const op = teams.update;

export default class TeamsEdit extends DocsCommand<typeof TeamsEdit> {
  static override operations = [teams.update];
  static override summary = 'Rename a team';
  static override description = 'Admins and the owners of the team may rename it. Members are changed with `docs teams members`.';
  static override examples = ['<%= config.bin %> teams edit team_abc --title "Docs Reviewers"'];
  static override args = { team: teamArg() };
  static override flags = {
    org: orgFlag(),
    title: field.string(op.body, 'title', { description: 'New team name', required: true }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    // oclif enforces the flag; this narrows its type.
    const title = this.flags.title;
    if (title === undefined) throw new UsageError('--title is required');
    const organizationId = await this.org();
    const teamId = this.subject('team', this.args.team);
    const team = await this.send(op, { organizationId, teamId, body: { title } });
    this.output.done(`Renamed team ${team.id} to "${team.title}"`, team, teamRow);
  }
}
