import { contentTwins } from '../../api/operations/twins.js';
import { changeRequestEntry, withoutCr } from '../../cli/content-command.js';
import { changeRequestArg } from '../../cli/index.js';
import SpacesFiles from '../spaces/files.js';

export default class CrFiles extends changeRequestEntry(SpacesFiles) {
  static override operations = [contentTwins.listFiles.changeRequest];
  static override summary = 'List the files of a change request';
  static override description = 'The same as `docs spaces files --cr CR`: images and attachments of its content. Piped, SIZE is in bytes.';
  static override examples = [
    '<%= config.bin %> cr files 42',
    { description: 'As JSON, in another space', command: '<%= config.bin %> cr files 42 --space sp_abc --json' },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = withoutCr(SpacesFiles.flags);
}
