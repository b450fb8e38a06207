import { Args } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, dryRunFlag, NoContent, spaceFlag, yesFlag } from '../../cli/index.js';

export default class SpacesDelete extends DocsCommand<typeof SpacesDelete> {
  static override operations = [spaces.delete];
  static override summary = 'Delete a space (restorable for 7 days)';
  static override description = [
    'A deleted space can be brought back with `docs spaces restore` for 7 days, then it is gone for good.',
    'Asks for confirmation on a terminal; --yes skips it (and is required without one). Deleting a space that does not exist succeeds.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces delete sp_abc',
    { description: 'In a script', command: '<%= config.bin %> spaces delete sp_abc --yes --json' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = { space: spaceFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const id = this.space(this.args.space);
    await this.send(
      spaces.delete,
      { spaceId: id },
      {
        confirm: {
          question: async () => `Delete ${await this.names.space(id)}? It can be restored for 7 days.`,
          action: `delete space ${id}`,
        },
      },
    );
    this.output.done(
      `Deleted space ${id}; \`${this.config.bin} spaces restore ${id}\` brings it back within 7 days`,
      new NoContent(id, 'deleted'),
    );
  }
}
