import { openapi } from '../../api/operations/openapi.js';
import { DocsCommand, dryRunFlag, field, orgFlag } from '../../cli/index.js';
import { specRow } from '../../cli/format/openapi.js';
import { checkSlug, slugArg } from '../../cli/flags/openapi.js';

const op = openapi.update;

export default class OpenapiEdit extends DocsCommand<typeof OpenapiEdit> {
  static override operations = [openapi.update];
  static override summary = 'Change the visibility of an OpenAPI specification';
  static override description =
    'public: anyone with the published link can read it; private: members only. To change the document itself, use `docs openapi publish`.';
  static override examples = ['<%= config.bin %> openapi edit petstore --visibility public'];
  static override args = { slug: slugArg() };
  static override flags = {
    org: orgFlag(),
    visibility: field.option(op.body, 'visibility', { description: 'Who can read the specification', required: true }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const specSlug = this.subject('OpenAPI specification', checkSlug(this.args.slug));
    const organizationId = await this.org();
    const visibility = this.flags.visibility === 'public' ? 'public' : 'private';
    const spec = await this.send(op, { organizationId, specSlug, body: { visibility } });
    const published = spec.urls?.published ? ` at ${spec.urls.published}` : '';
    this.output.done(`OpenAPI specification ${spec.slug} is ${spec.visibility ?? visibility}${published}`, spec, specRow);
  }
}
