import { openapi } from '../../api/operations/openapi.js';
import { DocsCommand, orgFlag } from '../../cli/index.js';
import { specFields } from '../../cli/format/openapi.js';
import { checkSlug, slugArg } from '../../cli/flags/openapi.js';

export default class OpenapiGet extends DocsCommand<typeof OpenapiGet> {
  static override operations = [openapi.get];
  static override summary = 'Show an OpenAPI specification';
  static override description =
    "SLUG is the specification's slug (`docs openapi list`). Shows its visibility, whether its last version is still being processed, the last version and when it was processed, where it is fetched from, and its URLs. Its versions are listed by `docs openapi versions list SLUG`.";
  static override examples = ['<%= config.bin %> openapi get petstore', '<%= config.bin %> openapi get petstore --json'];
  static override args = { slug: slugArg() };
  static override flags = { org: orgFlag() };

  async run(): Promise<void> {
    const specSlug = this.subject('OpenAPI specification', checkSlug(this.args.slug));
    const organizationId = await this.org();
    this.output.object(await this.send(openapi.get, { organizationId, specSlug }), specFields);
  }
}
