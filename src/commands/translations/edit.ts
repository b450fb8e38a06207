import { translations } from '../../api/operations/translations.js';
import { DocsCommand, dryRunFlag, orgFlag, UsageError } from '../../cli/index.js';
import { translationArg } from '../../cli/flags/translations.js';
import { translationRow } from '../../cli/format/translations.js';
import { instructionsFlags, instructionsFromFlags } from '../../cli/flags/translations.js';

export default class TranslationsEdit extends DocsCommand<typeof TranslationsEdit> {
  static override operations = [translations.update];
  static override summary = 'Replace the instructions of a translation';
  static override description =
    'The instructions are all a translation lets you change; they apply from the next run (`docs translations run`).';
  static override examples = [
    {
      description: 'New instructions',
      command: '<%= config.bin %> translations edit tr_abc\n--instructions "Use the informal form of address."',
    },
    {
      description: 'A full document from a file',
      command: '<%= config.bin %> translations edit tr_abc --instructions-file instructions.json',
    },
  ];
  static override args = { translation: translationArg() };
  static override flags = { org: orgFlag(), ...instructionsFlags(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const instructions = await instructionsFromFlags(this.flags, this.io.stdin);
    if (instructions === undefined) throw new UsageError('nothing to change: pass --instructions "<text>" or --instructions-file <file|->');
    const organizationId = await this.org();
    const translationId = this.subject('translation', this.args.translation);
    const updated = await this.send(translations.update, { organizationId, translationId, body: { instructions } });
    this.output.done(`Updated the instructions of translation ${updated.id}`, updated, translationRow);
  }
}
