import { content } from '../../api/operations/content.js';
import { contentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, fieldsFromFlags, spaceFlag } from '../../cli/index.js';
import { fileFields } from '../../cli/format/content.js';
import { fileArg } from '../../cli/flags/content.js';
import { crFlag } from '../../cli/flags/common.js';

const op = content.getFile;

export default class SpacesFile extends ContentCommand<typeof SpacesFile> {
  static override operations = [contentTwins.getFile.space, contentTwins.getFile.changeRequest];
  static override summary = 'Show a file of a space (or of a change request), with its download URL';
  static override description = 'File ids come from `docs spaces files`.';
  static override examples = [
    '<%= config.bin %> spaces file file_abc',
    { description: 'Download it', command: 'curl -sO "$(<%= config.bin %> spaces file file_abc --jq .downloadURL)"' },
  ];
  static override args = { file: fileArg() };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    metadata: field.boolean(op.query, 'metadata', { description: 'Include mutable Git metadata (default: yes)' }),
    computed: field.boolean(op.query, 'computed', { description: 'Compute generated content (default: yes)' }),
  };

  async run(): Promise<void> {
    const scope = this.scope();
    const fileId = this.subject('file', this.args.file);
    const file = await this.sendIn(contentTwins.getFile, scope, { fileId, query: fieldsFromFlags(op.query, this.flags) });
    this.output.object(file, fileFields);
  }
}
