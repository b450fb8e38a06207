import { teams } from '../../api/operations/teams.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../cli/index.js';
import { teamArg } from '../../cli/flags/teams.js';

export default class TeamsDelete extends DocsCommand<typeof TeamsDelete> {
  static override operations = [teams.delete];
  static override summary = 'Delete a team';
  static override description = [
    'Its members stay in the organization but lose what the team gave them. Asks for confirmation on a terminal; --yes skips it.',
    'Succeeds also when the team no longer exists.',
  ].join('\n');
  static override examples = ['<%= config.bin %> teams delete team_abc', '<%= config.bin %> teams delete team_abc --org org_abc --yes'];
  static override args = { team: teamArg() };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const teamId = this.subject('team', this.args.team);
    await this.send(
      teams.delete,
      { organizationId, teamId },
      {
        confirm: {
          question: async () =>
            `Delete ${await this.names.team(organizationId, teamId)} of ${await this.names.organization(organizationId)}?`,
          action: `delete team ${teamId}`,
        },
      },
    );
    this.output.done(`Deleted team ${teamId} of organization ${organizationId}`, new NoContent(teamId, 'deleted'));
  }
}
