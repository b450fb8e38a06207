import { openapi } from '../../api/operations/openapi.js';
import { DocsCommand, dryRunFlag, field, orgFlag } from '../../cli/index.js';
import { specRow } from '../../cli/format/openapi.js';
import { sourceFlags, sourceFromFlags } from '../../cli/flags/openapi.js';

const op = openapi.create;

export default class OpenapiCreate extends DocsCommand<typeof OpenapiCreate> {
  static override operations = [openapi.create];
  static override summary = 'Create an OpenAPI specification from a URL or a file';
  static override description = [
    'With --url the service fetches the document (and reports a failure later, in `processing`); with --file the text is sent and checked at once.',
    'A slug already taken is refused: `docs openapi publish` adds a version to an existing specification.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> openapi create --slug petstore --url https://example.com/petstore.yaml',
    { description: 'From a local file', command: '<%= config.bin %> openapi create --slug billing-api --file openapi.json' },
  ];
  static override flags = {
    org: orgFlag(),
    slug: field.string(op.body, 'slug', {
      description: 'Slug naming the specification: lowercase letters and digits, words separated by dashes',
      helpValue: '<slug>',
      required: true,
    }),
    ...sourceFlags(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const source = await sourceFromFlags(this.flags, this.io.stdin);
    const organizationId = await this.org();
    // oclif enforces --slug (required); the schema checks its pattern and length before sending.
    const spec = await this.send(op, { organizationId, body: { slug: this.flags.slug as string, source } });
    const version = spec.lastVersion ? `, version ${spec.lastVersion}` : '';
    this.output.done(`Created OpenAPI specification ${spec.slug} (${spec.processingState ?? 'processing'}${version})`, spec, specRow);
    if (spec.lastProcessErrorCode) this.output.warn(`the source could not be processed: ${spec.lastProcessErrorCode}`);
  }
}
