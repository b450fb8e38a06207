import { translations } from '../../api/operations/translations.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag } from '../../cli/index.js';
import { translationArg } from '../../cli/flags/translations.js';
import { translationRow } from '../../cli/format/translations.js';
import { waitForTranslation } from '../../cli/wait.js';
import { DEFAULT_WAIT_TIMEOUT, parseDuration, waitFlags } from '../../cli/wait.js';

export default class TranslationsRun extends DocsCommand<typeof TranslationsRun> {
  static override operations = [translations.run, translations.get];
  static override summary = 'Run a translation again';
  static override description =
    'Translates the source space again into the result space (after the source changed, or new instructions). The run happens in the background: follow it with `docs translations get`, or pass --wait to wait for it to complete (exit 7 when --wait-timeout passes first).';
  static override examples = [
    '<%= config.bin %> translations run tr_abc',
    '<%= config.bin %> translations run tr_abc && <%= config.bin %> translations get tr_abc',
    { description: 'Wait for the run, at most 5 minutes', command: '<%= config.bin %> translations run tr_abc --wait --wait-timeout 5m' },
  ];
  static override args = { translation: translationArg() };
  static override flags = { org: orgFlag(), ...waitFlags('the run completes'), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const translationId = this.subject('translation', this.args.translation);
    if (this.flags.wait) parseDuration(this.flags['wait-timeout'] ?? DEFAULT_WAIT_TIMEOUT);
    await this.send(translations.run, { organizationId, translationId });
    if (this.flags.wait) {
      const done = await waitForTranslation({
        id: translationId,
        get: () => this.send(translations.get, { organizationId, translationId }),
        timeout: this.flags['wait-timeout'],
        signal: this.abort.signal,
        progress: await this.longWork(`Waiting for translation ${translationId}…`),
      });
      return this.output.done(
        `Translation ${translationId} completed${done.result?.space ? `: the result is space ${done.result.space}` : ''}`,
        done,
        translationRow,
      );
    }
    this.output.done(
      `Started a run of translation ${translationId}; follow it with \`${this.config.bin} translations get ${translationId}\``,
      new NoContent(translationId, 'started'),
    );
  }
}
