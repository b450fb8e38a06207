import { Args } from '@oclif/core';
import { organizations } from '../../api/operations/organizations.js';
import { DocsCommand } from '../../cli/index.js';
import { organizationColumns } from '../../cli/format/organizations.js';

export default class OrgsByEmailDomain extends DocsCommand<typeof OrgsByEmailDomain> {
  static override operations = [organizations.listByEmailDomain];
  static override summary = 'List the organizations users of an e-mail domain can join';
  static override description = 'Only organizations the token can see are listed; --json gives them as an array.';
  static override examples = [
    '<%= config.bin %> orgs by-email-domain acme.test',
    '<%= config.bin %> orgs by-email-domain acme.test --json',
  ];
  static override args = { domain: Args.string({ description: 'E-mail domain, e.g. acme.test', required: true }) };

  async run(): Promise<void> {
    const domain = this.args.domain.replace(/^.*@/, '');
    const result = await this.send(organizations.listByEmailDomain, { emailDomain: domain });
    this.output.list(result.organizations, organizationColumns, `No organization for the e-mail domain ${domain}.`);
  }
}
