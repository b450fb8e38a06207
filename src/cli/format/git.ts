import { redact } from '../../api/redact.js';
import type { GitInfo } from '../../api/schemas/git.js';
import type { Columns } from '../output.js';

/**
 * What `docs git import` and `docs git export` share. Repository URLs may carry credentials
 * (`https://user:token@host/repo.git`): they are registered as secrets as soon as they are read,
 * so no output, error, debug trace or dry run shows them, and `--url -` reads the URL from stdin
 * so it stays out of shell history and process lists.
 */

/** `docs git info`. */
export const gitInfoFields: Columns<GitInfo> = {
  Repository: 'repoName',
  Provider: 'installationProvider',
  Integration: 'integration',
  URL: 'url',
  Updated: 'updatedAt',
};

/** A URL as it may be shown. */
export const shownUrl = (url: string): string => redact(url);

/** A row of `docs git status`: a space and its Git sync state (`gitSync` null: no Git sync set up on it). */
export interface GitStatusRow {
  id: string;
  title: string;
  synced: boolean;
  /** With --stale: a synced space whose last sync is older than that, or unknown. False without --stale. */
  stale: boolean;
  /** Seconds since the last sync; null when not synced or the time is unknown. */
  ageSeconds: number | null;
  gitSync: GitInfo | null;
}

export const gitStatusState = (row: GitStatusRow): string => (row.stale ? 'stale' : row.synced ? 'synced' : 'not synced');

/** `docs git status`: the state first (stale ones are listed first), the time as "3 days ago" on a terminal. */
export const gitStatusColumns: Columns<GitStatusRow> = {
  STATE: gitStatusState,
  ID: 'id',
  TITLE: 'title',
  PROVIDER: (r) => r.gitSync?.installationProvider,
  REPOSITORY: (r) => (r.gitSync?.url ? shownUrl(r.gitSync.url) : r.gitSync?.repoName),
  'LAST SYNC': (r) => r.gitSync?.updatedAt,
};
