import { openapi } from '../../../api/operations/openapi.js';
import { DocsCommand, orgFlag } from '../../../cli/index.js';
import { versionFields } from '../../../cli/format/openapi.js';
import { checkSlug, slugArg, versionArg } from '../../../cli/flags/openapi.js';

export default class VersionsGet extends DocsCommand<typeof VersionsGet> {
  static override operations = [openapi.getVersion, openapi.getLatestVersion];
  static override summary = 'Show a version of an OpenAPI specification (default: the latest)';
  static override description =
    'VERSION is an id from `docs openapi versions list SLUG`, or latest (the default). Shows when it was created and where its content is; `docs openapi versions content` prints the content itself.';
  static override examples = [
    '<%= config.bin %> openapi versions get petstore',
    '<%= config.bin %> openapi versions get petstore oasv_abc --json',
  ];
  static override args = { slug: slugArg(), version: versionArg() };
  static override flags = { org: orgFlag() };

  async run(): Promise<void> {
    const specSlug = this.subject('OpenAPI specification', checkSlug(this.args.slug));
    const hint = `Check the id with \`${this.config.bin} openapi versions list ${specSlug}\`.`;
    const versionId = this.subject('OpenAPI specification version', this.args.version, hint);
    const organizationId = await this.org();
    const version =
      versionId === 'latest'
        ? await this.send(openapi.getLatestVersion, { organizationId, specSlug })
        : await this.send(openapi.getVersion, { organizationId, specSlug, versionId });
    this.output.object(version, versionFields);
  }
}
