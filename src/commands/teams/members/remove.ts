import { members } from '../../../api/operations/members.js';
import { teams } from '../../../api/operations/teams.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';
import { memberArg } from '../../../cli/flags/members.js';
import { teamArg } from '../../../cli/flags/teams.js';

export default class TeamsMembersRemove extends DocsCommand<typeof TeamsMembersRemove> {
  static override operations = [teams.removeMember, members.list];
  static override summary = 'Remove a member from a team';
  static override description = [
    'They stay in the organization. Asks for confirmation on a terminal; --yes skips it.',
    'Succeeds also when the user was not in the team.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> teams members remove team_abc usr_abc',
    '<%= config.bin %> teams members remove team_abc ada@acme.test --yes',
  ];
  static override args = { team: teamArg(), user: memberArg() };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const teamId = this.subject('team', this.args.team);
    const userId = await this.member(organizationId, this.args.user);
    await this.send(
      teams.removeMember,
      { organizationId, teamId, userId },
      {
        confirm: {
          question: async () =>
            `Remove ${await this.names.member(organizationId, userId)} from ${await this.names.team(organizationId, teamId)}?`,
          action: `remove ${userId} from team ${teamId}`,
        },
      },
    );
    this.output.done(`Removed ${userId} from team ${teamId}`, new NoContent(userId, 'removed'));
  }
}
