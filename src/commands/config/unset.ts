import { DocsCommand } from '../../cli/index.js';
import { configKey, configKeyArg } from '../../cli/config-keys.js';

export default class ConfigUnset extends DocsCommand<typeof ConfigUnset> {
  static override summary = 'Remove a setting from the profile';
  static override description =
    'Commands then fall back to the next source: for api-url, DOCS_API_URL or the public API; for org, the only organization the token sees; for output, table on a terminal. Removing a key that is not set is not an error. The token is removed with `docs auth logout`.';
  static override examples = [
    { description: 'Stop using a default space', command: '<%= config.bin %> config unset space' },
    { description: 'In another profile', command: '<%= config.bin %> config unset api-url --profile local' },
  ];
  static override offline = true;
  static override args = { key: configKeyArg() };

  async run(): Promise<void> {
    const key = configKey(this.args.key);
    const profileName = this.profileName;
    const had = this.store.hasKey(profileName, key);
    if (had) await this.store.update(profileName, { [key]: undefined });
    this.output.done(
      had ? `Removed ${key} from profile "${profileName}".` : `${key} was not set in profile "${profileName}".`,
      { profile: profileName, key, removed: had },
      { KEY: 'key', REMOVED: 'removed' },
    );
  }
}
