import { Flags } from '@oclif/core';
import { openapi } from '../../../api/operations/openapi.js';
import { DocsCommand, orgFlag } from '../../../cli/index.js';
import { checkSlug, slugArg, specDocument, versionArg } from '../../../cli/flags/openapi.js';

export default class VersionsContent extends DocsCommand<typeof VersionsContent> {
  static override operations = [openapi.getVersionContent, openapi.getLatestVersionContent];
  static override summary = 'Print the document of a version of an OpenAPI specification (default: the latest)';
  static override description = [
    'Writes the specification as JSON on stdout, ready to redirect to a file (a YAML document the service kept as text is written as is).',
    'With --json, the API answer instead: {filesystem, url}, every file of the version.',
    'When the answer holds no file, the URL of the document is printed instead (exit 0).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> openapi versions content petstore > petstore.json',
    {
      description: 'An older version, one field of it',
      command: '<%= config.bin %> openapi versions content petstore oasv_abc | jq .info.version',
    },
  ];
  static override args = { slug: slugArg(), version: versionArg() };
  static override flags = {
    org: orgFlag(),
    'file-name': Flags.string({ description: 'File of the version to print, when it has several', helpValue: '<name>' }),
  };

  async run(): Promise<void> {
    const specSlug = this.subject('OpenAPI specification', checkSlug(this.args.slug));
    const hint = `Check the id with \`${this.config.bin} openapi versions list ${specSlug}\`.`;
    const versionId = this.subject('OpenAPI specification version', this.args.version, hint);
    const organizationId = await this.org();
    const content =
      versionId === 'latest'
        ? await this.send(openapi.getLatestVersionContent, { organizationId, specSlug })
        : await this.send(openapi.getVersionContent, { organizationId, specSlug, versionId });
    if (this.output.isJson) return this.output.json(content);
    const doc = specDocument(content, this.flags['file-name']);
    if (doc === undefined) {
      this.output.info(`This version's answer holds no files; its document is at the URL below.`);
      return this.output.line(content.url);
    }
    if (typeof doc === 'string') this.output.line(doc.replace(/\n$/, ''));
    else this.output.json(doc);
  }
}
