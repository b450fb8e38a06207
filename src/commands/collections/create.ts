import { collections } from '../../api/operations/collections.js';
import { DocsCommand, dryRunFlag, field, fieldsFromFlags, orgFlag } from '../../cli/index.js';
import { collectionRow } from '../../cli/format/collections.js';

const op = collections.create;

export default class CollectionsCreate extends DocsCommand<typeof CollectionsCreate> {
  static override operations = [collections.create];
  static override summary = 'Create a collection';
  static override description =
    'Creates it at the top level of the organization, or inside --parent. Piped, prints the new id, title, parent and organization.';
  static override examples = [
    '<%= config.bin %> collections create --title "Product"',
    {
      description: 'Nested, keeping the id for a script',
      command: 'id=$(<%= config.bin %> collections create --title "Guides"\n--parent col_abc | cut -f1)',
    },
  ];
  static override flags = {
    org: orgFlag(),
    title: field.string(op.body, 'title', { description: 'Title of the collection' }),
    parent: field.string(op.body, 'parent', {
      description: 'Collection to create it in (default: the top level)',
      helpValue: '<collection-id>',
    }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    if (this.flags.parent) this.subject('collection', this.flags.parent);
    const collection = await this.send(op, { organizationId, body: fieldsFromFlags(op.body, this.flags) });
    const where = collection.parent ? `in collection ${collection.parent}` : `in organization ${organizationId}`;
    this.output.done(`Created collection "${collection.title}" ${where} (id ${collection.id})`, collection, collectionRow);
  }
}
