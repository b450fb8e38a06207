import { teams } from '../../api/operations/teams.js';
import { DocsCommand, field, fieldsFromFlags, listFlags, orgFlag } from '../../cli/index.js';
import { teamColumns } from '../../cli/format/teams.js';

const op = teams.list;

export default class TeamsList extends DocsCommand<typeof TeamsList> {
  static override operations = [teams.list];
  static override summary = 'List the teams of an organization';
  static override description = '--owner lists the teams a member can manage (every team for an admin, else the teams they own).';
  static override examples = [
    '<%= config.bin %> teams list',
    { description: 'Teams named like "writers"', command: '<%= config.bin %> teams list --title writers' },
    { description: 'Teams a member manages', command: '<%= config.bin %> teams list --owner usr_abc --json' },
  ];
  static override flags = {
    org: orgFlag(),
    title: field.string(op.query, 'title', { description: 'Only teams whose name contains this text (case-insensitive)' }),
    owner: field.string(op.query, 'owner', { description: 'Only teams this member (user id) can manage', helpValue: '<user-id>' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    await this.list(op, { organizationId, query: fieldsFromFlags(op.query, this.flags) }, teamColumns, 'No teams.');
  }
}
