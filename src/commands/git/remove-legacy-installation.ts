import { Args } from '@oclif/core';
import { git } from '../../api/operations/git.js';
import { DocsCommand, dryRunFlag, NoContent, spaceFlag, yesFlag } from '../../cli/index.js';

export default class GitRemoveLegacyInstallation extends DocsCommand<typeof GitRemoveLegacyInstallation> {
  static override operations = [git.deleteLegacyInstallation];
  static override summary = 'Remove the legacy Git Sync installation of a space';
  static override description = [
    'Lets the space move to the current Git integrations. A current Git sync is left alone; succeeds when there is nothing to remove.',
    'Asks for confirmation on a terminal; --yes skips it (and is required without one).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> git remove-legacy-installation sp_abc',
    { description: 'In a script', command: '<%= config.bin %> git remove-legacy-installation sp_abc --yes' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = { space: spaceFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    await this.send(
      git.deleteLegacyInstallation,
      { spaceId },
      {
        confirm: {
          question: async () => `Remove the legacy Git Sync installation of ${await this.names.space(spaceId)}?`,
          action: `remove the legacy Git Sync installation of space ${spaceId}`,
        },
      },
    );
    this.output.done(`Removed the legacy Git Sync installation of space ${spaceId} (if there was one)`, new NoContent(spaceId, 'removed'));
  }
}
