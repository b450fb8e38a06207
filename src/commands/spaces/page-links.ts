import { Args, Flags } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { pageLinkOperations, pageLinksIn } from '../../api/scope.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, listFlags, spaceFlag, UsageError } from '../../cli/index.js';
import { linkColumns, linkStatsFields, linkStatsLine } from '../../cli/format/content.js';
import { crFlag } from '../../cli/flags/common.js';

const op = content.listPageLinks;

export default class SpacesPageLinks extends ContentCommand<typeof SpacesPageLinks> {
  static override operations = pageLinkOperations;
  static override summary = 'List the links in a page, with counts of broken ones';
  static override description = [
    'TARGET is what the page links to. On a terminal the totals follow the list; --stats prints only them.',
    'With --cr, the page as it is in the change request (the API has no --status filter there); the totals then count links it breaks.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces page-links pg_abc',
    { description: 'Broken links of the page', command: '<%= config.bin %> spaces page-links pg_abc --status broken' },
    { description: 'Totals of the page in change request 42', command: '<%= config.bin %> spaces page-links pg_abc --cr 42 --stats' },
  ];
  static override args = { page: Args.string({ description: 'Page id', required: true }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    status: field.option(op.query, 'status', { description: 'Only links in this state (not with --cr)' }),
    stats: Flags.boolean({ description: 'Print only the totals: links, broken links', exclusive: ['status', 'all'] }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const { cr, status } = this.flags;
    if (cr && status)
      throw new UsageError('--status cannot be used with --cr: the API does not filter the links of a change request page by status');
    const scope = this.scope();
    const pageId = this.subject('page', this.args.page);
    const stats = async () => (await this.send(...pageLinksIn(scope, pageId, { limit: 1 }))).stats;
    if (this.flags.stats) {
      this.output.object(await stats(), linkStatsFields);
      return;
    }
    const [links, params] = pageLinksIn(scope, pageId, status ? { status: status as 'ok' | 'broken' | 'in-app' } : {});
    await this.list(links, params, linkColumns, 'No links.');
    if (this.output.mode === 'table') this.output.info(linkStatsLine(await stats()));
  }
}
