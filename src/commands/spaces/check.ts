import { Args } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, spaceFlag } from '../../cli/index.js';
import { renderCheck } from '../../cli/format/check.js';
import { externalFlags, externalOptions, formatFlag, ignoreFlag, pathPrefixFlag } from '../../cli/flags/check.js';
import { counted } from '../../cli/progress.js';
import { scopeLabel } from '../../api/scope.js';
import type { Page } from '../../api/schemas/content.js';
import { checkSpace, EXTERNAL_KINDS, type CheckKind } from '../../content/check.js';

const KINDS: readonly CheckKind[] = ['broken-link', 'broken-anchor', 'empty-page', ...EXTERNAL_KINDS];

export default class SpacesCheck extends DocsCommand<typeof SpacesCheck> {
  static override operations = [content.listPages, content.getPage, spaces.listLinks];
  // Many requests: waits on the rate limit up to 4 h (--max-wait).
  static override bulk = true;
  static override summary = "Check a space's primary content for broken links and empty pages";
  static override description = [
    "The same report as `cr check`, on the space's primary content (for a nightly job):",
    "  broken-link   a link in a page whose target does not exist (from the space's link report)",
    '  empty-page    a document page without content',
    '  broken-anchor a link to page#heading or #heading whose heading the target page does not have (GitHub-style slugs)',
    'With --external, the http(s) links too, as `cr check` does (external-broken; external-redirect and',
    'external-unverified are warnings, the latter an error with --strict-external; --external-cache FILE keeps verdicts).',
    'On a terminal the findings are grouped by page; piped, one per line: kind, page path, message, tab-separated.',
    '--json gives {"ok", "findings": [{kind, page, message}]}. --format sarif|github|junit writes the report for a CI',
    'system, as `cr check` does. Exits 0 when nothing is found and 8 when something is, whatever the format.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces check sp_abc',
    { description: 'Broken links only', command: '<%= config.bin %> spaces check --ignore empty-page' },
    {
      description: 'A JUnit report for GitLab or Jenkins',
      command: '<%= config.bin %> spaces check sp_abc --format junit > docs-check.xml',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    ignore: ignoreFlag(KINDS),
    format: formatFlag(),
    'path-prefix': pathPrefixFlag(),
    ...externalFlags(),
  };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    const external = externalOptions(this.flags);
    const client = await this.client();
    const progress = await this.longWork(`Checking ${scopeLabel({ spaceId })}…`);
    let tree: readonly Page[] | undefined;
    const report = await checkSpace(
      client,
      { spaceId },
      {
        ignore: this.flags.ignore ?? [],
        signal: this.abort.signal,
        onProgress: this.counting(counted(progress, 'Checking pages')),
        onTree: (pages) => (tree = pages),
        ...(external ? { external } : {}),
      },
    ).finally(() => {
      progress.stop();
      try {
        external?.cache?.save();
      } catch (err) {
        this.output.warn(`Could not write the link cache ${external?.cache?.file}: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    this.io.exitCode = renderCheck(this.output, report, `No findings: the space's content passes every check.`, this.flags.json, {
      format: this.flags.format,
      changeRequest: false,
      env: this.io.env,
      run: {
        title: `docs spaces check ${spaceId}`,
        kinds: KINDS.filter((k) => !(this.flags.ignore ?? []).includes(k) && (external || !EXTERNAL_KINDS.includes(k))),
        scope: spaceId,
        version: this.config.version,
        tree,
        ...(this.flags['path-prefix'] ? { pathPrefix: this.flags['path-prefix'] } : {}),
      },
    });
  }
}
