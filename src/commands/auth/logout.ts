import { DocsCommand } from '../../cli/index.js';

export default class AuthLogout extends DocsCommand<typeof AuthLogout> {
  static override summary = "Remove the profile's saved token";
  static override description = 'Other settings of the profile (api-url, org, space) are kept. A token in DOCS_TOKEN is not affected.';
  static override examples = ['<%= config.bin %> auth logout', '<%= config.bin %> auth logout --profile ci'];

  static override offline = true;

  async run(): Promise<void> {
    const profileName = this.profileName;
    const had = this.store.hasKey(profileName, 'token');
    if (had) await this.store.update(profileName, { token: undefined });
    if (this.env.DOCS_TOKEN) this.output.warn('DOCS_TOKEN is still set and is used while it stays set.');
    this.output.done(
      had ? `Logged out of profile "${profileName}".` : `Profile "${profileName}" had no saved token; nothing to do.`,
      { profile: profileName, removed: had },
      { PROFILE: 'profile', REMOVED: 'removed' },
    );
  }
}
