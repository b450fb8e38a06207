import { contentTwins } from '../../api/operations/twins.js';
import { changeRequestEntry, withoutCr } from '../../cli/content-command.js';
import { changeRequestArg } from '../../cli/index.js';
import SpacesImport from '../spaces/import.js';

export default class CrImport extends changeRequestEntry(SpacesImport) {
  static override operations = [contentTwins.import.changeRequest];
  static override summary = 'Import content into a change request from a URL';
  static override description =
    'The same as `docs spaces import --cr CR`: the service fetches --url and adds new pages and files, to review before merging.';
  static override examples = [
    {
      description: 'A zip of markdown files',
      command: '<%= config.bin %> cr import 42 --source zip\n--url https://example.com/docs.zip',
    },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = withoutCr(SpacesImport.flags);
}
