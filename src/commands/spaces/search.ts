import { Args } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, listFlags, spaceFlag } from '../../cli/index.js';
import { searchColumns } from '../../cli/format/spaces.js';

export default class SpacesSearch extends DocsCommand<typeof SpacesSearch> {
  static override operations = [spaces.search];
  static override summary = 'Search the content of a space';
  static override description =
    'Lists the pages that match, with the sections that matched. The space is --space or the profile default; `docs spaces page <page-id>` prints a page.';
  static override examples = [
    '<%= config.bin %> spaces search "install"',
    { description: 'In a given space, as JSON', command: '<%= config.bin %> spaces search "sign in" --space sp_abc --json' },
  ];
  static override args = { query: Args.string({ description: 'What to search for (at most 512 characters)', required: true }) };
  static override flags = { space: spaceFlag(), ...listFlags() };

  async run(): Promise<void> {
    const spaceId = this.space();
    await this.list(spaces.search, { spaceId, query: { query: this.args.query } }, searchColumns, 'No matches.');
  }
}
