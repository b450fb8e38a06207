import { openapi } from '../../api/operations/openapi.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../cli/index.js';
import { checkSlug, slugArg } from '../../cli/flags/openapi.js';

export default class OpenapiDelete extends DocsCommand<typeof OpenapiDelete> {
  static override operations = [openapi.delete];
  static override summary = 'Delete an OpenAPI specification and its versions';
  static override description =
    'Asks for confirmation on a terminal; --yes skips it (and is required without one). Deleting a slug that does not exist succeeds (the API answers the same).';
  static override examples = ['<%= config.bin %> openapi delete petstore', '<%= config.bin %> openapi delete petstore --yes'];
  static override args = { slug: slugArg() };
  static override flags = { org: orgFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const specSlug = this.subject('OpenAPI specification', checkSlug(this.args.slug));
    const organizationId = await this.org();
    await this.send(
      openapi.delete,
      { organizationId, specSlug },
      {
        confirm: {
          question: async () =>
            `Delete OpenAPI specification ${specSlug} of ${await this.names.organization(organizationId)} and all its versions?`,
          action: `delete OpenAPI specification ${specSlug}`,
        },
      },
    );
    this.output.done(`Deleted OpenAPI specification ${specSlug}`, new NoContent(specSlug, 'deleted'));
  }
}
