import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import { WaitBudget, type RateLimitWait } from '../../api/rate-limit.js';
import { DocsCommand, spaceFlag } from '../../cli/index.js';
import { resolveMaxWait } from '../../cli/context.js';
import { textFromEditor } from '../../cli/editor.js';
import { requireTerminal } from '../../cli/interactive.js';
import type { BeforeView } from '../../ui/before-view.js';

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

  /** Until the view is drawn: the rate limit's waits as the first frame shows them (src/ui/before-view.ts). */
  private beforeView?: BeforeView;

  /** Nothing on stderr: the terminal is the view's. Before it is drawn, the first frame says so; then its status line. */
  protected override onRateLimitWait(wait: RateLimitWait): void {
    this.beforeView?.onWait(wait);
  }

  async run(): Promise<void> {
    const spaceId = this.space();
    requireTerminal(`${this.config.bin} cr review`, [`${this.config.bin} cr diff`, `${this.config.bin} cr list`]);
    const title = `${this.config.bin} cr review`;
    // The terminal is taken before anything loads (bin/run.js opens it; this covers any other way in),
    // and the view's code loads while the first request is on its way.
    const [{ openTerminal, VIEW_CODE }, { BeforeView }] = await Promise.all([
      import('../../ui/terminal.js'),
      import('../../ui/before-view.js'),
    ]);
    const session = openTerminal(title);
    const before = (this.beforeView = new BeforeView(session));
    try {
      const view = VIEW_CODE['cr review']();
      // The view's loads wait on the rate limit as long as bulk work does: a person sees the countdown and Esc cancels.
      const budget = resolveMaxWait(this.flags['max-wait'], this.env, true);
      // Fail with the usual exit code (404 → 3, 401 → 4), the terminal given back first. Without a change request,
      // the open ones are what the list shows first: read now, beside the view's code, and handed to it; if they
      // have to wait on the rate limit, the list reads them itself, showing the wait with Esc to cancel it.
      const changeRequest = this.args.cr
        ? await this.send(changeRequests.get, { spaceId, changeRequestId: this.subject('change request', this.args.cr) })
        : undefined;
      let list;
      if (!this.args.cr) {
        const signal = before.preload(this.abort.signal);
        this.api.http.rateLimiter.attach(signal, new WaitBudget(budget.ms, budget.source));
        list = await import('../../ui/cr-review/data.js')
          .then(({ listChangeRequests }) => listChangeRequests(this.api, spaceId, 'open', signal))
          .catch((err: unknown) => {
            if (before.wasAbandoned(signal) && !this.abort.signal.aborted) return undefined;
            throw err;
          })
          .finally(() => before.done(signal));
      }
      const [{ runFullScreen, lendTerminal }, { reviewApp }, { RateLimitWatch }] = await view;
      before.stop();
      this.beforeView = undefined;
      const client = this.api;
      const watch = new RateLimitWatch({ limiter: client.http.rateLimiter, budgetMs: budget.ms, source: budget.source });
      try {
        await runFullScreen(
          reviewApp({
            client,
            spaceId,
            ...(changeRequest ? { changeRequest } : {}),
            ...(list ? { openList: list } : {}),
            // Ctrl-G in a comment box: the text in $VISUAL or $EDITOR, as `docs comments create` writes it; the box keeps its
            // text if the editor fails or gives back nothing.
            editText: (what, text) =>
              lendTerminal(() => textFromEditor({ what: `the ${what}`, initial: text, env: this.env })).catch(() => undefined),
          }),
          title,
          { rateLimit: watch },
        );
      } finally {
        watch.close();
      }
    } finally {
      before.stop();
      session?.restore();
    }
  }
}
