import { Args } from '@oclif/core';
import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestLabel, changeRequestRow, DocsCommand, dryRunFlag, field, fieldsFromFlags, spaceFlag } from '../../cli/index.js';
import { mayPrompt } from '../../cli/editor.js';
import { ask } from '../../cli/prompt.js';

const op = changeRequests.create;

export default class CrCreate extends DocsCommand<typeof CrCreate> {
  static override operations = [changeRequests.create];
  static override summary = 'Create a change request';
  static override description =
    'Opens a change request on a space; its content starts as a copy of the primary content. On a terminal without --subject, asks for one (empty: none).';
  static override examples = [
    { description: 'In the default space', command: '<%= config.bin %> cr create --subject "Fix the install guide"' },
    {
      description: 'Keep the new id for a script (piped output is id, number, status, subject)',
      command: 'id=$(<%= config.bin %> cr create sp_abc --subject "Typos" | cut -f1)',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    subject: field.string(op.body, 'subject', { description: 'Subject (title) of the change request' }),
    'agent-task-id': field.string(op.body, 'agentTaskId', {
      description: 'Id of the agent task this change request implements',
      helpValue: '<id>',
    }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    const body = fieldsFromFlags(op.body, this.flags);
    if (this.flags.subject === undefined && !this.flags['dry-run'] && mayPrompt(this.output.isJson, this.io)) {
      const subject = (await ask('Subject: ')).trim();
      if (subject) body.subject = subject;
    }
    const cr = await this.send(op, { spaceId, body });
    this.output.done(`Created change request ${changeRequestLabel(cr)} in space ${spaceId} (id ${cr.id})`, cr, changeRequestRow);
  }
}
