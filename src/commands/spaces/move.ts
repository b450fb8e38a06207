import { Args } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, dryRunFlag, spaceFlag } from '../../cli/index.js';
import { describeMove } from '../../cli/format/collections.js';
import { moveBody, moveFlags } from '../../cli/flags/collections.js';
import { spaceRow, spaceTitle } from '../../cli/format/spaces.js';

export default class SpacesMove extends DocsCommand<typeof SpacesMove> {
  static override operations = [spaces.move];
  static override summary = 'Move a space into a collection, to the top level, or among its neighbours';
  static override description = [
    '--parent or --top-level changes where it lives; --before/--after place it next to a space or collection of the same parent (space:<id> or collection:<id>; a bare id is a space).',
    'Without a position it goes last. Exits 5 when nothing would change.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces move sp_abc --parent col_guides',
    { description: 'Before another space of the same collection', command: '<%= config.bin %> spaces move sp_abc --before sp_first' },
    {
      description: 'To the top level, after a collection',
      command: '<%= config.bin %> spaces move sp_abc --top-level --after collection:col_product',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = { space: spaceFlag(), ...moveFlags('space'), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const body = moveBody(this.flags, 'space');
    const spaceId = this.space(this.args.space);
    const space = await this.send(spaces.move, { spaceId, body });
    this.output.done(`Moved space ${spaceTitle(space)} (${space.id}) ${describeMove(body)}`, space, spaceRow);
  }
}
