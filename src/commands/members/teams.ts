import { members } from '../../api/operations/members.js';
import { DocsCommand, field, fieldsFromFlags, listFlags, orgFlag } from '../../cli/index.js';
import { memberTeamColumns } from '../../cli/format/members.js';
import { memberArg } from '../../cli/flags/members.js';

const op = members.listTeams;

export default class MembersTeams extends DocsCommand<typeof MembersTeams> {
  static override operations = [members.listTeams, members.list];
  static override summary = 'List the teams of a member, with their role in each';
  static override description = 'The member is named by user id or e-mail address. Team membership is changed with `docs teams members`.';
  static override examples = ['<%= config.bin %> members teams usr_abc', '<%= config.bin %> members teams ada@acme.test --title writers'];
  static override args = { user: memberArg() };
  static override flags = {
    org: orgFlag(),
    title: field.string(op.query, 'title', { description: 'Only teams whose name contains this text (case-insensitive)' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const userId = await this.member(organizationId, this.args.user);
    await this.list(op, { organizationId, userId, query: fieldsFromFlags(op.query, this.flags) }, memberTeamColumns, 'No teams.');
  }
}
