import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestArg, changeRequestFields, DocsCommand, spaceFlag } from '../../cli/index.js';
import { openWeb, webFlag, webIO } from '../../cli/web.js';

export default class CrGet extends DocsCommand<typeof CrGet> {
  static override operations = [changeRequests.get];
  static override summary = 'Show a change request';
  static override description = [
    'CR is the number shown by `docs cr list` (42) or the id (cr_abc). Shows its status, subject, author, comment count,',
    'whether the primary content changed since it was opened (then `docs cr update-branch`), and its URL in the app.',
  ].join('\n');
  static override examples = [
    { description: 'Open it in the app', command: '<%= config.bin %> cr get 42 --web' },
    '<%= config.bin %> cr get 42',
    { description: 'In another space, as JSON', command: '<%= config.bin %> cr get 42 --space sp_abc --json' },
    { description: 'Only its status, for a script', command: '<%= config.bin %> cr get 42 --jq .status' },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = { space: spaceFlag(), web: webFlag() };

  async run(): Promise<void> {
    const spaceId = this.space();
    const changeRequestId = this.subject('change request', this.args.cr);
    const cr = await this.send(changeRequests.get, { spaceId, changeRequestId });
    if (this.flags.web) return openWeb(cr.urls?.app, `change request ${changeRequestId}`, webIO(this.output, this.io));
    this.output.object(cr, changeRequestFields);
  }
}
