import { openapi } from '../../api/operations/openapi.js';
import { DocsCommand, listFlags, orgFlag } from '../../cli/index.js';
import { specColumns } from '../../cli/format/openapi.js';

export default class OpenapiList extends DocsCommand<typeof OpenapiList> {
  static override operations = [openapi.list];
  static override summary = 'List the OpenAPI specifications of an organization';
  static override description = 'Specifications are named by their slug in the other `openapi` commands.';
  static override examples = ['<%= config.bin %> openapi list', '<%= config.bin %> openapi list --org org_abc --json'];
  static override flags = { org: orgFlag(), ...listFlags() };

  async run(): Promise<void> {
    await this.list(openapi.list, { organizationId: await this.org() }, specColumns, 'No OpenAPI specifications.');
  }
}
