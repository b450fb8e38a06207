import { Args, Flags } from '@oclif/core';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { content } from '../../api/operations/content.js';
import { DocsCommand, field, listFlags, spaceFlag, UsageError } from '../../cli/index.js';
import { crFlag, linkColumns, linkStatsFields, linkStatsLine, type LinkStats } from '../../cli/format/content.js';

const op = content.listPageLinks;

export default class SpacesPageLinks extends DocsCommand<typeof SpacesPageLinks> {
  static override operations = [content.listPageLinks, changeRequestContent.listPageLinks];
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
    const spaceId = this.space();
    const changeRequestId = cr ? this.about('change request', cr) : undefined;
    const pageId = this.about('page', this.args.page);
    const stats = async (): Promise<LinkStats> =>
      changeRequestId !== undefined
        ? (await this.send(changeRequestContent.listPageLinks, { spaceId, changeRequestId, pageId, query: { limit: 1 } })).stats
        : (await this.send(op, { spaceId, pageId, query: { limit: 1 } })).stats;
    if (this.flags.stats) {
      this.output.object(await stats(), linkStatsFields);
      return;
    }
    if (changeRequestId !== undefined)
      await this.list(changeRequestContent.listPageLinks, { spaceId, changeRequestId, pageId }, linkColumns, 'No links.');
    else
      await this.list(
        op,
        { spaceId, pageId, query: status ? { status: status as 'ok' | 'broken' | 'in-app' } : {} },
        linkColumns,
        'No links.',
      );
    if (this.output.mode === 'table') this.output.info(linkStatsLine(await stats()));
  }
}
