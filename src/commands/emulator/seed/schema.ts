import { DocsCommand } from '../../../cli/index.js';
import { seedJsonSchema } from '../../../emulator/seed/json-schema.js';

export default class EmulatorSeedSchema extends DocsCommand<typeof EmulatorSeedSchema> {
  static override offline = true;
  static override summary = "Print the JSON Schema of the emulator's seed files";

  static override description = `Generated from the schemas the emulator validates a seed with, so an editor checks a seed file as you type. In VS Code, either map files to it in settings.json ("json.schemas": [{"fileMatch": ["*.seed.json"], "url": "./seed.schema.json"}]) or give the file a "$schema" key naming the schema file.`;

  static override examples = [
    { description: 'Save it next to your seeds', command: '<%= config.bin %> <%= command.id %> > seed.schema.json' },
  ];

  async run(): Promise<void> {
    this.io.stdout.write(`${JSON.stringify(seedJsonSchema(), null, 2)}\n`);
  }
}
