import { Args } from '@oclif/core';
import { sso } from '../../../api/operations/sso.js';
import { DocsCommand, orgFlag } from '../../../cli/index.js';
import { samlProviderFields } from '../../../cli/format/sso.js';

export default class SsoSamlGet extends DocsCommand<typeof SsoSamlGet> {
  static override operations = [sso.get];
  static override summary = 'Show a SAML provider';
  static override description = [
    "Shows the identity provider's settings and what to enter on its side (ACS URL, SP entity ID).",
    'The certificate is summarised; --json prints it whole.',
  ].join('\n');
  static override examples = ['<%= config.bin %> sso saml get saml_abc', '<%= config.bin %> sso saml get saml_abc --json'];
  static override args = { provider: Args.string({ description: 'SAML provider id (see `docs sso saml list`)', required: true }) };
  static override flags = { org: orgFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const samlProviderId = this.subject('SAML provider', this.args.provider);
    this.output.object(await this.send(sso.get, { organizationId, samlProviderId }), samlProviderFields);
  }
}
