import { Args } from '@oclif/core';
import { organizations } from '../../api/operations/organizations.js';
import { MAX_PAGE_SIZE } from '../../api/schemas/common.js';
import { DEFAULT_LIMIT, DocsCommand, listFlags, orgFlag, UsageError } from '../../cli/index.js';
import { ALL_PAGE_SIZE, describeBounds, fieldShape, schemaField } from '../../cli/flags/common.js';
import { searchHitColumns, searchHits } from '../../cli/format/organizations.js';

const op = organizations.search;

export default class OrgsSearch extends DocsCommand<typeof OrgsSearch> {
  static override operations = [organizations.search];
  static override summary = 'Search the content of every space of an organization';
  static override description = [
    'One row per matching page (space, page, path, ids); --json gives the API results: one object per space with its matching pages.',
    '--limit counts spaces (default 30).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> orgs search "single sign-on"',
    { description: 'Every match, as JSON lines', command: '<%= config.bin %> orgs search install --all --json' },
  ];
  static override args = {
    query: Args.string({
      description: `Text to search for (${describeBounds(fieldShape(schemaField(op.query, 'query'))) ?? 'required'})`,
      required: true,
    }),
  };
  static override flags = { org: orgFlag(), ...listFlags() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const params = { organizationId, query: { query: this.args.query } };
    if (this.output.isJson) {
      await this.list(op, params, {}, 'No matches.');
      return;
    }
    // People read pages, not spaces: flatten each space's matching pages into rows as they arrive.
    const { limit, all } = this.flags;
    if (limit !== undefined && limit < 1) throw new UsageError('--limit must be at least 1');
    if (all && limit !== undefined && limit > MAX_PAGE_SIZE)
      throw new UsageError(`--limit must be at most ${MAX_PAGE_SIZE} with --all (it is the page size)`);
    const client = this.api;
    client.prepare(op, params);
    const max = all ? undefined : (limit ?? DEFAULT_LIMIT);
    const pageSize = all ? (limit ?? ALL_PAGE_SIZE) : Math.min(max ?? DEFAULT_LIMIT, MAX_PAGE_SIZE);
    await this.output.stream(
      searchHits(client.paginate(op, params, { pageSize, max, signal: this.abort.signal })),
      searchHitColumns,
      'No matches.',
    );
  }
}
