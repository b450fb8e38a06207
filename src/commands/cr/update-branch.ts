import { changeRequests } from '../../api/operations/change-requests.js';
import { ExitCode } from '../../api/errors.js';
import { changeRequestArg, CommandFailure, DocsCommand, dryRunFlag, spaceFlag } from '../../cli/index.js';

export default class CrUpdateBranch extends DocsCommand<typeof CrUpdateBranch> {
  static override operations = [changeRequests.updateFromMain];
  static override summary = 'Bring a change request up to date with the primary content';
  static override description =
    'Applies the changes made to the primary content since the change request was opened (or last updated). A page changed on both sides is a conflict: nothing is applied and the command exits 5.';
  static override examples = ['<%= config.bin %> cr update-branch 42', '<%= config.bin %> cr update-branch 42 --space sp_abc --json'];
  static override args = { cr: changeRequestArg() };
  static override flags = { space: spaceFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const bin = this.config.bin;
    const spaceId = this.space();
    const id = this.about('change request', this.args.cr);
    const result = await this.send(changeRequests.updateFromMain, { spaceId, changeRequestId: id });
    if (result.result !== 'update') {
      if (this.output.isJson) this.output.json(result);
      const conflicts = result.result === 'conflicts';
      throw new CommandFailure(
        conflicts
          ? `change request ${id} and the primary content changed the same pages: nothing was applied. Reconcile those pages in the change request (see \`${bin} cr get ${id}\`), then try again.`
          : `the update answered result "${result.result}", not "update"; check the change request with \`${bin} cr get ${id}\``,
        conflicts ? ExitCode.conflict : ExitCode.unexpected,
      );
    }
    this.output.done(`Updated change request ${id} from the primary content (revision ${result.revision})`, result, {
      ID: () => id,
      RESULT: 'result',
      REVISION: 'revision',
    });
  }
}
