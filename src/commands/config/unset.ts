import { DocsCommand } from '../../cli/index.js';
import { configKey, configKeyArg } from '../../cli/config-keys.js';

export default class ConfigUnset extends DocsCommand<typeof ConfigUnset> {
  static override summary = 'Remove a setting from the profile';
  static override examples = ['<%= config.bin %> config unset space'];
  static override args = { key: configKeyArg() };

  async run(): Promise<void> {
    const key = configKey(this.args.key);
    const { profileName } = this.context;
    const had = this.store.get(profileName)[key] !== undefined;
    if (had) this.store.update(profileName, { [key]: undefined });
    this.output.done(had ? `Removed ${key} from profile "${profileName}".` : `${key} was not set in profile "${profileName}".`, { profile: profileName, key, removed: had }, { KEY: 'key', REMOVED: 'removed' });
  }
}
