import { translations } from '../../api/operations/translations.js';
import { DocsCommand, listFlags, orgFlag } from '../../cli/index.js';
import { translationColumns } from '../../cli/format/translations.js';

export default class TranslationsList extends DocsCommand<typeof TranslationsList> {
  static override operations = [translations.list];
  static override summary = 'List the translations of an organization';
  static override description =
    'Each translation copies a source space into a result space in another language; ids are what the other `translations` commands take.';
  static override examples = ['<%= config.bin %> translations list', '<%= config.bin %> translations list --org org_abc --json'];
  static override flags = { org: orgFlag(), ...listFlags() };

  async run(): Promise<void> {
    await this.list(translations.list, { organizationId: await this.org() }, translationColumns, 'No translations.');
  }
}
