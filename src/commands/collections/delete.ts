import { collections } from '../../api/operations/collections.js';
import { DocsCommand, dryRunFlag, NoContent, yesFlag } from '../../cli/index.js';
import { collectionArg } from '../../cli/flags/collections.js';

export default class CollectionsDelete extends DocsCommand<typeof CollectionsDelete> {
  static override operations = [collections.delete];
  static override summary = 'Delete a collection';
  static override description = [
    'Deletes the collection and the collections nested in it; their spaces are deleted too (restorable for 7 days with `docs spaces restore`).',
    'Asks for confirmation on a terminal; --yes skips it (and is required without one). Deleting a collection that does not exist succeeds.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> collections delete col_abc',
    { description: 'In a script', command: '<%= config.bin %> collections delete col_abc --yes --json' },
  ];
  static override args = { collection: collectionArg() };
  static override flags = { yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const id = this.subject('collection', this.args.collection);
    await this.send(
      collections.delete,
      { collectionId: id },
      {
        confirm: {
          question: async () => `Delete ${await this.names.collection(id)}, the collections nested in it and their spaces?`,
          action: `delete collection ${id}`,
        },
      },
    );
    this.output.done(`Deleted collection ${id}`, new NoContent(id, 'deleted'));
  }
}
