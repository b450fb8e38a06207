import { Args } from '@oclif/core';
import { git } from '../../api/operations/git.js';
import type { ImportGitRepositoryBody } from '../../api/schemas/git.js';
import { DocsCommand, dryRunFlag, field, NoContent, spaceFlag, yesFlag } from '../../cli/index.js';
import { shownUrl } from '../../cli/format/git.js';
import { gitBody, gitFlags } from '../../cli/flags/git.js';
import { contentBefore, pagesAfter, pagesText } from '../../cli/replace-content.js';
import { scopeOperations } from '../../api/scope.js';

const op = git.import;

export default class GitImport extends DocsCommand<typeof GitImport> {
  static override operations = [git.import, ...scopeOperations];
  static override summary = 'Import a Git repository (one branch) into a space';
  static override description = [
    "Replaces the space's content with the markdown of the branch (README.md, SUMMARY.md for the order, folders for nesting); --standalone only creates a revision.",
    'Asks first on a terminal, naming the space, its page count and the source; --yes skips it (and is required without one). Afterwards says the page count before → after.',
    'Credentials in the URL are never shown; pass the URL on stdin with --url - to keep it out of shell history. `docs git info` shows the sync state.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> git import sp_abc --url https://github.com/acme/docs.git --ref main',
    {
      description: 'A private repository, the URL (with its token) from a CI secret',
      command: 'echo "$DOCS_REPO_URL" |\n<%= config.bin %> git import --url - --ref main --yes\n--repo-project-directory docs',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    ...gitFlags(),
    standalone: field.boolean(op.body, 'standalone', { description: "Only create a revision; leave the space's primary content as it is" }),
    yes: yesFlag(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    const body = (await gitBody(this.flags, this.io.stdin)) as ImportGitRepositoryBody;
    if (this.flags.standalone !== undefined) body.standalone = this.flags.standalone;
    const source = `${body.ref} of ${shownUrl(body.url)}`;
    const progress = `Importing ${source} into space ${spaceId}…`;
    // A standalone import only adds a revision; --dry-run sends nothing: neither needs the count.
    const before = body.standalone || this.flags['dry-run'] ? undefined : await contentBefore(this.api, { spaceId }, this.abort.signal);
    await this.send(
      op,
      { spaceId, body },
      before
        ? {
            confirm: {
              question: `Replace the content of ${before.label} (${pagesText(before.pages)}) with ${source}?`,
              action: `replace the content of space ${spaceId}`,
            },
            progress,
          }
        : { progress },
    );
    const changed = before ? ` (${await pagesAfter(this.api, before, this.abort.signal)})` : ' as a standalone revision';
    this.output.done(
      `Imported ${source} into space ${spaceId}${changed}; \`${this.config.bin} git info ${spaceId}\` shows the sync state`,
      new NoContent(spaceId, 'imported'),
    );
  }
}
