import { Args } from '@oclif/core';
import { sso } from '../../../api/operations/sso.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';

export default class SsoSamlDelete extends DocsCommand<typeof SsoSamlDelete> {
  static override operations = [sso.delete];
  static override summary = 'Delete a SAML provider';
  static override description = [
    'Members can no longer sign in through it. Asks for confirmation on a terminal; --yes skips it.',
    'Succeeds also when the provider no longer exists.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> sso saml delete saml_abc',
    '<%= config.bin %> sso saml delete saml_abc --org org_abc --yes',
  ];
  static override args = { provider: Args.string({ description: 'SAML provider id (see `docs sso saml list`)', required: true }) };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const samlProviderId = this.subject('SAML provider', this.args.provider);
    await this.send(
      sso.delete,
      { organizationId, samlProviderId },
      {
        confirm: {
          question: async () => `Delete SAML provider ${samlProviderId} of ${await this.names.organization(organizationId)}?`,
          action: `delete SAML provider ${samlProviderId}`,
        },
      },
    );
    this.output.done(`Deleted SAML provider ${samlProviderId} of organization ${organizationId}`, new NoContent(samlProviderId, 'deleted'));
  }
}
