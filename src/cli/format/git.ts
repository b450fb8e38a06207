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
