import { sso } from '../../../api/operations/sso.js';
import { DocsCommand, dryRunFlag, field, orgFlag, UsageError } from '../../../cli/index.js';
import { samlProviderRow } from '../../../cli/format/sso.js';
import { samlBody, samlSettingFlags } from '../../../cli/flags/sso.js';

const op = sso.create;

export default class SsoSamlCreate extends DocsCommand<typeof SsoSamlCreate> {
  static override operations = [sso.create];
  static override summary = 'Create a SAML provider';
  static override description = [
    'It stays pending until --entity-id, the certificate and --sso-url are all set (now or with `docs sso saml edit`).',
    'Then `docs sso saml get` shows the ACS URL and entity ID to enter at the identity provider. Needs the admin role.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> sso saml create --label Okta',
    {
      description: 'Fully configured, the certificate from a file',
      command:
        '<%= config.bin %> sso saml create --label Okta --entity-id http://www.okta.com/exk1\n--sso-url https://acme.okta.com/app/sso/saml\n--certificate-file okta.pem --default-role read',
    },
  ];
  static override flags = {
    org: orgFlag(),
    label: field.string(op.body, 'label', { description: 'Name shown on the sign-in page', required: true }),
    ...samlSettingFlags(op.body),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const body = await samlBody(op.body, this.flags, this.io.stdin);
    // oclif enforces the flag; this narrows its type.
    const label = this.flags.label;
    if (label === undefined) throw new UsageError('--label is required');
    const organizationId = await this.org();
    const provider = await this.send(op, { organizationId, body: { ...body, label } });
    this.output.done(
      `Created SAML provider "${provider.label}" (${provider.id}, ${provider.status ?? 'status unknown'})`,
      provider,
      samlProviderRow,
    );
  }
}
