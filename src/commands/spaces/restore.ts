import { Args } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, dryRunFlag } from '../../cli/index.js';
import { spaceRow, spaceTitle } from '../../cli/format/spaces.js';

export default class SpacesRestore extends DocsCommand<typeof SpacesRestore> {
  static override operations = [spaces.restore];
  static override summary = 'Restore a space deleted in the last 7 days';
  static override description =
    'Spaces deleted more than 7 days ago are gone for good (exit 3). A space whose collection was deleted meanwhile comes back at the top level.';
  static override examples = ['<%= config.bin %> spaces restore sp_abc'];
  static override args = { space: Args.string({ description: 'Id of the deleted space', required: true }) };
  static override flags = { 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const spaceId = this.subject('space', this.args.space);
    const space = await this.send(spaces.restore, { spaceId });
    this.output.done(`Restored space ${spaceTitle(space)} (${space.id})`, space, spaceRow);
  }
}
