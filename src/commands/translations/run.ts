import { Args } from '@oclif/core';
import { translations } from '../../api/operations/translations.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag } from '../../cli/index.js';

export default class TranslationsRun extends DocsCommand<typeof TranslationsRun> {
  static override operations = [translations.run];
  static override summary = 'Run a translation again';
  static override description =
    'Translates the source space again into the result space (after the source changed, or new instructions). The run happens in the background: follow it with `docs translations get`.';
  static override examples = [
    '<%= config.bin %> translations run tr_abc',
    '<%= config.bin %> translations run tr_abc && <%= config.bin %> translations get tr_abc',
  ];
  static override args = { translation: Args.string({ description: 'Translation id', required: true }) };
  static override flags = { org: orgFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const translationId = this.about('translation', this.args.translation);
    await this.send(translations.run, { organizationId, translationId });
    this.output.done(
      `Started a run of translation ${translationId}; follow it with \`${this.config.bin} translations get ${translationId}\``,
      new NoContent(translationId, 'started'),
    );
  }
}
