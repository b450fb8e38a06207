import { Args } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { contentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, fieldsFromFlags, spaceFlag } from '../../cli/index.js';
import { revisionFields } from '../../cli/format/content.js';
import { crFlag } from '../../cli/flags/common.js';

const op = content.getRevision;

export default class SpacesRevision extends ContentCommand<typeof SpacesRevision> {
  static override operations = [contentTwins.getRevision.space, contentTwins.getRevision.changeRequest];
  static override summary = "Show the current revision of a space's content (or of a change request's)";
  static override description =
    'A summary on a terminal (id, type, pages, files, Git commit); --json prints the whole revision with its pages and files.';
  static override examples = [
    '<%= config.bin %> spaces revision sp_abc',
    { description: 'The latest revision of change request 42, as JSON', command: '<%= config.bin %> spaces revision --cr 42 --json' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    metadata: field.boolean(op.query, 'metadata', { description: 'Include mutable Git metadata (default: yes)' }),
    computed: field.boolean(op.query, 'computed', { description: 'Compute generated content, such as OpenAPI pages (default: yes)' }),
  };

  async run(): Promise<void> {
    const query = fieldsFromFlags(op.query, this.flags);
    const revision = await this.sendIn(contentTwins.getRevision, this.scope(this.args.space), { query });
    this.output.object(revision, revisionFields);
  }
}
