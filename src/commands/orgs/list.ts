import { organizations } from '../../api/operations/organizations.js';
import { DocsCommand, listFlags } from '../../cli/index.js';
import { organizationColumns } from '../../cli/format/organizations.js';

export default class OrgsList extends DocsCommand<typeof OrgsList> {
  static override operations = [organizations.list];
  static override summary = 'List the organizations the token can see';
  static override description = 'Their ids are what --org and `docs config set org <id>` take.';
  static override examples = [
    '<%= config.bin %> orgs list',
    { description: 'Only the ids, for a script', command: '<%= config.bin %> orgs list | cut -f1' },
  ];
  static override flags = { ...listFlags() };

  async run(): Promise<void> {
    await this.list(organizations.list, {}, organizationColumns, 'No organizations.');
  }
}
