import { Flags } from '@oclif/core';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { content } from '../../api/operations/content.js';
import { changeRequestArg, DocsCommand, spaceFlag, UsageError } from '../../cli/index.js';
import { scopeLabel } from '../../api/scope.js';
import { counted } from '../../cli/progress.js';

export default class CrDiff extends DocsCommand<typeof CrDiff> {
  static override operations = [content.listPages, content.getPage, changeRequestContent.listPages, changeRequestContent.getPage];
  // Many requests: waits on the rate limit up to 4 h (--max-wait).
  static override bulk = true;
  static override summary = "Show what a change request changes in the space's content";
  static override description = [
    "Compares the change request's content with the space's primary content (what it would merge into), page by page:",
    'pages added, removed, moved (another path), renamed (another title) and modified, each modified page with a unified',
    'diff of its markdown. Pages are matched by id, so a moved page is one entry, not a removal and an addition.',
    '',
    'On a terminal the diff is coloured and shown through a pager: DOCS_PAGER, else PAGER, else `less -FRX`',
    '(DOCS_PAGER=cat or an empty value turns it off). Piped, it is a plain git-style patch, for `delta`, `git apply` or',
    'a file: each page is the file `<page path>.md` holding `# <title>`, a blank line and the markdown, as Git Sync writes',
    'pages. --stat counts lines of markdown. --json gives every changed page with its paths, titles, kinds and hunks.',
    'When nothing differs it says so on stderr; it exits 0 either way.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> cr diff 3',
    { description: 'Lines added and removed per page', command: '<%= config.bin %> cr diff 3 --stat' },
    { description: 'Only the paths of the changed pages', command: '<%= config.bin %> cr diff 3 --name-only' },
    'Through delta, or into a patch file\n<%= config.bin %> cr diff 3 | delta\n<%= config.bin %> cr diff 3 > cr3.patch',
    {
      description: 'Pages changed and how, for a script',
      command: '<%= config.bin %> cr diff 3 --json |\njq -r \'.pages[] | "\\(.change)\\t\\(.pathAfter // .pathBefore)"\'',
    },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = {
    space: spaceFlag(),
    stat: Flags.boolean({ description: 'Lines added and removed per page, and a total (like git diff --stat)' }),
    'name-only': Flags.boolean({ description: 'Only the paths of the changed pages, one per line' }),
  };

  async run(): Promise<void> {
    const { stat, 'name-only': nameOnly, json } = this.flags;
    const chosen = [stat && '--stat', nameOnly && '--name-only', json && '--json'].filter(Boolean);
    if (chosen.length > 1) throw new UsageError(`${chosen.join(' and ')} cannot be used together: pick one`);
    const spaceId = this.space();
    const changeRequestId = this.subject('change request', this.args.cr);
    // jsdiff is loaded by this command only, so other commands start as fast as before.
    const { diffChangeRequest } = await import('../../content/diff.js');
    // The client without the operation table: the diff sends only the four operations above (their two areas).
    const client = this.api;
    const progress = await this.longWork(`Reading the pages of ${scopeLabel({ spaceId, changeRequestId })}…`);
    const diff = await diffChangeRequest(
      client,
      { spaceId, changeRequestId },
      { signal: this.abort.signal, onProgress: this.counting(counted(progress, 'Reading pages')) },
    ).finally(progress.stop);

    // --stat and --name-only win over a profile whose output is JSON; --json itself excludes them.
    if (json || (this.output.isJson && !stat && !nameOnly)) {
      this.output.json(diff);
    } else if (diff.pages.length > 0) {
      const view = await import('../../cli/format/diff.js');
      const colour = (style: Parameters<typeof this.output.paint>[0], text: string) => this.output.paint(style, text);
      const text = nameOnly
        ? view.renderNames(diff)
        : stat
          ? view.renderStat(diff, this.io.stdout.columns || 80, colour)
          : view.renderPatch(diff, colour);
      const { page } = await import('../../cli/pager.js');
      await page(text, { env: this.env, stdout: this.io.stdout });
    }
    if (diff.pages.length === 0) {
      this.output.info(`No differences: change request ${this.args.cr} has the same content as the space's primary content.`);
    }
  }
}
