import { contentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { listFlags, spaceFlag } from '../../cli/index.js';
import { backlinkColumns } from '../../cli/format/content.js';
import { fileArg } from '../../cli/flags/content.js';
import { crFlag } from '../../cli/flags/common.js';

export default class SpacesFileBacklinks extends ContentCommand<typeof SpacesFileBacklinks> {
  static override operations = [contentTwins.listFileBacklinks.space, contentTwins.listFileBacklinks.changeRequest];
  static override summary = 'List the places where a file is used';
  static override description =
    'Pages (and other content) that reference the file, in the space or with --cr in the change request. Check before deleting a file.';
  static override examples = [
    '<%= config.bin %> spaces file-backlinks file_abc',
    { description: 'In change request 42, as JSON', command: '<%= config.bin %> spaces file-backlinks file_abc --cr 42 --json' },
  ];
  static override args = { file: fileArg() };
  static override flags = { space: spaceFlag(), cr: crFlag(), ...listFlags() };

  async run(): Promise<void> {
    const scope = this.scope();
    const fileId = this.subject('file', this.args.file);
    await this.listIn(contentTwins.listFileBacklinks, scope, { fileId }, backlinkColumns, 'The file is not used anywhere.');
  }
}
