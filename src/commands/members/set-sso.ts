import { members } from '../../api/operations/members.js';
import { DocsCommand, dryRunFlag, orgFlag, yesFlag } from '../../cli/index.js';
import { memberLabel, memberRow } from '../../cli/format/members.js';
import { memberArg } from '../../cli/flags/members.js';

export default class MembersSetSso extends DocsCommand<typeof MembersSetSso> {
  static override operations = [members.setSso, members.list];
  static override summary = 'Make a member an SSO member of an organization';
  static override description = [
    "They then sign in through the organization's SSO provider (see `docs sso saml list`). The API has no way back,",
    'so this asks for confirmation on a terminal; --yes skips it.',
  ].join('\n');
  static override examples = ['<%= config.bin %> members set-sso usr_abc', '<%= config.bin %> members set-sso ada@acme.test --yes --json'];
  static override args = { user: memberArg() };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const userId = await this.member(organizationId, this.args.user);
    const member = await this.send(
      members.setSso,
      { organizationId, userId },
      {
        confirm: {
          question: async () =>
            `Make ${await this.names.member(organizationId, userId)} an SSO member of ${await this.names.organization(organizationId)}? This cannot be undone through the API.`,
          action: `make ${userId} an SSO member`,
        },
      },
    );
    this.output.done(`${memberLabel(member)} is now an SSO member of organization ${organizationId}`, member, memberRow);
  }
}
