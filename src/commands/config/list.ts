import { maskToken } from '../../api/redact.js';
import { DocsCommand } from '../../cli/index.js';
import { CONFIG_KEYS } from '../../cli/profiles.js';

export default class ConfigList extends DocsCommand<typeof ConfigList> {
  static override summary = 'List the settings of the profile';
  static override description =
    'Shows every key (empty when unset), whether a token is saved (masked), the other profiles and the file they live in.';
  static override examples = ['<%= config.bin %> config list', '<%= config.bin %> config list --profile ci --json'];

  static override offline = true;

  async run(): Promise<void> {
    const { profileName } = this.context;
    const profile = this.store.get(profileName);
    if (this.output.isJson) {
      const settings = Object.fromEntries(CONFIG_KEYS.map((k) => [k, profile[k] ?? null]));
      this.output.json({
        profile: profileName,
        settings,
        token: profile.token ? maskToken(profile.token) : null,
        profiles: this.store.names(),
        file: this.store.path,
      });
      return;
    }
    const rows = [
      ...CONFIG_KEYS.map((key) => ({ key, value: profile[key] ?? '' })),
      { key: 'token', value: profile.token ? `${maskToken(profile.token)} (saved)` : '' },
    ];
    this.output.list(rows, { KEY: 'key', VALUE: 'value' });
    this.output.info(
      `Profile "${profileName}" in ${this.store.path}${this.store.names().length > 1 ? `; profiles: ${this.store.names().join(', ')}` : ''}`,
    );
  }
}
