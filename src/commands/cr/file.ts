import { contentTwins } from '../../api/operations/twins.js';
import { changeRequestEntry, withoutCr } from '../../cli/content-command.js';
import { changeRequestArg } from '../../cli/index.js';
import SpacesFile from '../spaces/file.js';
import { fileArg } from '../../cli/flags/content.js';

export default class CrFile extends changeRequestEntry(SpacesFile) {
  static override operations = [contentTwins.getFile.changeRequest];
  static override summary = 'Show a file of a change request, with its download URL';
  static override description = 'The same as `docs spaces file FILE --cr CR`. File ids come from `docs cr files CR`.';
  static override examples = ['<%= config.bin %> cr file 42 file_abc', '<%= config.bin %> cr file 42 file_abc --json'];
  static override args = { cr: changeRequestArg(), file: fileArg() };
  static override flags = withoutCr(SpacesFile.flags);
}
