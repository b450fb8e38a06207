import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestArg, DocsCommand, spaceFlag } from '../../cli/index.js';
import { ignoreFlag, renderCheck } from '../../cli/format/check.js';
import { counted } from '../../cli/progress.js';
import { scopeLabel } from '../../api/scope.js';
import { checkChangeRequest } from '../../content/check.js';

export default class CrCheck extends DocsCommand<typeof CrCheck> {
  static override operations = [
    changeRequests.get,
    changeRequestContent.listPages,
    changeRequestContent.getPage,
    changeRequestContent.listPageLinks,
    changeRequestComments.list,
  ];
  static override summary = 'Check a change request before merging it (a CI gate)';
  static override description = [
    "Reports what the API already knows about the change request's content, one finding per problem:",
    '  broken-link   a link in a page whose target does not exist',
    '  empty-page    a document page without content',
    '  outdated      the change request is behind the primary content (update it; it may conflict)',
    '  open-comment  a comment on the change request that is not resolved',
    'On a terminal the findings are grouped by page; piped, one per line: kind, page path, message, tab-separated',
    '(the page is empty for a finding about the change request itself). --json gives {"ok", "findings": [{kind, page, message}]}.',
    'Exits 0 when nothing is found and 8 when something is (any other code is an error), so a CI step fails on findings alone.',
  ].join('\n');
  static override examples = [
    { description: 'Every finding, one per line (exits 8 when there is one)', command: '<%= config.bin %> cr check 3' },
    { description: 'Everything but the open comments', command: '<%= config.bin %> cr check 3 --ignore open-comment' },
    { description: 'Only the broken links, one per line', command: '<%= config.bin %> cr check 3 | grep ^broken-link' },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = { space: spaceFlag(), ignore: ignoreFlag() };

  async run(): Promise<void> {
    const spaceId = this.space();
    const changeRequestId = this.subject('change request', this.args.cr);
    const client = await this.client();
    const progress = await this.longWork(`Checking ${scopeLabel({ spaceId, changeRequestId })}…`);
    const report = await checkChangeRequest(
      client,
      { spaceId, changeRequestId },
      { ignore: this.flags.ignore ?? [], signal: this.abort.signal, onProgress: counted(progress, 'Checking pages') },
    ).finally(progress.stop);
    renderCheck(this.output, report, `No findings: change request ${this.args.cr} passes every check.`, this.flags.json);
  }
}
