import { collections } from '../../api/operations/collections.js';
import { DocsCommand, field, fieldsFromFlags, listFlags, orgFlag } from '../../cli/index.js';
import { collectionColumns } from '../../cli/format/collections.js';

const op = collections.list;

export default class CollectionsList extends DocsCommand<typeof CollectionsList> {
  static override operations = [collections.list];
  static override summary = 'List the collections of an organization';
  static override description =
    'Nested collections are listed too (PARENT names the collection they are in); --no-nested keeps the top level only.';
  static override examples = [
    '<%= config.bin %> collections list',
    {
      description: 'Top-level collections of another organization, as JSON',
      command: '<%= config.bin %> collections list --org org_abc --no-nested --json',
    },
  ];
  static override flags = {
    org: orgFlag(),
    nested: field.boolean(op.query, 'nested', { description: 'Include collections nested in other collections (default: yes)' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    await this.list(op, { organizationId, query: fieldsFromFlags(op.query, this.flags) }, collectionColumns, 'No collections.');
  }
}
