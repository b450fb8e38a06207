import { Args } from '@oclif/core';
import { sso } from '../../../api/operations/sso.js';
import { DocsCommand, dryRunFlag, field, orgFlag, UsageError } from '../../../cli/index.js';
import { samlProviderRow } from '../../../cli/format/sso.js';
import { samlBody, samlSettingFlags } from '../../../cli/flags/sso.js';

const op = sso.update;

export default class SsoSamlEdit extends DocsCommand<typeof SsoSamlEdit> {
  static override operations = [sso.update];
  static override summary = 'Edit a SAML provider';
  static override description =
    'Only the settings given change; the certificate may come from a file (--certificate-file). Needs the admin role.';
  static override examples = [
    '<%= config.bin %> sso saml edit saml_abc --label "Okta (EU)"',
    { description: 'Rotate the certificate', command: '<%= config.bin %> sso saml edit saml_abc --certificate-file new-okta.pem' },
  ];
  static override args = { provider: Args.string({ description: 'SAML provider id (see `docs sso saml list`)', required: true }) };
  static override flags = {
    org: orgFlag(),
    label: field.string(op.body, 'label', { description: 'Name shown on the sign-in page' }),
    ...samlSettingFlags(op.body),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const body = await samlBody(op.body, this.flags, this.io.stdin);
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'nothing to change: pass --label, --entity-id, --certificate or --certificate-file, --sso-url, --default-team or --default-role',
      );
    }
    const organizationId = await this.org();
    const samlProviderId = this.subject('SAML provider', this.args.provider);
    const provider = await this.send(op, { organizationId, samlProviderId, body });
    this.output.done(
      `Updated SAML provider "${provider.label}" (${provider.id}, ${provider.status ?? 'status unknown'})`,
      provider,
      samlProviderRow,
    );
  }
}
