import { openapi } from '../../../api/operations/openapi.js';
import { DocsCommand, listFlags, orgFlag } from '../../../cli/index.js';
import { versionColumns } from '../../../cli/format/openapi.js';
import { checkSlug, slugArg } from '../../../cli/flags/openapi.js';

export default class VersionsList extends DocsCommand<typeof VersionsList> {
  static override operations = [openapi.listVersions];
  static override summary = 'List the versions of an OpenAPI specification';
  static override description = 'Newest first; each `docs openapi publish` that could read its source adds one.';
  static override examples = [
    '<%= config.bin %> openapi versions list petstore',
    '<%= config.bin %> openapi versions list petstore --all --json',
  ];
  static override args = { slug: slugArg() };
  static override flags = { org: orgFlag(), ...listFlags() };

  async run(): Promise<void> {
    const specSlug = this.subject('OpenAPI specification', checkSlug(this.args.slug));
    await this.list(openapi.listVersions, { organizationId: await this.org(), specSlug }, versionColumns, 'No versions.');
  }
}
