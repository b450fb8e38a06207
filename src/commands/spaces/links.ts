import { Args, Flags } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, field, fieldsFromFlags, listFlags, spaceFlag } from '../../cli/index.js';
import { linkColumns, linkStatsFields, linkStatsLine } from '../../cli/format/content.js';

const op = spaces.listLinks;

export default class SpacesLinks extends DocsCommand<typeof SpacesLinks> {
  static override operations = [spaces.listLinks];
  static override summary = 'List the links in a space, with counts of broken ones';
  static override description = [
    'TARGET is what is linked to, FROM the pages linking to it. On a terminal the totals follow the list.',
    '--stats prints only the totals (total, broken), handy in CI: `test "$(docs spaces links --stats | grep ^broken | cut -f2)" = 0`.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces links sp_abc',
    { description: 'Only the broken links, as JSON', command: '<%= config.bin %> spaces links sp_abc --status broken --json' },
    { description: 'Totals only', command: '<%= config.bin %> spaces links --stats --json' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    status: field.option(op.query, 'status', {
      description: 'Only links in this state (broken: the target does not exist; in-app: an internal app URL)',
    }),
    stats: Flags.boolean({ description: 'Print only the totals: links, broken links', exclusive: ['status', 'all'] }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    const stats = async () => (await this.send(op, { spaceId, query: { limit: 1 } })).stats;
    if (this.flags.stats) {
      this.output.object(await stats(), linkStatsFields);
      return;
    }
    await this.list(op, { spaceId, query: fieldsFromFlags(op.query, this.flags) }, linkColumns, 'No links.');
    if (this.output.mode === 'table') this.output.info(linkStatsLine(await stats()));
  }
}
