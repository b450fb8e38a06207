import { Args } from '@oclif/core';
import { DocsCommand } from '../../cli/index.js';
import { configKey, configKeyArg } from '../../cli/config-keys.js';
import { checkConfigValue } from '../../cli/profiles.js';

export default class ConfigSet extends DocsCommand<typeof ConfigSet> {
  static override summary = 'Set a setting of the profile';
  static override description = 'Keys: api-url (API base URL), org (default organization), space (default space), output (table or json).';
  static override examples = [
    '<%= config.bin %> config set org org_abc',
    '<%= config.bin %> config set space sp_abc',
    { description: 'Always write JSON', command: '<%= config.bin %> config set output json' },
    '<%= config.bin %> config set api-url http://127.0.0.1:4010 --profile local',
  ];
  static override offline = true;
  static override args = { key: configKeyArg(), value: Args.string({ description: 'New value', required: true }) };

  async run(): Promise<void> {
    const key = configKey(this.args.key);
    const value = checkConfigValue(key, this.args.value);
    // Not this.context: setting a key must work when another value of the file is wrong.
    const profileName = this.profileName;
    await this.store.update(profileName, { [key]: value });
    this.output.done(
      `Set ${key} to ${value} in profile "${profileName}".`,
      { profile: profileName, key, value },
      { KEY: 'key', VALUE: 'value' },
    );
  }
}
