import { translations } from '../../api/operations/translations.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../cli/index.js';
import { translationArg } from '../../cli/flags/translations.js';

export default class TranslationsDelete extends DocsCommand<typeof TranslationsDelete> {
  static override operations = [translations.delete];
  static override summary = 'Delete a translation';
  static override description =
    'Stops translating the source space. Asks for confirmation on a terminal; --yes skips it (and is required without one).';
  static override examples = [
    '<%= config.bin %> translations delete tr_abc',
    '<%= config.bin %> translations delete tr_abc --org org_abc --yes',
  ];
  static override args = { translation: translationArg() };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const translationId = this.subject('translation', this.args.translation);
    await this.send(
      translations.delete,
      { organizationId, translationId },
      {
        confirm: {
          question: async () => `Delete translation ${translationId} of ${await this.names.organization(organizationId)}?`,
          action: `delete translation ${translationId}`,
        },
      },
    );
    this.output.done(`Deleted translation ${translationId}`, new NoContent(translationId, 'deleted'));
  }
}
