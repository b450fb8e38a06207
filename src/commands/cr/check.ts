import { Flags } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import { content } from '../../api/operations/content.js';
import { spaces } from '../../api/operations/spaces.js';
import { changeRequestArg, DocsCommand, spaceFlag } from '../../cli/index.js';
import { renderCheck } from '../../cli/format/check.js';
import { externalFlags, externalOptions, formatFlag, ignoreFlag, pathPrefixFlag } from '../../cli/flags/check.js';
import { counted } from '../../cli/progress.js';
import { scopeLabel } from '../../api/scope.js';
import type { Page } from '../../api/schemas/content.js';
import { CHECK_KINDS, checkChangeRequest, EXTERNAL_KINDS } from '../../content/check.js';

export default class CrCheck extends DocsCommand<typeof CrCheck> {
  static override operations = [
    changeRequests.get,
    changeRequestContent.listPages,
    changeRequestContent.getPage,
    changeRequestContent.listPageLinks,
    changeRequestComments.list,
    content.listPages,
    content.getPage,
    content.listPageLinks,
    spaces.listLinks,
  ];
  // Many requests: waits on the rate limit up to 4 h (--max-wait).
  static override bulk = true;
  static override summary = 'Check what a change request brings before merging it (a CI gate)';
  static override description = [
    'Reports what the change request brings, one finding per problem, from what the API already knows:',
    '  broken-link   a link whose target does not exist, on a page the change request adds, edits or moves,',
    '                or on a page linking to one it removes or moves; not one the primary content has there already',
    '  empty-page    a document page without content that the change request adds or empties',
    '  outdated      the change request is behind the primary content (update it; it may conflict)',
    '  open-comment  a comment on the change request that is not resolved',
    'What the primary content already has (a broken link or an empty page the change request leaves as it is)',
    'is not reported and does not fail the check: `docs spaces check` reports it. --all reports it too, marked',
    '"(already in primary content)", and then it fails the check as well.',
    'On a terminal the findings are grouped by page; piped, one per line: kind, page path, message, and where it',
    'comes from (change-request or primary), tab-separated (the page is empty for a finding about the change',
    'request itself). --json gives {"ok", "findings": [{kind, page, message, introduced}]}.',
    '--format writes the report for a CI system instead: sarif (SARIF 2.1.0 for GitHub code scanning, one rule per kind),',
    'github (workflow commands that annotate the files, and a table appended to $GITHUB_STEP_SUMMARY) or junit (JUnit XML:',
    "a test case per page checked, a failure per finding). Each finding is located by its page's file in the Git Sync",
    'layout (the paths `docs spaces pull` writes; SUMMARY.md for a finding about the change request itself), and a finding',
    'about a link by its line in that file.',
    '  broken-anchor a link to page#heading or #heading whose heading the target page does not have (GitHub-style slugs)',
    '--external also checks the http(s) links the change request adds (HEAD, GET where refused, redirects followed):',
    '  external-broken      404, 410, another 4xx, or no such host',
    '  external-redirect    a permanent redirect (301, 308): a warning',
    '  external-unverified  timed out, rate limited, refused or a server error: a warning, an error with --strict-external',
    'Warnings do not fail the check. --external-cache FILE keeps verdicts for --external-cache-ttl (default 24h).',
    'Exits 0 when nothing is found and 8 when something is (any other code is an error), so a CI step fails on findings alone.',
  ].join('\n');
  static override examples = [
    {
      description: 'What the change request brings, one per line (exits 8 when there is something)',
      command: '<%= config.bin %> cr check 3',
    },
    {
      description: 'Also what the primary content already has (exits 8 on either)',
      command: '<%= config.bin %> cr check 3 --all',
    },
    { description: 'Everything but the open comments', command: '<%= config.bin %> cr check 3 --ignore open-comment' },
    { description: 'Only the broken links, one per line', command: '<%= config.bin %> cr check 3 | grep ^broken-link' },
    {
      description: 'SARIF for GitHub code scanning (exits 8 when there is something, as every format does)',
      command: '<%= config.bin %> cr check 3 --format sarif > docs.sarif',
    },
    {
      description: 'Annotations in a GitHub Actions job (exits 8 when there is something)',
      command: '<%= config.bin %> cr check 3 --format github',
    },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = {
    space: spaceFlag(),
    ignore: ignoreFlag(),
    all: Flags.boolean({
      description: 'Also report the broken links and empty pages the primary content already has (they then fail the check too)',
    }),
    format: formatFlag(),
    'path-prefix': pathPrefixFlag(),
    ...externalFlags(),
  };

  async run(): Promise<void> {
    const spaceId = this.space();
    const changeRequestId = this.subject('change request', this.args.cr);
    const external = externalOptions(this.flags);
    const client = await this.client();
    const progress = await this.longWork(`Checking ${scopeLabel({ spaceId, changeRequestId })}…`);
    let tree: readonly Page[] | undefined;
    const report = await checkChangeRequest(
      client,
      { spaceId, changeRequestId },
      {
        ignore: this.flags.ignore ?? [],
        all: this.flags.all,
        signal: this.abort.signal,
        onTree: (pages) => (tree = pages),
        onProgress: this.counting(counted(progress, 'Checking pages')),
        ...(external ? { external } : {}),
      },
    ).finally(() => {
      progress.stop();
      this.saveCache(external?.cache);
    });
    const kinds = CHECK_KINDS.filter((k) => !(this.flags.ignore ?? []).includes(k) && (external || !EXTERNAL_KINDS.includes(k)));
    this.io.exitCode = renderCheck(
      this.output,
      report,
      `No findings: change request ${this.args.cr} passes every check.`,
      this.flags.json,
      {
        format: this.flags.format,
        changeRequest: true,
        env: this.io.env,
        run: {
          title: `docs cr check ${this.args.cr}`,
          kinds,
          scope: `${spaceId}/${changeRequestId}`,
          version: this.config.version,
          tree,
          ...(this.flags['path-prefix'] ? { pathPrefix: this.flags['path-prefix'] } : {}),
        },
      },
    );
  }

  /** Writes the link cache; a failure to is a warning (the check's verdict stands). */
  private saveCache(cache: { save(): void; file: string } | undefined): void {
    try {
      cache?.save();
    } catch (err) {
      this.output.warn(`Could not write the link cache ${cache?.file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
