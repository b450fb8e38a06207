import { Flags } from '@oclif/core';
import { members } from '../../../api/operations/members.js';
import { teams } from '../../../api/operations/teams.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, UsageError, yesFlag } from '../../../cli/index.js';
import { teamArg } from '../../../cli/flags/teams.js';

const op = teams.updateMembers;

const userFlag = (description: string) =>
  Flags.string({
    description: `${description} (user id or e-mail address; repeatable)`,
    helpValue: '<user>',
    multiple: true,
    multipleNonGreedy: true,
  });

export default class TeamsMembersSet extends DocsCommand<typeof TeamsMembersSet> {
  static override operations = [teams.updateMembers, members.list];
  static override summary = 'Add, remove and change the roles of team members in one call';
  static override description = [
    '--owner and --member set team roles, adding the user to the team when needed. A user given to both --add and --remove is removed.',
    'With --remove it asks for confirmation on a terminal; --yes skips it.',
  ].join('\n');
  static override examples = [
    {
      description: 'Add two members, remove one',
      command: '<%= config.bin %> teams members set team_abc --add grace@acme.test --add usr_def\n--remove usr_old',
    },
    {
      description: 'Promote one member, demote another',
      command: '<%= config.bin %> teams members set team_abc --owner usr_abc --member ada@acme.test',
    },
  ];
  static override args = { team: teamArg() };
  static override flags = {
    org: orgFlag(),
    add: userFlag('Add to the team as a member'),
    remove: userFlag('Remove from the team'),
    owner: userFlag('Make a team owner (may manage the team)'),
    member: userFlag('Make a plain team member'),
    yes: yesFlag(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const { add = [], remove = [], owner = [], member = [] } = this.flags;
    if (add.length + remove.length + owner.length + member.length === 0)
      throw new UsageError('nothing to change: pass --add, --remove, --owner and/or --member');
    const both = owner.find((u) => member.includes(u));
    if (both) throw new UsageError(`${both} is given to both --owner and --member`);
    const dropped = [...owner, ...member].find((u) => remove.includes(u));
    if (dropped) throw new UsageError(`${dropped} is given to --remove and to --${owner.includes(dropped) ? 'owner' : 'member'}`);

    const organizationId = await this.org();
    // Roles are keyed by user id: e-mail addresses given to --owner/--member are looked up first. The team is
    // named after them, so that a not-found answer to the change itself is about the team.
    const memberships: Record<string, { role: 'owner' | 'member' }> = {};
    for (const user of owner) memberships[await this.member(organizationId, user)] = { role: 'owner' };
    for (const user of member) memberships[await this.member(organizationId, user)] = { role: 'member' };
    const teamId = this.subject('team', this.args.team);
    const toAdd = [...new Set([...add, ...Object.keys(memberships)])];

    const body = {
      ...(toAdd.length > 0 ? { add: toAdd } : {}),
      ...(remove.length > 0 ? { remove } : {}),
      ...(Object.keys(memberships).length > 0 ? { memberships } : {}),
    };
    const confirm =
      remove.length > 0
        ? { question: `Remove ${remove.join(', ')} from team ${teamId}?`, action: `remove members from team ${teamId}` }
        : undefined;
    await this.send(op, { organizationId, teamId, body }, { confirm });

    const parts = [
      add.length > 0 ? `added ${add.join(', ')}` : '',
      remove.length > 0 ? `removed ${remove.join(', ')}` : '',
      owner.length > 0 ? `owners: ${owner.join(', ')}` : '',
      member.length > 0 ? `members: ${member.join(', ')}` : '',
    ].filter(Boolean);
    this.output.done(`Updated team ${teamId}: ${parts.join('; ')}`, new NoContent(teamId, 'updated'));
  }
}
