import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import { DocsCommand, spaceFlag } from '../../cli/index.js';
import { requireTerminal } from '../../cli/interactive.js';

export default class CrReview extends DocsCommand<typeof CrReview> {
  static override operations = [
    changeRequests.list,
    changeRequests.get,
    changeRequests.update,
    changeRequests.merge,
    changeRequests.updateFromMain,
    changeRequests.create,
    changeRequestContent.listPages,
    changeRequestContent.getPage,
    changeRequestComments.list,
    changeRequestComments.create,
    changeRequestComments.update,
    changeRequestComments.delete,
    changeRequestComments.listReplies,
    changeRequestComments.createReply,
  ];
  static override summary = 'Review change requests in the terminal: diff, comments, merge';
  static override description = [
    "An interactive screen over the space's change requests. Without CR it lists them (s cycles the status, / filters);",
    'with CR (number or id) it opens that one: its pages with their diff, the comment threads, and one key per action:',
    'comment, reply, resolve, react, update from main, merge (asks first), archive, edit the subject, print the URL. ? lists the keys.',
    'It needs a terminal; in scripts use `docs cr diff`, `docs cr list` and the other cr commands.',
  ].join('\n');
  static override examples = [
    { description: 'The open change requests of the default space', command: '<%= config.bin %> cr review' },
    { description: 'Change request 42 of another space', command: '<%= config.bin %> cr review 42 --space sp_abc' },
  ];
  static override args = { cr: Args.string({ description: 'Change request id or number to open directly' }) };
  static override flags = { space: spaceFlag() };

  async run(): Promise<void> {
    const spaceId = this.space();
    requireTerminal(`${this.config.bin} cr review`, [`${this.config.bin} cr diff`, `${this.config.bin} cr list`]);
    const title = `${this.config.bin} cr review`;
    // The terminal is taken before anything loads (bin/run.js opens it; this covers any other way in),
    // and the view's code loads while the first request is on its way.
    const { openTerminal } = await import('../../ui/terminal.js');
    const session = openTerminal(title);
    try {
      const view = Promise.all([import('../../ui/run.js'), import('../../ui/cr-review/index.js')]);
      // Fail with the usual exit code (404 → 3, 401 → 4), the terminal given back first. Without a change request,
      // the open ones are what the list shows first: read now, beside the view's code, and handed to it.
      const changeRequest = this.args.cr
        ? await this.send(changeRequests.get, { spaceId, changeRequestId: this.subject('change request', this.args.cr) })
        : undefined;
      const list = this.args.cr
        ? undefined
        : await import('../../ui/cr-review/data.js').then(({ listChangeRequests }) =>
            listChangeRequests(this.api, spaceId, 'open', this.abort.signal),
          );
      const [{ runFullScreen }, { reviewApp }] = await view;
      await runFullScreen(
        reviewApp({ client: this.api, spaceId, ...(changeRequest ? { changeRequest } : {}), ...(list ? { openList: list } : {}) }),
        title,
      );
    } finally {
      session?.restore();
    }
  }
}
