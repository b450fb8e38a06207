import { contentTwins } from '../../api/operations/twins.js';
import { changeRequestEntry, withoutCr } from '../../cli/content-command.js';
import { changeRequestArg } from '../../cli/index.js';
import SpacesRevision from '../spaces/revision.js';

export default class CrRevision extends changeRequestEntry(SpacesRevision) {
  static override operations = [contentTwins.getRevision.changeRequest];
  static override summary = "Show the latest revision of a change request's content";
  static override description = 'The same as `docs spaces revision --cr CR`: a summary on a terminal; --json prints the whole revision.';
  static override examples = ['<%= config.bin %> cr revision 42', '<%= config.bin %> cr revision 42 --json'];
  static override args = { cr: changeRequestArg() };
  static override flags = withoutCr(SpacesRevision.flags);
}
