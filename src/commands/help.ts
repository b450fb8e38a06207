import { Args, Command, loadHelpClass, type Interfaces } from '@oclif/core';

export default class HelpCommand extends Command {
  static override summary = 'Show help for a topic or command';
  static override description =
    'The same text as `--help` (or `-h`) after the topic or command: `docs help cr merge` is `docs cr merge --help`.';
  static override examples = ['<%= config.bin %> help', '<%= config.bin %> help cr', '<%= config.bin %> help cr merge'];
  static override args = {
    command: Args.string({ description: 'Topic and command, as typed (e.g. cr merge)', required: false, ignoreStdin: true }),
  };
  static override strict = false;

  async run(): Promise<void> {
    const { argv } = await this.parse(HelpCommand);
    const Help = await loadHelpClass(this.config);
    await new Help(
      this.config,
      (this.config.pjson.oclif.helpOptions ?? this.config.pjson.helpOptions) as Partial<Interfaces.HelpOptions> | undefined,
    ).showHelp(argv as string[]);
  }
}
