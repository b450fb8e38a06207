import { collections } from '../../api/operations/collections.js';
import { DocsCommand, dryRunFlag, field, fieldsFromFlags, UsageError } from '../../cli/index.js';
import { collectionRow } from '../../cli/format/collections.js';
import { collectionArg, defaultLevelFlag, defaultLevelValue } from '../../cli/flags/collections.js';

const op = collections.update;

export default class CollectionsEdit extends DocsCommand<typeof CollectionsEdit> {
  static override operations = [collections.update];
  static override summary = 'Edit the title, description or default level of a collection';
  static override description = 'Only the fields given change. Moving a collection is `docs collections move`.';
  static override examples = [
    {
      description: 'A new title and description',
      command: '<%= config.bin %> collections edit col_abc --title "Product docs"\n--description "Everything customers read"',
    },
    {
      description: 'Members without a role of their own can read it',
      command: '<%= config.bin %> collections edit col_abc --default-level read',
    },
  ];
  static override args = { collection: collectionArg() };
  static override flags = {
    title: field.string(op.body, 'title', { description: 'New title' }),
    description: field.string(op.body, 'description', { description: 'New description' }),
    'default-level': defaultLevelFlag('collection'),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const body: Record<string, unknown> = fieldsFromFlags(op.body, {
      ...this.flags,
      'default-level': defaultLevelValue(this.flags['default-level']),
    });
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: pass --title, --description and/or --default-level');
    const collectionId = this.subject('collection', this.args.collection);
    const collection = await this.send(op, { collectionId, body });
    this.output.done(`Updated collection "${collection.title}" (${collection.id})`, collection, collectionRow);
  }
}
