import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Flags } from '@oclif/core';
import { ExitCode } from '../../../api/errors.js';
import { CommandFailure, DocsCommand, UsageError } from '../../../cli/index.js';
import { exportDataDir } from '../../../emulator/seed/export.js';
import { writeSeed } from '../../../emulator/seed/write.js';

export default class EmulatorSeedExport extends DocsCommand<typeof EmulatorSeedExport> {
  static override offline = true;
  static override summary = "Write an emulator data directory's state as a seed file";

  static override description = `Opens the data directory (stop the emulator using it first), reads every organization through the API with one of its admins' tokens and writes users, members, teams, collections, spaces (pages as markdown, files, open change requests with their changes and comments) and sites as a seed. Tokens are kept: starting an emulator from the file gives the same answers to the same scripts. A running emulator (or the service) is read with \`docs emulator seed pull\` instead.`;

  static override examples = [
    {
      description: 'Build a fixture with docs commands, then commit it',
      command: '<%= config.bin %> <%= command.id %> --data-dir .emulator --output fixture.json',
    },
  ];

  static override flags = {
    'data-dir': Flags.string({
      summary: 'The data directory of an emulator (docs emulator start --data-dir).',
      helpValue: 'DIR',
      required: true,
    }),
    output: Flags.string({ summary: 'Write the seed to this file (default: stdout).', helpValue: 'FILE' }),
  };

  async run(): Promise<void> {
    const flags = this.flags;
    const dir = flags['data-dir'];
    if (!existsSync(join(dir, 'tokens.json'))) throw new UsageError(`--data-dir ${dir}: not an emulator data directory (no tokens.json)`);
    const progress = await this.longWork(`Reading ${dir}…`);
    let exported;
    try {
      exported = await exportDataDir(dir, (step) => progress.update(`Reading ${step}…`)).finally(progress.stop);
    } catch (err) {
      // A database that cannot be opened or an organization without an admin's token: one line, not a trace.
      throw new CommandFailure(`cannot export ${dir}: ${(err as Error).message}`, ExitCode.unexpected);
    }
    const { seed, notes } = exported;
    for (const note of notes) this.output.info(`Note: ${note}`);
    writeSeed(seed, flags.output);
  }
}
