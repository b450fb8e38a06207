import { Args, Flags } from '@oclif/core';
import { ApiError, ExitCode } from '../../api/errors.js';
import { git } from '../../api/operations/git.js';
import { spaces } from '../../api/operations/spaces.js';
import type { GitInfo } from '../../api/schemas/git.js';
import { CommandFailure, DocsCommand, orgFlag, UsageError } from '../../cli/index.js';
import { ignoringStdin } from '../../cli/base-command.js';
import { parseDuration } from '../../cli/context.js';
import { gitStatusColumns, type GitStatusRow } from '../../cli/format/git.js';
import { counted } from '../../cli/progress.js';
import { subjectHint } from '../../cli/subjects.js';
import { organizationSpaces, organizationSpacesOperations } from '../../content/organization.js';
import { inFlight, pool } from '../../content/pool.js';

/** `--stale`: a duration with its unit (`7d`, `12h`, `30m`, `1d12h`); a bare number is refused, it reads as anything. */
export function parseStale(text: string): number {
  const ms = /^\s*\d/.test(text) && !/^\s*\d+(\.\d+)?\s*$/.test(text) ? parseDuration(text) : undefined;
  if (ms === undefined || ms <= 0) throw new UsageError(`--stale must be a duration such as 7d, 12h or 30m (got "${text}")`);
  return ms;
}

export default class GitStatus extends DocsCommand<typeof GitStatus> {
  static override operations = [...organizationSpacesOperations, spaces.get, git.getInfo];
  // One request per space, plus the enumeration: waits on the rate limit up to 4 h (--max-wait).
  static override bulk = true;
  static override strict = false;
  static override summary = 'Show the Git sync state of every space of an organization, or of the spaces named';
  static override description = [
    'One row per space: its state, id, title, Git provider, repository URL and the time of its last sync ("3 days ago"',
    'on a terminal). A space without Git sync reads "not synced". Without SPACE, every space of the organization: those',
    'in collections (nested ones included), on sites, and in no collection.',
    'With --stale DURATION (7d, 12h, 30m), a synced space whose last sync is older than that is "stale", listed first, and',
    'the command exits 8 when there is one (0 otherwise; any other code is an error, as for `docs cr check`): a gate for a',
    'scheduled CI job. Spaces without Git sync are listed but never stale.',
    'Piped, tab-separated: state, id, title, provider, repository URL, time of the last sync (ISO). --json gives an',
    'array of {id, title, synced, stale, ageSeconds, gitSync} (gitSync: the API answer, null when not synced).',
  ].join('\n');
  static override examples = [
    { description: 'Every space of the organization', command: '<%= config.bin %> git status --org org_abc' },
    { description: 'Two spaces', command: '<%= config.bin %> git status space_guides space_api' },
    {
      description: 'Fail (exit 8) when a synced space has not synced for a week; stale ones first',
      command: '<%= config.bin %> git status --org org_abc --stale 7d',
    },
    { description: 'The ids of the stale spaces', command: `<%= config.bin %> git status --stale 7d --jq '.[] | select(.stale) | .id'` },
  ];
  static override args = {
    space: Args.string({ description: 'Space ids (several may be given; default: every space of the organization)' }),
  };
  static override flags = {
    org: orgFlag(),
    stale: Flags.string({
      description: 'Exit 8 when a synced space has not synced within this time (7d, 12h, 30m), and list those first',
      helpValue: '<duration>',
    }),
  };

  async run(): Promise<void> {
    const staleMs = this.flags.stale === undefined ? undefined : parseStale(this.flags.stale);
    const named = await this.namedSpaces();
    if (named.length > 0 && this.flags.org !== undefined) throw new UsageError('give spaces or --org, not both');
    const signal = this.abort.signal;
    const progress = await this.longWork(named.length > 0 ? 'Reading spaces…' : 'Listing the spaces of the organization…');
    let rows: GitStatusRow[];
    let organizationId: string | undefined;
    try {
      if (named.length > 0) rows = await this.namedRows(named, counted(progress, 'Reading Git sync of spaces'));
      else {
        organizationId = await this.org();
        const found = await organizationSpaces(this.api, organizationId, signal, (p) => {
          // Each space found costs one more request after the enumeration.
          this.requestsLeft = () => p.left + p.spaces;
          if (p.spaces >= 16) progress.update(`Listing the spaces of ${organizationId}: ${p.spaces} found…`);
        });
        const report = this.counting(counted(progress, 'Reading Git sync of spaces'));
        let done = 0;
        report(0, found.length);
        rows = await pool(
          found.map((space) => async () => {
            const row = this.row(space, await this.gitInfo(space.id));
            report(++done, found.length);
            return row;
          }),
        );
      }
    } finally {
      progress.stop();
    }

    const now = this.io.now();
    for (const row of rows) {
      const updatedAt = row.gitSync?.updatedAt;
      const at = updatedAt === undefined ? NaN : Date.parse(updatedAt);
      row.ageSeconds = Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 1000));
      // A synced space without a time of its last sync cannot be shown fresh: it counts as stale.
      row.stale = staleMs !== undefined && row.synced && (row.ageSeconds === null || row.ageSeconds * 1000 > staleMs);
    }
    rows.sort((a, b) => Number(b.stale) - Number(a.stale) || a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.output.list(rows, gitStatusColumns, organizationId ? `No spaces in organization ${organizationId}.` : 'No spaces.');

    if (staleMs === undefined) return;
    const stale = rows.filter((r) => r.stale).length;
    const synced = rows.filter((r) => r.synced).length;
    if (stale > 0) {
      this.io.exitCode = ExitCode.findings;
      if (!this.output.isJson) this.output.info(`\n${stale} of ${synced} synced spaces not synced within ${this.flags.stale}`);
    } else if (!this.output.isJson) {
      this.output.info(`Every synced space (${synced} of ${rows.length}) synced within ${this.flags.stale}.`);
    }
  }

  /** The spaces given as arguments, each once, in the order typed. */
  private async namedSpaces(): Promise<string[]> {
    const ctor = this.ctor as typeof GitStatus;
    const { argv } = await this.parse({
      flags: ctor.flags,
      baseFlags: DocsCommand.baseFlags,
      args: ignoringStdin(ctor.args),
      strict: false,
    });
    const named = (argv as string[]).filter((a) => a !== '');
    const flag = named.find((a) => a.startsWith('-'));
    if (flag !== undefined) throw new UsageError(`unknown flag ${flag}; see \`${this.config.bin} git status --help\``);
    return [...new Set(named)];
  }

  /** The named spaces' rows; the ones that do not exist are named together (exit 3). */
  private async namedRows(ids: readonly string[], report: (done: number, total: number) => void): Promise<GitStatusRow[]> {
    const missing: string[] = [];
    let done = 0;
    const count = this.counting(report);
    const rows = await pool(
      ids.map((spaceId) => async () => {
        let row: GitStatusRow | undefined;
        try {
          const space = await this.api.call(spaces.get, { spaceId }, inFlight(this.abort.signal));
          row = this.row(space, await this.gitInfo(spaceId));
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) throw err;
          missing.push(spaceId);
        }
        count(++done, ids.length);
        return row;
      }),
    );
    if (missing.length > 0) {
      const list = ids.filter((id) => missing.includes(id)).map((id) => `"${id}"`);
      throw new CommandFailure(
        `space${list.length === 1 ? '' : 's'} ${list.join(', ')} not found (404). ${subjectHint('space', this.config.bin) ?? ''}`.trim(),
        ExitCode.notFound,
      );
    }
    return rows.filter((row): row is GitStatusRow => row !== undefined);
  }

  /** The space's Git info; null for the 404 of a space without Git sync (the space itself was just read). */
  private async gitInfo(spaceId: string): Promise<GitInfo | null> {
    try {
      return await this.api.call(git.getInfo, { spaceId }, inFlight(this.abort.signal));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }

  private row(space: { id: string; title: string }, gitSync: GitInfo | null): GitStatusRow {
    return { id: space.id, title: space.title, synced: gitSync !== null, stale: false, ageSeconds: null, gitSync };
  }
}
