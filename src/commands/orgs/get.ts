import { Args } from '@oclif/core';
import { organizations } from '../../api/operations/organizations.js';
import { DocsCommand, orgFlag } from '../../cli/index.js';
import { organizationFields } from '../../cli/format/organizations.js';
import { openWeb, webFlag, webIO } from '../../cli/web.js';

export default class OrgsGet extends DocsCommand<typeof OrgsGet> {
  static override operations = [organizations.get];
  static override summary = 'Show an organization and its settings';
  static override description = "The organization is the argument, --org, the profile's org, or the only one the token sees.";
  static override examples = ['<%= config.bin %> orgs get', '<%= config.bin %> orgs get org_abc --json'];
  static override args = { org: Args.string({ description: "Organization id (default: --org or the profile's org)" }) };
  static override flags = { org: orgFlag(), web: webFlag() };

  async run(): Promise<void> {
    const organizationId = this.args.org ? this.subject('organization', this.args.org) : await this.org();
    const org = await this.send(organizations.get, { organizationId });
    if (this.flags.web) return openWeb(org.urls?.app, `organization ${organizationId}`, webIO(this.output, this.io));
    this.output.object(org, organizationFields);
  }
}
