import { sso } from '../../api/operations/sso.js';
import { DocsCommand, orgFlag } from '../../cli/index.js';
import { ssoLoginColumns } from '../../cli/format/sso.js';

export default class SsoLogins extends DocsCommand<typeof SsoLogins> {
  static override operations = [sso.listLogins];
  static override summary = 'List how members sign in through the SSO providers of an organization';
  static override description = 'One row per active provider with the URL that starts its sign-in; any member may list them.';
  static override examples = ['<%= config.bin %> sso logins', '<%= config.bin %> sso logins --org org_abc --json'];
  static override flags = { org: orgFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const result = await this.send(sso.listLogins, { organizationId });
    this.output.list(result.items, ssoLoginColumns, 'No active SSO providers.');
  }
}
