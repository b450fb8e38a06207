import { Flags } from '@oclif/core';
import { git } from '../../api/operations/git.js';
import { registerSecret } from '../../api/redact.js';
import { GIT_INFO_PROVIDERS } from '../../api/schemas/git.js';
import { UsageError } from '../errors.js';
import { field, fieldsFromFlags } from './common.js';
import { readAll } from '../prompt.js';

/** Arguments and flags of `docs git import` and `docs git export`, and what the commands make of them: request bodies, checked values. */

const body = git.import.body;

/** Flags of both directions; `standalone` (import) and the commit message (export) are added by each command. */
export const gitFlags = () => ({
  url: Flags.string({
    description:
      'Repository URL or local path; may hold credentials (https://user:token@host/repo.git). "-" reads it from stdin, keeping it out of shell history',
    helpValue: '<url|->',
    required: true,
  }),
  ref: Flags.string({ description: 'Branch: a name (main) or refs/heads/<branch>', helpValue: '<branch>', required: true }),
  // A plain string field (no bound to state); `--directory` is the short name people type.
  'repo-project-directory': Flags.string({
    description: 'Root directory of the documentation in the repository',
    helpValue: '<dir>',
    aliases: ['directory'],
  }),
  'repo-tree-url': field.string(body, 'repoTreeURL', {
    description: 'URL prefix for links to files of the repository',
    helpValue: '<url>',
  }),
  'repo-commit-url': field.string(body, 'repoCommitURL', { description: 'URL prefix for links to commits', helpValue: '<url>' }),
  'repo-cache-id': field.string(body, 'repoCacheID', { description: 'Id of a cached copy of the repository to reuse', helpValue: '<id>' }),
  timestamp: field.string(body, 'timestamp', {
    description: 'Time of the triggering event (ISO 8601), which keeps imports and exports in order',
    helpValue: '<date-time>',
  }),
  force: field.boolean(body, 'force', { description: 'Force the operation even when the content looks up to date' }),
  provider: Flags.string({ description: 'Git provider hosting the repository (with --provider-url)', options: [...GIT_INFO_PROVIDERS] }),
  'provider-url': Flags.string({ description: "The repository's page on the provider (shown in `docs git info`)", helpValue: '<url>' }),
});

export interface GitFlagValues {
  url: string;
  ref: string;
  provider?: string;
  'provider-url'?: string;
  [flag: string]: unknown;
}

/** Register the credentials inside a URL as secrets: every later output masks them. */
export function protectUrl(url: string): void {
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]+)@/i.exec(url)?.[1];
  if (!userinfo) return;
  const colon = userinfo.indexOf(':');
  // `user:password`, or a bare token as the user part (`https://<token>@host`).
  const secret = colon >= 0 ? userinfo.slice(colon + 1) : userinfo;
  for (const value of [userinfo, secret]) {
    registerSecret(value);
    try {
      registerSecret(decodeURIComponent(value));
    } catch {
      // Not valid percent-encoding: the raw value is registered.
    }
  }
}

/** `main` → `refs/heads/main`; a full ref is kept (the schema checks it is a branch). */
export const branchRef = (ref: string): string => (ref.startsWith('refs/') ? ref : `refs/heads/${ref}`);

/** The repository URL: the flag, or stdin with `--url -`; its credentials registered as secrets. */
export async function repositoryUrl(flag: string, stdin: NodeJS.ReadableStream): Promise<string> {
  const url = flag === '-' ? (await readAll(stdin)).trim() : flag.trim();
  if (url === '') throw new UsageError(flag === '-' ? '--url -: nothing was read from stdin' : '--url must not be empty');
  protectUrl(url);
  return url;
}

/** The body fields both directions share, from the flags. */
export async function gitBody(flags: GitFlagValues, stdin: NodeJS.ReadableStream): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    ...fieldsFromFlags(body, flags),
    url: await repositoryUrl(flags.url, stdin),
    ref: branchRef(flags.ref),
  };
  delete out.standalone;
  if (flags.provider !== undefined || flags['provider-url'] !== undefined) {
    out.gitInfo = {
      ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
      ...(flags['provider-url'] !== undefined ? { url: flags['provider-url'] } : {}),
    };
  }
  return out;
}
