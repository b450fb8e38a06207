import { Flags } from '@oclif/core';
import { pullSeed } from '../../../emulator/seed/export.js';
import { withFreshTokens, writeSeed } from '../../../emulator/seed/write.js';
import { DocsCommand, orgFlag } from '../../../cli/index.js';
import { organizations } from '../../../api/operations/organizations.js';

export default class EmulatorSeedPull extends DocsCommand<typeof EmulatorSeedPull> {
  static override operations = [organizations.get];
  // Many requests: waits on the rate limit up to 4 h (--max-wait).
  static override bulk = true;
  static override summary = 'Read an organization through the API into a seed file';

  static override description = `Read-only: members, teams, collections, spaces with their pages as markdown and their files, open change requests with their changes and comments, and sites, written as a seed that \`docs emulator start --seed FILE\` starts from, so CI can run offline against the shape of a real organization. Tokens and secrets are never copied: every user gets a fresh token, and the file says so at its top. What the API does not let a client read is named on stderr.`;

  static override examples = [
    { description: "The profile's organization", command: '<%= config.bin %> <%= command.id %> --profile prod --output prod.json' },
    {
      description: 'Another organization, then start from it',
      command: '<%= config.bin %> <%= command.id %> --org org_abc --output org.json',
    },
  ];

  static override flags = {
    org: orgFlag(),
    output: Flags.string({ summary: 'Write the seed to this file (default: stdout).', helpValue: 'FILE' }),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const client = await this.client();
    const progress = await this.longWork(`Reading organization ${organizationId}…`);
    const { seed, notes } = await pullSeed(() => client, [organizationId], {
      onProgress: (step) => progress.update(`Reading ${step}…`),
      signal: this.abort.signal,
    }).finally(progress.stop);
    for (const note of notes) this.output.info(`Note: ${note}`);
    writeSeed(withFreshTokens(seed, organizationId), this.flags.output);
  }
}
