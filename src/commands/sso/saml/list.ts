import { sso } from '../../../api/operations/sso.js';
import { DocsCommand, listFlags, orgFlag } from '../../../cli/index.js';
import { samlProviderColumns } from '../../../cli/format/sso.js';

export default class SsoSamlList extends DocsCommand<typeof SsoSamlList> {
  static override operations = [sso.list];
  static override summary = 'List the SAML providers of an organization';
  static override description = 'A provider is pending until its entity ID, certificate and SSO URL are all set. Needs the admin role.';
  static override examples = ['<%= config.bin %> sso saml list', '<%= config.bin %> sso saml list --org org_abc --json'];
  static override flags = { org: orgFlag(), ...listFlags() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    await this.list(sso.list, { organizationId }, samlProviderColumns, 'No SAML providers.');
  }
}
