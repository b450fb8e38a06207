import { members } from '../../api/operations/members.js';
import { DocsCommand, field, fieldsFromFlags, listFlags, orgFlag } from '../../cli/index.js';
import { memberColumns } from '../../cli/format/members.js';

const op = members.list;

export default class MembersList extends DocsCommand<typeof MembersList> {
  static override operations = [members.list];
  static override summary = 'List the members of an organization';
  static override description = [
    'Newest members first (by joining date) unless --sort and --order say otherwise;',
    '--sort lastSeenAt lists only members seen at least once. --role guest lists members without a role.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> members list',
    { description: 'Admins, by name or e-mail', command: '<%= config.bin %> members list --role admin --search ada' },
    { description: 'Who was active last', command: '<%= config.bin %> members list --sort lastSeenAt --limit 10' },
  ];
  static override flags = {
    org: orgFlag(),
    role: field.option(op.query, 'role', { description: 'Only members with this role (guest: no role)' }),
    search: field.string(op.query, 'search', { description: 'Only members whose name or e-mail contains this text' }),
    sort: field.option(op.query, 'sort', { description: 'Sort by joining date (default) or last-seen time (active members only)' }),
    order: field.option(op.query, 'order', { description: 'Sort order (default: desc)' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    await this.list(op, { organizationId, query: fieldsFromFlags(op.query, this.flags) }, memberColumns, 'No members.');
  }
}
