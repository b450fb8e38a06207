import { Args } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { contentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, fieldsFromFlags, listFlags, spaceFlag } from '../../cli/index.js';
import { fileColumns } from '../../cli/format/content.js';
import { crFlag } from '../../cli/flags/common.js';

const op = content.listFiles;

export default class SpacesFiles extends ContentCommand<typeof SpacesFiles> {
  static override operations = [contentTwins.listFiles.space, contentTwins.listFiles.changeRequest];
  static override summary = 'List the files of a space (or of a change request)';
  static override description =
    'Images and attachments uploaded to the content. Piped, SIZE is in bytes. `docs spaces file <id>` shows one with its download URL.';
  static override examples = [
    '<%= config.bin %> spaces files sp_abc',
    { description: 'Files of change request 42, as JSON', command: '<%= config.bin %> spaces files --cr 42 --json' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    metadata: field.boolean(op.query, 'metadata', { description: 'Include mutable Git metadata (default: yes)' }),
    computed: field.boolean(op.query, 'computed', { description: 'Compute generated content (default: yes)' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const query = fieldsFromFlags(op.query, this.flags);
    await this.listIn(
      contentTwins.listFiles,
      this.scope(this.args.space),
      { query },
      fileColumns(this.output.mode === 'table'),
      'No files.',
    );
  }
}
