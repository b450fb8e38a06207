import { Flags } from '@oclif/core';
import { ApiError } from '../../api/errors.js';
import { registerSecret } from '../../api/redact.js';
import { AuthError, DocsCommand, UsageError } from '../../cli/index.js';
import { listOrganizations } from '../../cli/organizations.js';
import { checkConfigValue } from '../../cli/profiles.js';
import { ask, canPrompt, readAll } from '../../cli/prompt.js';

export default class AuthLogin extends DocsCommand<typeof AuthLogin> {
  static override summary = 'Save an API token in a profile, after checking it works';
  static override description = [
    'Prompts for the token without echoing it, or reads it from stdin with --with-token (CI).',
    'The token is verified with GET /v1/orgs before it is saved; the profile file is readable by you only (mode 0600).',
    'The token is never taken from a flag: it would end up in shell history and process lists.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> auth login',
    { description: 'From a CI secret', command: 'echo "$DOCS_CI_TOKEN" | <%= config.bin %> auth login --with-token' },
    {
      description: 'Against a local emulator, in its own profile',
      command: '<%= config.bin %> auth login --profile local --api-url http://127.0.0.1:4010',
    },
  ];
  static override flags = {
    'with-token': Flags.boolean({ description: 'Read the token from stdin instead of prompting' }),
  };

  async run(): Promise<void> {
    const { profileName, apiUrl: givenUrl, apiUrlSource } = this.context;
    // The same rules as `config set api-url` (http(s), no credentials in the URL), before asking for anything.
    const apiUrl = checkConfigValue('api-url', givenUrl);
    const token = (await this.readToken(apiUrl)).trim();
    if (token === '') throw new UsageError('the token is empty; nothing was saved');
    if (/\s/.test(token)) throw new UsageError('the value contains whitespace; paste only the token. Nothing was saved');
    registerSecret(token);

    const client = await this.client({ token, apiUrl });
    let organizations;
    try {
      organizations = await listOrganizations(client, this.abort.signal);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        throw new AuthError(`${apiUrl} refused it (${err.status}): ${err.message}. Nothing was saved.`);
      }
      throw err;
    } finally {
      await client.close();
    }

    // A URL given for this login (flag or environment) belongs with the token; the built-in default is not pinned.
    const saveUrl = apiUrlSource !== 'profile' && apiUrlSource !== 'default';
    await this.store.update(profileName, { token, ...(saveUrl ? { 'api-url': apiUrl } : {}) });

    if (this.env.DOCS_TOKEN) this.output.warn('DOCS_TOKEN is set and takes precedence over the saved token while it stays set.');
    const names = organizations.map((o) => o.title ?? o.id).join(', ');
    const message = `Logged in to ${apiUrl} as profile "${profileName}"; the token sees ${organizations.length} organization${organizations.length === 1 ? '' : 's'}${names ? `: ${names}` : ''}.`;
    this.output.done(message, { profile: profileName, apiUrl, organizations }, { PROFILE: 'profile', API_URL: 'apiUrl' });
  }

  private async readToken(apiUrl: string): Promise<string> {
    const prompt = { input: this.io.stdin, output: this.io.stderr };
    if (this.flags['with-token']) return readAll(prompt.input);
    if (!canPrompt(prompt)) {
      throw new UsageError(
        `no terminal to ask for the token on. Pipe it in with --with-token (echo "$TOKEN" | ${this.config.bin} auth login --with-token)`,
      );
    }
    return ask(`API token for ${apiUrl} (input hidden): `, { secret: true, io: prompt });
  }
}
