import { Args, Flags } from '@oclif/core';
import { changeRequests } from '../../api/operations/change-requests.js';
import { CHANGE_REQUEST_STATUSES, type ChangeRequest } from '../../api/schemas/change-request.js';
import { MAX_PAGE_SIZE } from '../../api/schemas/common.js';
import { listExtent, noteCut } from '../../cli/list-notice.js';
import {
  changeRequestColumns,
  DEFAULT_LIMIT,
  DocsCommand,
  field,
  fieldsFromFlags,
  listFlags,
  spaceFlag,
  UsageError,
} from '../../cli/index.js';

const op = changeRequests.list;

async function* asAsync<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

export default class CrList extends DocsCommand<typeof CrList> {
  static override operations = [changeRequests.list];
  static override summary = 'List the change requests of a space';
  static override description =
    'Shows open change requests unless --status picks another state (all: every state, by number). The space is the argument, --space, or the profile default.';
  static override examples = [
    { description: 'Open change requests of the default space', command: '<%= config.bin %> cr list' },
    { description: 'Merged ones of a given space, as JSON', command: '<%= config.bin %> cr list sp_abc --status merged --json' },
    { description: 'Every open change request (all pages), one JSON object per line', command: '<%= config.bin %> cr list --all --json' },
    { description: 'Change requests in any state', command: '<%= config.bin %> cr list --status all' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    status: Flags.string({
      description: 'Only change requests in this state, or all of them (default: open)',
      options: [...CHANGE_REQUEST_STATUSES, 'all'],
    }),
    contributor: field.string(op.query, 'contributor', {
      description: 'Only change requests this user id contributed to',
      helpValue: '<user-id>',
    }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    if (this.flags.status !== 'all') {
      await this.list(op, { spaceId, query: fieldsFromFlags(op.query, this.flags) }, changeRequestColumns, 'No change requests.');
      return;
    }
    const { limit, all } = this.flags;
    if (limit !== undefined && limit < 1) throw new UsageError('--limit must be at least 1');
    // The API lists one state at a time: each state's first `max` (in number order) holds the first `max` of all.
    const max = all ? undefined : (limit ?? DEFAULT_LIMIT);
    const client = this.api;
    const { status: _status, ...query } = fieldsFromFlags(op.query, this.flags);
    const extents = CHANGE_REQUEST_STATUSES.map(() => listExtent());
    const lists = await Promise.all(
      CHANGE_REQUEST_STATUSES.map(async (status, i) => {
        const out: ChangeRequest[] = [];
        const pageSize = Math.min(max ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
        const options = { pageSize, max, signal: this.abort.signal, onPage: extents[i]?.onPage };
        for await (const cr of client.paginate(op, { spaceId, query: { ...query, status } }, options)) out.push(cr);
        return out;
      }),
    );
    const items = lists
      .flat()
      .sort((a, b) => a.number - b.number)
      .slice(0, max);
    // With --all, the same output as other lists with --all (JSON lines with --json).
    if (all) await this.output.stream(asAsync(items), changeRequestColumns, 'No change requests.');
    else this.output.list(items, changeRequestColumns, 'No change requests.');
    if (!all && limit === undefined) {
      const counts = extents.map((e) => e.value.count);
      const count = counts.every((c) => c !== undefined) ? counts.reduce<number>((n, c) => n + (c ?? 0), 0) : undefined;
      const more = lists.flat().length > items.length || extents.some((e) => e.value.more);
      noteCut(items.length, count !== undefined ? { count, more } : { more }, this.io.stderr);
    }
  }
}
