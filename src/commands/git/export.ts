import { Args } from '@oclif/core';
import { git } from '../../api/operations/git.js';
import type { ExportToGitRepositoryBody } from '../../api/schemas/git.js';
import { DocsCommand, dryRunFlag, field, NoContent, spaceFlag } from '../../cli/index.js';
import { shownUrl } from '../../cli/format/git.js';
import { gitBody, gitFlags } from '../../cli/flags/git.js';

const op = git.export;

export default class GitExport extends DocsCommand<typeof GitExport> {
  static override operations = [git.export];
  static override summary = 'Export a space to a Git repository (one commit on a branch)';
  static override description = [
    'Writes the pages as markdown (README.md, SUMMARY.md, folders for nesting) and commits them on --ref with the message given.',
    'Credentials in the URL are never shown; pass the URL on stdin with --url - to keep it out of shell history.',
  ].join('\n');
  static override examples = [
    {
      description: 'One commit on the docs branch, with its message',
      command: '<%= config.bin %> git export sp_abc --url https://github.com/acme/docs.git\n--ref docs -m "Sync from the docs platform"',
    },
    {
      description: 'The URL (with its token) from a CI secret',
      command: 'echo "$DOCS_REPO_URL" |\n<%= config.bin %> git export --url - --ref main -m "Nightly export"',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    ...gitFlags(),
    'commit-message': field.string(op.body, 'commitMessage', {
      description: 'Message of the commit',
      char: 'm',
      required: true,
      helpValue: '<message>',
    }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    const body = {
      ...(await gitBody(this.flags, this.io.stdin)),
      commitMessage: this.flags['commit-message'],
    } as ExportToGitRepositoryBody;
    await this.send(op, { spaceId, body }, { progress: `Exporting space ${spaceId} to ${body.ref} of ${shownUrl(body.url)}…` });
    this.output.done(`Exported space ${spaceId} to ${body.ref} of ${shownUrl(body.url)}`, new NoContent(spaceId, 'exported'));
  }
}
