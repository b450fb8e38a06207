import { members } from '../../../api/operations/members.js';
import { teams } from '../../../api/operations/teams.js';
import { DocsCommand, dryRunFlag, field, fieldsFromFlags, NoContent, orgFlag } from '../../../cli/index.js';
import { memberArg } from '../../../cli/flags/members.js';
import { teamArg } from '../../../cli/flags/teams.js';

const op = teams.addMember;

export default class TeamsMembersAdd extends DocsCommand<typeof TeamsMembersAdd> {
  static override operations = [teams.addMember, members.list];
  static override summary = 'Add a member to a team, or change their team role';
  static override description =
    'The user must be a member of the organization. Without --role a new team member is a plain member and an existing one keeps their role.';
  static override examples = [
    '<%= config.bin %> teams members add team_abc usr_abc',
    {
      description: 'As an owner (may manage the team)',
      command: '<%= config.bin %> teams members add team_abc ada@acme.test --role owner',
    },
  ];
  static override args = { team: teamArg(), user: memberArg() };
  static override flags = {
    org: orgFlag(),
    role: field.option(op.body, 'role', { description: 'Team role' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const teamId = this.subject('team', this.args.team);
    const userId = await this.member(organizationId, this.args.user);
    const body = fieldsFromFlags(op.body, this.flags);
    await this.send(op, { organizationId, teamId, userId, ...(Object.keys(body).length > 0 ? { body } : {}) });
    this.output.done(`${userId} is in team ${teamId}${this.flags.role ? ` as ${this.flags.role}` : ''}`, new NoContent(userId, 'added'));
  }
}
