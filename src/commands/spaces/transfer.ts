import { Args, Flags } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, dryRunFlag, spaceFlag, yesFlag } from '../../cli/index.js';
import { spaceRow, spaceTitle } from '../../cli/format/spaces.js';

export default class SpacesTransfer extends DocsCommand<typeof SpacesTransfer> {
  static override operations = [spaces.transfer];
  static override summary = 'Transfer a space to another organization';
  static override description = [
    'The space lands at the top level of the organization --to; you must be an admin there.',
    'Asks for confirmation on a terminal; --yes skips it. Exits 5 when the space cannot be moved (for example it is published in a site) or nothing would change.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces transfer sp_abc --to org_other',
    { description: 'In a script', command: '<%= config.bin %> spaces transfer sp_abc --to org_other --yes --json' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    to: Flags.string({
      description: 'Id of the organization that receives it (see `docs orgs list`)',
      helpValue: '<org-id>',
      required: true,
    }),
    yes: yesFlag(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const id = this.space(this.args.space);
    const to = this.flags.to;
    const space = await this.send(
      spaces.transfer,
      { spaceId: id, body: { organization: to } },
      {
        confirm: {
          question: async () => `Transfer ${await this.names.space(id)} to ${await this.names.organization(to)}?`,
          action: `transfer space ${id}`,
        },
      },
    );
    this.output.done(`Transferred space ${spaceTitle(space)} (${space.id}) to organization ${to}`, space, spaceRow);
  }
}
