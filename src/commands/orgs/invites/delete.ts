import { Args } from '@oclif/core';
import { organizations } from '../../../api/operations/organizations.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';

export default class OrgsInvitesDelete extends DocsCommand<typeof OrgsInvitesDelete> {
  static override operations = [organizations.deleteInvite];
  static override summary = 'Delete an invite link of an organization';
  static override description = [
    'Nobody can join through the link afterwards. The invite id is the last part of the link.',
    'Asks for confirmation on a terminal; --yes skips it. Succeeds also when the invite no longer exists.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> orgs invites delete inv_abc',
    '<%= config.bin %> orgs invites delete inv_abc --org org_abc --yes',
  ];
  static override args = { invite: Args.string({ description: 'Invite id', required: true }) };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const inviteId = this.args.invite;
    await this.send(
      organizations.deleteInvite,
      { organizationId, inviteId },
      {
        confirm: {
          question: async () => `Delete invite link ${inviteId} of ${await this.names.organization(organizationId)}?`,
          action: `delete invite link ${inviteId}`,
        },
      },
    );
    this.output.done(`Deleted invite link ${inviteId} of organization ${organizationId}`, new NoContent(inviteId, 'deleted'));
  }
}
