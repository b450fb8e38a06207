import { changeRequests } from '../../api/operations/change-requests.js';
import {
  changeRequestArg,
  changeRequestLabel,
  changeRequestRow,
  DocsCommand,
  dryRunFlag,
  field,
  fieldsFromFlags,
  spaceFlag,
  UsageError,
} from '../../cli/index.js';

const op = changeRequests.update;

export default class CrEdit extends DocsCommand<typeof CrEdit> {
  static override operations = [changeRequests.update];
  static override summary = 'Edit the subject or status of a change request';
  static override description =
    'Set --status archived to close a change request without merging it, open or draft to reopen it. Merging is `docs cr merge`.';
  static override examples = [
    '<%= config.bin %> cr edit 42 --subject "Rewrite the quick start"',
    { description: 'Archive it', command: '<%= config.bin %> cr edit 42 --status archived' },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = {
    space: spaceFlag(),
    subject: field.string(op.body, 'subject', { description: 'New subject' }),
    status: field.option(op.body, 'status', { description: 'New status' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const body = fieldsFromFlags(op.body, this.flags);
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: pass --subject and/or --status');
    const spaceId = this.space();
    const changeRequestId = this.subject('change request', this.args.cr);
    const cr = await this.send(op, { spaceId, changeRequestId, body });
    this.output.done(`Updated change request ${changeRequestLabel(cr)} (status ${cr.status})`, cr, changeRequestRow);
  }
}
