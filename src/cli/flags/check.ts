import { Flags } from '@oclif/core';
import { CHECK_KINDS, type CheckKind } from '../../content/check.js';
import { CacheFileError, ExternalCache, type ExternalOptions } from '../../content/external.js';
import { parseDuration } from '../context.js';
import { UsageError } from '../errors.js';
import { CHECK_FORMATS } from '../format/check-formats.js';

/** Arguments and flags of `docs cr check` and `docs spaces check`, and what the commands make of them: request bodies, checked values. */

/** `--ignore KIND`, repeatable, one of the kinds the checks report. */
export const ignoreFlag = (kinds: readonly CheckKind[] = CHECK_KINDS) =>
  Flags.option({ options: kinds, multiple: true, description: 'Do not report findings of this kind (repeatable)' })();

/** `--format sarif|github|junit`: the report for a CI system instead of the table, TSV or JSON. */
export const formatFlag = () =>
  Flags.option({
    options: CHECK_FORMATS,
    exclusive: ['json', 'jq'],
    helpValue: '<format>',
    description:
      'Write the report for a CI system: sarif (SARIF 2.1.0, for GitHub code scanning), github (workflow commands, and a table in $GITHUB_STEP_SUMMARY), junit (JUnit XML)',
  })();

/** `--path-prefix DIR`: where the space's files are in the repository it syncs to. */
export const pathPrefixFlag = () =>
  Flags.string({
    helpValue: '<dir>',
    description:
      "With --format: the folder of the Git-synced repository the space's files are in (its .gitbook.yaml root), put before each path",
  });

/** `--external`, `--strict-external`, `--external-cache FILE` and `--external-cache-ttl DURATION`. */
export const externalFlags = () => ({
  external: Flags.boolean({
    description:
      'Also check the http(s) links: HEAD (GET where refused), redirects followed; a broken one fails the check, a permanent redirect and a link that could not be verified (timeout, rate limit) are warnings',
  }),
  'strict-external': Flags.boolean({
    dependsOn: ['external'],
    description: 'With --external: a link that could not be verified (timed out, rate limited, refused) fails the check too',
  }),
  'external-cache': Flags.string({
    dependsOn: ['external'],
    helpValue: '<file>',
    description:
      'With --external: keep the verdicts in this JSON file and use those younger than --external-cache-ttl instead of asking again',
  }),
  'external-cache-ttl': Flags.string({
    dependsOn: ['external-cache'],
    helpValue: '<duration>',
    description: 'How long a cached verdict is used, e.g. 90m, 24h, 7d (default 24h)',
  }),
});

export const DEFAULT_CACHE_TTL_MS = 24 * 3_600_000;

/** The options of `checkExternal` the flags ask for (undefined without --external); a bad TTL or cache file is a usage error, before anything is sent. */
export function externalOptions(flags: {
  external?: boolean;
  'strict-external'?: boolean;
  'external-cache'?: string;
  'external-cache-ttl'?: string;
}): (ExternalOptions & { strict: boolean }) | undefined {
  if (!flags.external) return undefined;
  let ttlMs = DEFAULT_CACHE_TTL_MS;
  if (flags['external-cache-ttl'] !== undefined) {
    const ms = parseDuration(flags['external-cache-ttl']);
    if (ms === undefined || ms <= 0)
      throw new UsageError(`--external-cache-ttl must be a duration such as 90m, 24h or 7d (got "${flags['external-cache-ttl']}")`);
    ttlMs = ms;
  }
  let cache: ExternalCache | undefined;
  if (flags['external-cache'] !== undefined)
    try {
      cache = new ExternalCache(flags['external-cache'], ttlMs);
    } catch (err) {
      if (err instanceof CacheFileError) throw new UsageError(err.message);
      throw err;
    }
  return { strict: flags['strict-external'] === true, ...(cache ? { cache } : {}) };
}
