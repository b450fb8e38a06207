import { Args } from '@oclif/core';
import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestColumns, DocsCommand, field, fieldsFromFlags, listFlags, spaceFlag } from '../../cli/index.js';

const op = changeRequests.list;

export default class CrList extends DocsCommand<typeof CrList> {
  static override operations = [changeRequests.list];
  static override summary = 'List the change requests of a space';
  static override description =
    'Shows open change requests unless --status picks another state. The space is the argument, --space, or the profile default.';
  static override examples = [
    { description: 'Open change requests of the default space', command: '<%= config.bin %> cr list' },
    { description: 'Merged ones of a given space, as JSON', command: '<%= config.bin %> cr list sp_abc --status merged --json' },
    { description: 'Every open change request (all pages), one JSON object per line', command: '<%= config.bin %> cr list --all --json' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    status: field.option(op.query, 'status', { description: 'Only change requests in this state (default: open)' }),
    contributor: field.string(op.query, 'contributor', {
      description: 'Only change requests this user id contributed to',
      helpValue: '<user-id>',
    }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const params = { spaceId: this.space(this.args.space), query: fieldsFromFlags(op.query, this.flags) };
    await this.list(op, params, changeRequestColumns, 'No change requests.');
  }
}
