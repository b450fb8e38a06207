import { Args } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { contentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { dryRunFlag, field, fieldsFromFlags, spaceFlag, yesFlag } from '../../cli/index.js';
import { crFlag } from '../../cli/flags/common.js';
import { contentBefore, pagesAfter, pagesText } from '../../cli/replace-content.js';
import { scopeLabel, scopeOperations } from '../../api/scope.js';
import { redact } from '../../api/redact.js';

const op = content.import;

export default class SpacesImport extends ContentCommand<typeof SpacesImport> {
  static override operations = [contentTwins.import.space, contentTwins.import.changeRequest, ...scopeOperations];
  static override summary = 'Import content into a space (or a change request) from a URL';
  static override description = [
    'The service fetches --url and adds what it finds as new pages and files after the existing ones.',
    'With --cr the content goes into the change request, to review before merging. Piped, prints the new revision and the counts.',
    'Asks first on a terminal, naming the space (or change request), its page count and the source; --yes skips it (and is required without one).',
  ].join('\n');
  static override examples = [
    {
      description: 'A markdown file from a URL',
      command: '<%= config.bin %> spaces import sp_abc --source markdown\n--url https://example.com/guide.md',
    },
    {
      description: 'A zip of markdown files into change request 42',
      command: '<%= config.bin %> spaces import --cr 42 --source zip\n--url https://example.com/docs.zip',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    url: field.string(op.body, 'url', { description: 'URL of the content to import', helpValue: '<url>', required: true }),
    source: field.option(op.body, 'source', { description: 'Kind of content at the URL', required: true }),
    yes: yesFlag(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const scope = this.scope(this.args.space);
    const body = fieldsFromFlags(op.body, this.flags) as { url: string; source: 'markdown' };
    const before = this.flags['dry-run'] ? undefined : await contentBefore(this.api, scope, this.abort.signal);
    const into = scopeLabel(scope);
    const progress = `Importing ${redact(body.url)} into ${into}…`;
    const ask = before
      ? {
          confirm: {
            question: `Import the ${body.source} at ${redact(body.url)} into ${before.label} (${pagesText(before.pages)})?`,
            action: `import into ${into}`,
          },
          progress,
        }
      : { progress };
    const result = await this.sendIn(contentTwins.import, scope, { body }, ask);
    const changed = before ? `; ${await pagesAfter(this.api, before, this.abort.signal)}` : '';
    this.output.done(
      `Imported ${result.importedResources} of ${result.totalResources} resources into ${into} (revision ${result.revision}${changed})`,
      result,
      {
        REVISION: 'revision',
        IMPORTED: 'importedResources',
        TOTAL: 'totalResources',
      },
    );
  }
}
