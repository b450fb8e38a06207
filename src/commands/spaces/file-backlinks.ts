import { Args } from '@oclif/core';
import { changeRequestContent } from '../../api/operations/change-request-content.js';
import { content } from '../../api/operations/content.js';
import { DocsCommand, listFlags, spaceFlag } from '../../cli/index.js';
import { backlinkColumns, crFlag } from '../../cli/format/content.js';
import { operationList } from '../../cli/format/spaces.js';

export default class SpacesFileBacklinks extends DocsCommand<typeof SpacesFileBacklinks> {
  static override operations = operationList(content.listFileBacklinks, changeRequestContent.listFileBacklinks);
  static override summary = 'List the places where a file is used';
  static override description =
    'Pages (and other content) that reference the file, in the space or with --cr in the change request. Check before deleting a file.';
  static override examples = [
    '<%= config.bin %> spaces file-backlinks file_abc',
    { description: 'In change request 42, as JSON', command: '<%= config.bin %> spaces file-backlinks file_abc --cr 42 --json' },
  ];
  static override args = { file: Args.string({ description: 'File id', required: true }) };
  static override flags = { space: spaceFlag(), cr: crFlag(), ...listFlags() };

  async run(): Promise<void> {
    const spaceId = this.space();
    const changeRequestId = this.flags.cr ? this.about('change request', this.flags.cr) : undefined;
    const fileId = this.about('file', this.args.file);
    if (changeRequestId !== undefined) {
      await this.list(
        changeRequestContent.listFileBacklinks,
        { spaceId, changeRequestId, fileId },
        backlinkColumns,
        'The file is not used anywhere.',
      );
    } else {
      await this.list(content.listFileBacklinks, { spaceId, fileId }, backlinkColumns, 'The file is not used anywhere.');
    }
  }
}
