import { Args } from '@oclif/core';
import { ApiError, ExitCode } from '../../api/errors.js';
import { git } from '../../api/operations/git.js';
import { spaces } from '../../api/operations/spaces.js';
import { CommandFailure, DocsCommand, spaceFlag } from '../../cli/index.js';
import { gitInfoFields } from '../../cli/format/git.js';

export default class GitInfo extends DocsCommand<typeof GitInfo> {
  static override operations = [git.getInfo];
  static override summary = 'Show the Git sync state of a space';
  static override description =
    'The repository, provider and time of the last sync. Exits 3 when the space has no Git sync set up (`docs git import` sets one up).';
  static override examples = ['<%= config.bin %> git info sp_abc', '<%= config.bin %> git info --json'];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = { space: spaceFlag() };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    try {
      this.output.object(await this.send(git.getInfo, { spaceId }), gitInfoFields);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      // The same 404 means "no such space" or "no Git sync on it": ask which, to say the right thing.
      await this.send(spaces.get, { spaceId });
      throw new CommandFailure(
        `space ${spaceId} has no Git sync set up (404). Connect a repository with \`${this.config.bin} git import ${spaceId} --url <url> --ref <branch>\`.`,
        ExitCode.notFound,
      );
    }
  }
}
