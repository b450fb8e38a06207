import { Args } from '@oclif/core';
import { ResponseError } from '../../api/errors.js';
import { openapi } from '../../api/operations/openapi.js';
import { OpenAPISpec } from '../../api/schemas/openapi.js';
import { formatIssues } from '../../api/validation.js';
import { DocsCommand, dryRunFlag, orgFlag } from '../../cli/index.js';
import { specRow } from '../../cli/format/openapi.js';
import { checkSlug, sourceFlags, sourceFromFlags } from '../../cli/flags/openapi.js';
import { DEFAULT_WAIT_TIMEOUT, parseDuration, waitFlags, waitFor } from '../../cli/wait.js';

const op = openapi.createOrUpdate;

export default class OpenapiPublish extends DocsCommand<typeof OpenapiPublish> {
  static override operations = [openapi.createOrUpdate, openapi.get];
  static override summary = 'Publish a new version of an OpenAPI specification, creating it if needed';
  static override description = [
    'Sends the document (--file) or its URL (--url) and says whether the specification was created (201) or updated with a new version (200).',
    'Piped, it prints slug, id, latest version, processing state and created|updated.',
    'Made for CI: run it on every release of the API. With --wait, it waits until the service has processed the new version (processing state `complete`).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> openapi publish petstore --file openapi.yaml',
    {
      description: 'In CI, keeping the new version id',
      command: 'version=$(<%= config.bin %> openapi publish petstore\n--url https://api.example.com/openapi.json | cut -f3)',
    },
  ];
  static override args = {
    slug: Args.string({ description: 'Slug of the specification (created when it does not exist)', required: true }),
  };
  static override flags = { org: orgFlag(), ...sourceFlags(), ...waitFlags('the version is processed'), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const specSlug = this.subject('OpenAPI specification', checkSlug(this.args.slug));
    const source = await sourceFromFlags(this.flags, this.io.stdin);
    const organizationId = await this.org();
    const params = { organizationId, specSlug, body: { source } };
    const timeoutMs = this.flags.wait ? parseDuration(this.flags['wait-timeout'] ?? DEFAULT_WAIT_TIMEOUT) : 0;
    // `send` prints the request and stops here on --dry-run.
    if (this.flags['dry-run']) return void (await this.send(op, params));
    // Created or updated is told only by the status code, which `send` does not return.
    const client = this.api;
    const req = client.prepare(op, params);
    const res = await client.http.request({
      method: req.method,
      path: req.path,
      query: req.query,
      body: req.body,
      signal: this.abort.signal,
      expectBody: true,
    });
    const parsed = OpenAPISpec.safeParse(res.body);
    if (!parsed.success)
      throw new ResponseError(
        `${req.method} ${req.path}: unexpected response shape (${formatIssues(parsed.error.issues, 'response')})`,
        res.status,
      );
    let spec = parsed.data;
    // The contract's processing states: pending, progress, complete (an answer without one is taken as processed).
    if (this.flags.wait && (spec.processingState ?? 'complete') !== 'complete') {
      const progress = await this.longWork(`Waiting for OpenAPI specification ${spec.slug} to be processed…`);
      try {
        spec = await waitFor({
          label: `OpenAPI specification ${spec.slug}`,
          poll: () => this.send(openapi.get, { organizationId, specSlug }),
          state: (s) => s.processingState ?? 'complete',
          done: ['complete'],
          going: ['pending', 'progress'],
          timeoutMs,
          signal: this.abort.signal,
          progress,
        });
      } finally {
        progress.stop();
      }
    }
    const what = res.status === 201 ? 'Created' : 'Updated';
    const version = spec.lastVersion ? `, latest version ${spec.lastVersion}` : '';
    // Piped: the spec's key fields, then `created` or `updated`.
    this.output.done(`${what} OpenAPI specification ${spec.slug} (${res.status}${version})`, spec, {
      ...specRow,
      RESULT: () => what.toLowerCase(),
    });
    if (spec.lastProcessErrorCode)
      this.output.warn(`the source could not be processed: ${spec.lastProcessErrorCode}; the latest version is unchanged`);
  }
}
