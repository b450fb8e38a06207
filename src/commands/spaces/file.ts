import { Args } from '@oclif/core';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { content } from '../../api/operations/content.js';
import { DocsCommand, field, fieldsFromFlags, spaceFlag } from '../../cli/index.js';
import { crFlag, fileFields } from '../../cli/format/content.js';
import { operationList } from '../../cli/format/spaces.js';

const op = content.getFile;

export default class SpacesFile extends DocsCommand<typeof SpacesFile> {
  static override operations = operationList(content.getFile, changeRequestContent.getFile);
  static override summary = 'Show a file of a space (or of a change request), with its download URL';
  static override description = 'File ids come from `docs spaces files`.';
  static override examples = [
    '<%= config.bin %> spaces file file_abc',
    { description: 'Download it', command: 'curl -sO "$(<%= config.bin %> spaces file file_abc --json | jq -r .downloadURL)"' },
  ];
  static override args = { file: Args.string({ description: 'File id', required: true }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    metadata: field.boolean(op.query, 'metadata', { description: 'Include mutable Git metadata (default: yes)' }),
    computed: field.boolean(op.query, 'computed', { description: 'Compute generated content (default: yes)' }),
  };

  async run(): Promise<void> {
    const spaceId = this.space();
    const query = fieldsFromFlags(op.query, this.flags);
    const changeRequestId = this.flags.cr ? this.about('change request', this.flags.cr) : undefined;
    const fileId = this.about('file', this.args.file);
    const file =
      changeRequestId !== undefined
        ? await this.send(changeRequestContent.getFile, { spaceId, changeRequestId, fileId, query })
        : await this.send(op, { spaceId, fileId, query });
    this.output.object(file, fileFields);
  }
}
