import { Args } from '@oclif/core';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import { collections } from '../../api/operations/collections.js';
import { content } from '../../api/operations/content.js';
import { members } from '../../api/operations/members.js';
import { organizations } from '../../api/operations/organizations.js';
import { spaces } from '../../api/operations/spaces.js';
import { WaitBudget, type RateLimitWait } from '../../api/rate-limit.js';
import { DocsCommand, orgFlag, spaceFlag } from '../../cli/index.js';
import { resolveMaxWait } from '../../cli/context.js';
import { requireTerminal } from '../../cli/interactive.js';
import type { BeforeView } from '../../ui/before-view.js';
import { crFlag } from '../../cli/flags/common.js';

export default class SpacesBrowse extends DocsCommand<typeof SpacesBrowse> {
  static override operations = [
    organizations.list,
    organizations.get,
    organizations.search,
    collections.list,
    collections.get,
    collections.listSpaces,
    members.list,
    members.listSpaces,
    spaces.get,
    spaces.search,
    content.listPages,
    content.getPage,
    changeRequests.list,
    changeRequestContent.listPages,
    changeRequestContent.getPage,
  ];
  static override summary = 'Browse organizations, collections, spaces and pages in the terminal';
  static override description = [
    'An interactive view: organizations → collections → spaces → the page tree → a page, rendered for the terminal.',
    'In the tree → and ← expand and collapse, Enter reads a page, / searches the space and c reads a change request instead of the primary content. Esc or q goes back, ? lists the keys.',
    "Given a space (argument or --space) it opens that space's page tree; given --org, that organization's collections. Needs a terminal: without one, use `docs spaces pages` and `docs spaces page`.",
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces browse',
    { description: "Open a space's page tree", command: '<%= config.bin %> spaces browse sp_abc' },
    { description: 'Read the content of change request 3', command: '<%= config.bin %> spaces browse sp_abc --cr 3' },
  ];
  static override args = { space: Args.string({ description: 'Space id to open (default: start with the organizations)' }) };
  static override flags = { space: spaceFlag(), org: orgFlag(), cr: crFlag() };

  /** Until the view is drawn: the rate limit's waits as the first frame shows them (src/ui/before-view.ts). */
  private beforeView?: BeforeView;

  /** Nothing on stderr: the terminal is the view's. Before it is drawn, the first frame says so; then its status line. */
  protected override onRateLimitWait(wait: RateLimitWait): void {
    this.beforeView?.onWait(wait);
  }

  async run(): Promise<void> {
    requireTerminal(`${this.config.bin} spaces browse`, [
      `${this.config.bin} spaces pages`,
      `${this.config.bin} spaces page`,
      `${this.config.bin} spaces search`,
    ]);
    const title = `${this.config.bin} spaces browse`;
    // The terminal is taken before anything loads (bin/run.js opens it; this covers any other way in),
    // and the view's code loads while the first requests are on their way.
    const [{ openTerminal, VIEW_CODE }, { BeforeView }] = await Promise.all([
      import('../../ui/terminal.js'),
      import('../../ui/before-view.js'),
    ]);
    const session = openTerminal(title);
    const before = (this.beforeView = new BeforeView(session));
    try {
      const view = VIEW_CODE['spaces browse']();
      // The view's loads wait on the rate limit as long as bulk work does: a person sees the countdown and Esc cancels.
      const budget = resolveMaxWait(this.flags['max-wait'], this.env, true);
      const { cr } = this.flags;
      // The profile's default space is not opened on its own: the browser is also how one finds a space.
      const explicitSpace = this.args.space ?? this.flags.space;
      const orgId = this.flags.org ?? this.context.profile.org;
      // Starting on the organizations, their list is read now, beside the view's code, not once the view is drawn
      // (if it has to wait on the rate limit, the view reads it itself, showing the wait with Esc to cancel it).
      const preload =
        explicitSpace === undefined && cr === undefined && orgId === undefined ? before.preload(this.abort.signal) : undefined;
      if (preload) this.api.http.rateLimiter.attach(preload, new WaitBudget(budget.ms, budget.source));
      const firstList = preload
        ? import('../../ui/space-browser/data.js').then(({ listAll }) =>
            listAll(this.api, organizations.list, {}, preload)
              .catch(() => undefined)
              .finally(() => before.done(preload)),
          )
        : undefined;
      const client = this.api;
      const [{ runFullScreen }, ui, { RateLimitWatch }] = await view;
      let initial: Awaited<ReturnType<typeof ui.startAtSpace>> = [{ kind: 'orgs' }];
      let changeRequest;
      if (explicitSpace !== undefined || cr !== undefined) {
        const spaceId = this.space(this.args.space);
        const space = await this.send(spaces.get, { spaceId });
        if (cr !== undefined) {
          const found = await this.send(changeRequests.get, { spaceId, changeRequestId: this.subject('change request', cr) });
          changeRequest = { spaceId, changeRequest: found };
        }
        initial = await ui.startAtSpace(client, space, this.abort.signal);
      } else if (orgId !== undefined) {
        const org = await this.send(organizations.get, { organizationId: this.subject('organization', orgId) });
        // Opened on what it was given: q quits from there rather than walk up to a list never shown.
        initial = [{ kind: 'collections', org: { id: org.id, title: org.title } }];
      }
      const orgList = await firstList;
      before.stop();
      this.beforeView = undefined;
      const watch = new RateLimitWatch({ limiter: client.http.rateLimiter, budgetMs: budget.ms, source: budget.source });
      try {
        await runFullScreen(
          ui.spaceBrowser({ client, initial, ...(changeRequest ? { changeRequest } : {}), ...(orgList ? { organizations: orgList } : {}) }),
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
