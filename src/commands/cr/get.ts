import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestArg, changeRequestFields, DocsCommand, spaceFlag } from '../../cli/index.js';

export default class CrGet extends DocsCommand<typeof CrGet> {
  static override operations = [changeRequests.get];
  static override summary = 'Show a change request';
  static override examples = ['<%= config.bin %> cr get 42', '<%= config.bin %> cr get 42 --space sp_abc --json'];
  static override args = { cr: changeRequestArg() };
  static override flags = { space: spaceFlag() };

  async run(): Promise<void> {
    const spaceId = this.space();
    const changeRequestId = this.about('change request', this.args.cr);
    this.output.object(await this.send(changeRequests.get, { spaceId, changeRequestId }), changeRequestFields);
  }
}
