import { collections } from '../../api/operations/collections.js';
import { DocsCommand, dryRunFlag } from '../../cli/index.js';
import { collectionRow, describeMove } from '../../cli/format/collections.js';
import { collectionArg, moveBody, moveFlags } from '../../cli/flags/collections.js';

export default class CollectionsMove extends DocsCommand<typeof CollectionsMove> {
  static override operations = [collections.move];
  static override summary = 'Move a collection into another collection, to the top level, or among its neighbours';
  static override description = [
    '--parent or --top-level changes where it lives; --before/--after place it next to a space or collection of the same parent (space:<id> or collection:<id>; a bare id is a collection).',
    'Without a position it goes last. Exits 5 when nothing would change.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> collections move col_abc --parent col_product',
    { description: 'First among its siblings', command: '<%= config.bin %> collections move col_abc --before col_first' },
    {
      description: 'Right after a space, at the top level',
      command: '<%= config.bin %> collections move col_abc --top-level --after space:sp_intro',
    },
  ];
  static override args = { collection: collectionArg() };
  static override flags = { ...moveFlags('collection'), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const body = moveBody(this.flags, 'collection');
    const collectionId = this.subject('collection', this.args.collection);
    const collection = await this.send(collections.move, { collectionId, body });
    this.output.done(`Moved collection "${collection.title}" ${describeMove(body)}`, collection, collectionRow);
  }
}
