import { Flags } from '@oclif/core';
import { collections } from '../../api/operations/collections.js';
import { DocsCommand, dryRunFlag, yesFlag } from '../../cli/index.js';
import { collectionRow } from '../../cli/format/collections.js';
import { collectionArg } from '../../cli/flags/collections.js';

export default class CollectionsTransfer extends DocsCommand<typeof CollectionsTransfer> {
  static override operations = [collections.transfer];
  static override summary = 'Transfer a collection to another organization';
  static override description = [
    'Moves the collection, its nested collections and their spaces to the top level of the organization --to.',
    'You must be an admin of both. Asks for confirmation on a terminal; --yes skips it. Exits 5 when it cannot be moved or nothing would change.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> collections transfer col_abc --to org_other',
    { description: 'In a script', command: '<%= config.bin %> collections transfer col_abc --to org_other --yes --json' },
  ];
  static override args = { collection: collectionArg() };
  static override flags = {
    to: Flags.string({
      description: 'Id of the organization that receives it (see `docs orgs list`)',
      helpValue: '<org-id>',
      required: true,
    }),
    yes: yesFlag(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const id = this.subject('collection', this.args.collection);
    const to = this.flags.to;
    const collection = await this.send(
      collections.transfer,
      { collectionId: id, body: { organization: to } },
      {
        confirm: {
          question: async () =>
            `Transfer ${await this.names.collection(id)}, with its nested collections and spaces, to ${await this.names.organization(to)}?`,
          action: `transfer collection ${id}`,
        },
      },
    );
    this.output.done(`Transferred collection "${collection.title}" (${collection.id}) to organization ${to}`, collection, collectionRow);
  }
}
