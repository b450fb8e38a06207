import { contentTwins } from '../../api/operations/twins.js';
import { changeRequestEntry, withoutCr } from '../../cli/content-command.js';
import { changeRequestArg } from '../../cli/index.js';
import SpacesPages from '../spaces/pages.js';

export default class CrPages extends changeRequestEntry(SpacesPages) {
  static override operations = [contentTwins.listPages.changeRequest];
  static override summary = 'Show the page tree of a change request';
  static override description = [
    'The same as `docs spaces pages --cr CR`: on a terminal, the titles indented by nesting with each path and id;',
    'piped, one row per page (id, path, title, type); --json, the API answer.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> cr pages 42',
    { description: 'In another space, ids only', command: '<%= config.bin %> cr pages 42 --space sp_abc | cut -f1' },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = withoutCr(SpacesPages.flags);
}
