import { collections } from '../../api/operations/collections.js';
import { DocsCommand, listFlags } from '../../cli/index.js';
import { spaceColumns } from '../../cli/format/spaces.js';
import { collectionArg } from '../../cli/flags/collections.js';

export default class CollectionsSpaces extends DocsCommand<typeof CollectionsSpaces> {
  static override operations = [collections.listSpaces];
  static override summary = 'List the spaces of a collection';
  static override description =
    'Only the spaces directly in the collection; nested collections have their own (see `docs collections list`).';
  static override examples = [
    '<%= config.bin %> collections spaces col_abc',
    { description: 'Only the ids', command: '<%= config.bin %> collections spaces col_abc | cut -f1' },
  ];
  static override args = { collection: collectionArg() };
  static override flags = { ...listFlags() };

  async run(): Promise<void> {
    const collectionId = this.subject('collection', this.args.collection);
    await this.list(collections.listSpaces, { collectionId }, spaceColumns, 'No spaces in this collection.');
  }
}
