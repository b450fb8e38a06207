import { Args } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { translations } from '../../api/operations/translations.js';
import type { TRANSLATION_LANGUAGES } from '../../api/schemas/common.js';
import { TranslationSourceInput } from '../../api/schemas/translation.js';
import { DocsCommand, dryRunFlag, field, orgFlag, spaceFlag, UsageError } from '../../cli/index.js';
import { translationRow } from '../../cli/format/translations.js';
import { waitForTranslation } from '../../cli/wait.js';
import { instructionsFlags, instructionsFromFlags } from '../../cli/flags/translations.js';
import { DEFAULT_WAIT_TIMEOUT, parseDuration, waitFlags } from '../../cli/wait.js';

const op = translations.create;
type Language = (typeof TRANSLATION_LANGUAGES)[number];

export default class TranslationsCreate extends DocsCommand<typeof TranslationsCreate> {
  static override operations = [translations.create, spaces.get, translations.get];
  static override summary = 'Translate a space into another language';
  static override description = [
    'Creates the translation and starts its first run; the translated space appears as its result (see `docs translations get`).',
    'With --wait, waits for that first run to complete (exit 7 when --wait-timeout passes first).',
    "--source-language defaults to the space's own language when it has one. Instructions: --instructions text or --instructions-file JSON document.",
  ].join('\n');
  static override examples = [
    '<%= config.bin %> translations create sp_abc --language fr --source-language en',
    {
      description: 'With instructions for the translators',
      command: '<%= config.bin %> translations create --language de --source-language en\n--instructions "Keep product names in English."',
    },
    {
      description: 'Wait for the translated space',
      command: '<%= config.bin %> translations create sp_abc --language fr\n--source-language en --wait',
    },
  ];
  static override args = { space: Args.string({ description: "Space to translate (default: --space or the profile's space)" }) };
  static override flags = {
    org: orgFlag(),
    space: spaceFlag(),
    language: field.option(op.body, 'language', { description: 'Language to translate into', required: true }),
    'source-language': field.option(TranslationSourceInput, 'language', {
      description: "Language the space is written in (default: the space's language)",
    }),
    ...instructionsFlags(),
    ...waitFlags('the first run completes'),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const instructions = await instructionsFromFlags(this.flags, this.io.stdin);
    const organizationId = await this.org();
    const space = this.space(this.args.space);
    const sourceLanguage = this.flags['source-language'] ?? (await this.spaceLanguage(space));
    // oclif restricts --language to the contract's values; the schema checks both (and the space's) before sending.
    const body = {
      source: { space, language: sourceLanguage as Language },
      language: this.flags.language as Language,
      ...(instructions !== undefined ? { instructions } : {}),
    };
    if (this.flags.wait) parseDuration(this.flags['wait-timeout'] ?? DEFAULT_WAIT_TIMEOUT);
    const created = await this.send(op, { organizationId, body });
    if (this.flags.wait) {
      const done = await waitForTranslation({
        id: created.id,
        get: () => this.send(translations.get, { organizationId, translationId: created.id }),
        timeout: this.flags['wait-timeout'],
        signal: this.abort.signal,
        progress: await this.longWork(`Waiting for translation ${created.id}…`),
      });
      return this.output.done(
        `Created translation ${created.id} of space ${space}; its first run completed${done.result?.space ? `: the result is space ${done.result.space}` : ''}`,
        done,
        translationRow,
      );
    }
    this.output.done(
      `Created translation ${created.id} of space ${space} (${sourceLanguage} → ${created.language}, ${created.status})`,
      created,
      translationRow,
    );
  }

  private async spaceLanguage(spaceId: string): Promise<string> {
    const found = (await this.send(spaces.get, { spaceId })).language;
    if (!found) throw new UsageError(`space ${spaceId} has no language set: pass --source-language <code>`);
    return found;
  }
}
