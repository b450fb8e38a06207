import { DocsCommand } from '../../cli/index.js';
import { configKey, configKeyArg } from '../../cli/config-keys.js';

export default class ConfigGet extends DocsCommand<typeof ConfigGet> {
  static override summary = "Print one setting of the profile (nothing when it's unset)";
  static override description = [
    'Keys: api-url, org, space, output. The value alone is printed, for scripts (`space=$(docs config get space)`);',
    'an unset key prints nothing and exits 0 (with --json: {"key": ..., "value": null}). The token is not a setting: see `docs auth status`.',
  ].join('\n');
  static override offline = true;
  static override examples = ['<%= config.bin %> config get org', '<%= config.bin %> config get api-url --profile local'];
  static override args = { key: configKeyArg() };

  async run(): Promise<void> {
    const key = configKey(this.args.key);
    const value = this.store.get(this.context.profileName)[key];
    if (this.output.isJson) this.output.json({ key, value: value ?? null });
    else if (value !== undefined) this.output.line(value);
  }
}
