import { Args } from '@oclif/core';
import { translations } from '../../api/operations/translations.js';
import { DocsCommand, orgFlag } from '../../cli/index.js';
import { translationFields } from '../../cli/format/translations.js';

export default class TranslationsGet extends DocsCommand<typeof TranslationsGet> {
  static override operations = [translations.get];
  static override summary = 'Show a translation: its status, result space and run statistics';
  static override description =
    'Shows the languages, the source space and the space the translation writes to, how many times it ran and what the last run covered (pages, words, duration), and its instructions. Start a run with `docs translations run`.';
  static override examples = ['<%= config.bin %> translations get tr_abc', '<%= config.bin %> translations get tr_abc --json'];
  static override args = { translation: Args.string({ description: 'Translation id (from `docs translations list`)', required: true }) };
  static override flags = { org: orgFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const translation = await this.send(translations.get, {
      organizationId,
      translationId: this.subject('translation', this.args.translation),
    });
    this.output.object(translation, translationFields);
  }
}
