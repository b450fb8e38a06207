import { maskToken, redact } from '../../api/redact.js';
import { AuthError, DocsCommand } from '../../cli/index.js';
import { listOrganizations } from '../../cli/organizations.js';

export default class AuthStatus extends DocsCommand<typeof AuthStatus> {
  static override summary = 'Show the profile, API URL and token in use, and check the token';
  static override description =
    'Exits 4 when there is no token or the API refuses it. The token is shown masked; `docs auth token` prints it.';
  static override examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --profile local --json'];

  async run(): Promise<void> {
    const { profileName, apiUrl, apiUrlSource, token, tokenSource } = this.context;
    if (!token)
      throw new AuthError(
        `not logged in (profile "${profileName}", ${redact(apiUrl)}). Run \`${this.config.bin} auth login\` or set DOCS_TOKEN.`,
      );
    const organizations = await listOrganizations(this.api, this.abort.signal);
    const status = { profile: profileName, apiUrl: redact(apiUrl), apiUrlSource, token: maskToken(token), tokenSource, organizations };
    this.output.object(status, {
      Profile: 'profile',
      'API URL': (s) => `${s.apiUrl} (from ${s.apiUrlSource})`,
      Token: (s) => `${s.token} (from ${s.tokenSource})`,
      Organizations: (s) => s.organizations.map((o) => (o.title ? `${o.title} (${o.id})` : o.id)).join(', ') || 'none',
    });
  }
}
