import { sites } from '../../../api/operations/sites.js';
import { ApiError, ExitCode } from '../../../api/errors.js';
import { CommandFailure, orgFlag } from '../../../cli/index.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesAdaptiveSchemaGet extends SiteCommand<typeof SitesAdaptiveSchemaGet> {
  static override operations = [sites.getAdaptiveSchema];
  static override summary = 'Print the visitor schema of adaptive content';
  static override description = [
    'Prints the JSON Schema of the visitor attributes, ready to edit and pass back to `docs sites adaptive-schema set --file`.',
    'With --json, the API object (jsonSchema and updatedAt). A site with no schema yet exits 3.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> sites adaptive-schema get site_abc',
    {
      description: 'Edit it and put it back',
      command:
        '<%= config.bin %> sites adaptive-schema get site_abc > schema.json &&\n$EDITOR schema.json &&\n<%= config.bin %> sites adaptive-schema set site_abc --file schema.json',
    },
  ];
  static override args = { site: siteArg() };
  static override flags = { org: orgFlag(), site: siteFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const site = this.site();
    let schema;
    try {
      schema = await this.send(sites.getAdaptiveSchema, { organizationId, siteId: site });
    } catch (err) {
      // The site exists but has no schema: say that, not "site not found".
      if (err instanceof ApiError && err.status === 404 && /schema/i.test(err.message)) {
        throw new CommandFailure(
          `site ${site} has no adaptive-content schema yet (404). Set one with \`${this.config.bin} sites adaptive-schema set ${site} --file schema.json\`.`,
          ExitCode.notFound,
        );
      }
      throw err;
    }
    this.output.json(this.output.isJson ? schema : schema.jsonSchema);
  }
}
