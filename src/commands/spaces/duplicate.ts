import { Args } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, dryRunFlag, spaceFlag } from '../../cli/index.js';
import { spaceRow, spaceTitle } from '../../cli/format/spaces.js';

export default class SpacesDuplicate extends DocsCommand<typeof SpacesDuplicate> {
  static override operations = [spaces.duplicate];
  static override summary = 'Duplicate a space';
  static override description =
    'Creates a copy of the space (content and settings) next to it. Piped, prints the new id, title, collection and organization.';
  static override examples = [
    '<%= config.bin %> spaces duplicate sp_abc',
    { description: 'Keep the id of the copy', command: 'copy=$(<%= config.bin %> spaces duplicate sp_abc | cut -f1)' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = { space: spaceFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    const copy = await this.send(spaces.duplicate, { spaceId });
    this.output.done(`Duplicated space ${spaceId} as ${spaceTitle(copy)} (id ${copy.id})`, copy, spaceRow);
  }
}
