import { members } from '../../api/operations/members.js';
import { DocsCommand, field, fieldsFromFlags, listFlags, orgFlag } from '../../cli/index.js';
import { memberSpaceColumns } from '../../cli/format/members.js';
import { memberArg } from '../../cli/flags/members.js';

const op = members.listSpaces;

export default class MembersSpaces extends DocsCommand<typeof MembersSpaces> {
  static override operations = [members.listSpaces, members.list];
  static override summary = 'List the spaces a member can reach, with their role in each';
  static override description = 'Newest spaces first unless --order asc. The member is named by user id or e-mail address.';
  static override examples = ['<%= config.bin %> members spaces usr_abc', '<%= config.bin %> members spaces ada@acme.test --all --json'];
  static override args = { user: memberArg() };
  static override flags = {
    org: orgFlag(),
    order: field.option(op.query, 'order', { description: 'Sort order (default: desc)' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const userId = await this.member(organizationId, this.args.user);
    await this.list(op, { organizationId, userId, query: fieldsFromFlags(op.query, this.flags) }, memberSpaceColumns, 'No spaces.');
  }
}
