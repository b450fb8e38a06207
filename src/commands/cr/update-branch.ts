import { changeRequests } from '../../api/operations/change-requests.js';
import { ExitCode } from '../../api/errors.js';
import { changeRequestArg, CommandFailure, DocsCommand, dryRunFlag, spaceFlag } from '../../cli/index.js';
import { conflictFailure } from '../../cli/format/conflicts.js';

export default class CrUpdateBranch extends DocsCommand<typeof CrUpdateBranch> {
  static override operations = [changeRequests.updateFromMain, changeRequests.get];
  static override summary = 'Bring a change request up to date with the primary content';
  static override description =
    'Applies the changes made to the primary content since the change request was opened (or last updated). A page changed on both sides is a conflict: nothing is applied, the command exits 5, names the pages in the way and says how to carry the change request over.';
  static override examples = ['<%= config.bin %> cr update-branch 42', '<%= config.bin %> cr update-branch 42 --space sp_abc --json'];
  static override args = { cr: changeRequestArg() };
  static override flags = { space: spaceFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const bin = this.config.bin;
    const spaceId = this.space();
    const id = this.subject('change request', this.args.cr);
    const result = await this.send(changeRequests.updateFromMain, { spaceId, changeRequestId: id });
    if (result.result === 'conflicts') {
      if (this.output.isJson) this.output.json(result);
      // The app URL only helps; failing to read it must not hide the conflict.
      const url = await this.send(changeRequests.get, { spaceId, changeRequestId: id }).then(
        (cr) => cr.urls?.app,
        () => undefined,
      );
      throw conflictFailure(result, { bin, spaceId, id, nothing: 'applied', url });
    }
    if (result.result !== 'update') {
      if (this.output.isJson) this.output.json(result);
      throw new CommandFailure(
        `the update answered result "${result.result}", not "update"; check the change request with \`${bin} cr get ${id}\``,
        ExitCode.unexpected,
      );
    }
    this.output.done(`Updated change request ${id} from the primary content (revision ${result.revision})`, result, {
      ID: () => id,
      RESULT: 'result',
      REVISION: 'revision',
    });
  }
}
