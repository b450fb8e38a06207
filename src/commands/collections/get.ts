import { collections } from '../../api/operations/collections.js';
import { DocsCommand } from '../../cli/index.js';
import { collectionFields } from '../../cli/format/collections.js';
import { collectionArg } from '../../cli/flags/collections.js';

export default class CollectionsGet extends DocsCommand<typeof CollectionsGet> {
  static override operations = [collections.get];
  static override summary = 'Show a collection';
  static override description = 'Collection ids come from `docs collections list`.';
  static override examples = ['<%= config.bin %> collections get col_abc', '<%= config.bin %> collections get col_abc --json'];
  static override args = { collection: collectionArg() };

  async run(): Promise<void> {
    const collectionId = this.subject('collection', this.args.collection);
    this.output.object(await this.send(collections.get, { collectionId }), collectionFields);
  }
}
