import { Flags } from '@oclif/core';
import { teams } from '../../api/operations/teams.js';
import { DocsCommand, dryRunFlag, field, orgFlag, UsageError } from '../../cli/index.js';
import { teamLabel, teamRow } from '../../cli/format/teams.js';

const op = teams.create;

export default class TeamsCreate extends DocsCommand<typeof TeamsCreate> {
  static override operations = [teams.create];
  static override summary = 'Create a team';
  static override description =
    'Members given with --member join as plain members; make owners with `docs teams members set --owner`. Needs the admin role.';
  static override examples = [
    '<%= config.bin %> teams create --title "Technical Writers"',
    {
      description: 'With members, keeping the new id',
      command: 'id=$(<%= config.bin %> teams create --title Reviewers --member usr_abc\n--member grace@acme.test | cut -f1)',
    },
  ];
  static override flags = {
    org: orgFlag(),
    title: field.string(op.body, 'title', { description: 'Team name', required: true }),
    member: Flags.string({
      description: 'User id or e-mail address of a member to put in the team (repeatable)',
      helpValue: '<user>',
      multiple: true,
      multipleNonGreedy: true,
    }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    // oclif enforces the flag; this narrows its type.
    const title = this.flags.title;
    if (title === undefined) throw new UsageError('--title is required');
    const organizationId = await this.org();
    const team = await this.send(op, { organizationId, body: { title, ...(this.flags.member ? { members: this.flags.member } : {}) } });
    this.output.done(
      `Created team ${teamLabel(team)}${team.members ? ` with ${team.members} member${team.members === 1 ? '' : 's'}` : ''}`,
      team,
      teamRow,
    );
  }
}
