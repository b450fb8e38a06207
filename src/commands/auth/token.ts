import { AuthError, DocsCommand } from '../../cli/index.js';

export default class AuthToken extends DocsCommand<typeof AuthToken> {
  static override summary = 'Print the token in use to stdout, for piping';
  static override description = 'The only command that shows the token unmasked. It goes to stdout only, never to stderr or logs.';
  static override examples = [
    {
      description: 'Call the API from another tool',
      command: 'curl -H "Authorization: Bearer $(<%= config.bin %> auth token)"\nhttps://api.gitbook.com/v1/orgs',
    },
  ];

  static override offline = true;

  async run(): Promise<void> {
    const { profileName, token } = this.context;
    if (!token) throw new AuthError(`not logged in (profile "${profileName}"). Run \`${this.config.bin} auth login\` or set DOCS_TOKEN.`);
    if (this.output.isJson) this.output.json({ token });
    else this.output.line(token);
  }
}
