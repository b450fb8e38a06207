import { members } from '../../api/operations/members.js';
import { DocsCommand, orgFlag } from '../../cli/index.js';
import { memberFields } from '../../cli/format/members.js';
import { memberArg } from '../../cli/flags/members.js';

export default class MembersGet extends DocsCommand<typeof MembersGet> {
  static override operations = [members.get, members.list];
  static override summary = 'Show a member of an organization';
  static override description = 'The member is named by user id (see `docs members list`) or e-mail address.';
  static override examples = ['<%= config.bin %> members get usr_abc', '<%= config.bin %> members get ada@acme.test --json'];
  static override args = { user: memberArg() };
  static override flags = { org: orgFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const userId = await this.member(organizationId, this.args.user);
    this.output.object(await this.send(members.get, { organizationId, userId }), memberFields);
  }
}
