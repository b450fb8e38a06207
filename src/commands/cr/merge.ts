import { changeRequests } from '../../api/operations/change-requests.js';
import { ExitCode } from '../../api/errors.js';
import { changeRequestArg, CommandFailure, DocsCommand, dryRunFlag, spaceFlag, yesFlag } from '../../cli/index.js';
import { conflictFailure } from '../../cli/format/conflicts.js';

export default class CrMerge extends DocsCommand<typeof CrMerge> {
  static override operations = [changeRequests.merge, changeRequests.get];
  static override summary = "Merge a change request into the space's primary content";
  static override description = [
    'Asks for confirmation on a terminal; --yes skips it (and is required without one).',
    'When a page changed both in the change request and in the primary content since it was opened, nothing is merged:',
    'the command exits 5, names the pages in the way and says how to carry the change request over (`docs cr diff`, `docs spaces pull --cr`).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> cr merge 42',
    { description: 'In CI', command: '<%= config.bin %> cr merge 42 --space sp_abc --yes --json' },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = { space: spaceFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const bin = this.config.bin;
    const spaceId = this.space();
    const id = this.subject('change request', this.args.cr);
    const result = await this.send(
      changeRequests.merge,
      { spaceId, changeRequestId: id },
      {
        confirm: {
          question: async () => `Merge ${await this.names.changeRequest(spaceId, id)} into ${await this.names.space(spaceId)}?`,
          action: `merge change request ${id}`,
        },
      },
    );
    if (result.result === 'conflicts') {
      if (this.output.isJson) this.output.json(result);
      // The app URL only helps; failing to read it must not hide the conflict.
      const url = await this.send(changeRequests.get, { spaceId, changeRequestId: id }).then(
        (cr) => cr.urls?.app,
        () => undefined,
      );
      throw conflictFailure(result, { bin, spaceId, id, nothing: 'merged', url });
    }
    if (result.result !== 'merge') {
      if (this.output.isJson) this.output.json(result);
      throw new CommandFailure(
        `the merge answered result "${result.result}", not "merge"; check the change request with \`${bin} cr get ${id}\``,
        ExitCode.unexpected,
      );
    }
    this.output.done(`Merged change request ${id} into space ${spaceId} (revision ${result.revision})`, result, {
      ID: () => id,
      RESULT: 'result',
      REVISION: 'revision',
    });
  }
}
