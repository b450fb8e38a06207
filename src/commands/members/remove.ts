import { members } from '../../api/operations/members.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../cli/index.js';
import { memberArg } from '../../cli/flags/members.js';

export default class MembersRemove extends DocsCommand<typeof MembersRemove> {
  static override operations = [members.remove, members.list];
  static override summary = 'Remove a member from an organization';
  static override description = [
    'They lose access to its content and leave its teams. Asks for confirmation on a terminal; --yes skips it.',
    'The last admin cannot be removed (exit 5). Succeeds also when the user is not a member.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> members remove usr_abc',
    '<%= config.bin %> members remove tim@acme.test --org org_abc --yes',
  ];
  static override args = { user: memberArg() };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const userId = await this.member(organizationId, this.args.user);
    const who = userId === this.args.user ? userId : `${this.args.user} (${userId})`;
    await this.send(
      members.remove,
      { organizationId, userId },
      {
        confirm: {
          question: async () =>
            `Remove ${await this.names.member(organizationId, userId)} from ${await this.names.organization(organizationId)}?`,
          action: `remove member ${userId}`,
        },
      },
    );
    this.output.done(`Removed ${who} from organization ${organizationId}`, new NoContent(userId, 'removed'));
  }
}
