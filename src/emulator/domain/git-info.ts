import type { z } from 'zod';
import type { GitSyncState } from '../../api/schemas/space.js';
import { publicFields } from './present.js';

/**
 * What a space remembers of its Git connection (kind `gitInfo`, id = space id). The remote URL as
 * given (possibly with credentials) is kept in `_remote` for later imports/exports and never leaves
 * the emulator: responses only carry `url`, which has credentials removed.
 */
export interface GitInfoDoc {
  id: string;
  repoName: string;
  installationProvider?: 'github' | 'gitlab' | 'github-legacy';
  integration: string;
  url: string;
  updatedAt: string;
  _remote: string;
}

export function presentGitSync(info: GitInfoDoc): z.input<typeof GitSyncState> {
  return publicFields(info, ['id']);
}

/** A URL or path with any `user:password@` removed; safe to show. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1');
}

/** Replace every occurrence of a secret-bearing URL (and its userinfo) in a message. */
export function scrubCredentials(text: string, url: string): string {
  let out = text.split(url).join(withoutCredentials(url));
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/@\s]*)@/i.exec(url)?.[1];
  if (userinfo) {
    out = out.split(userinfo).join('***');
    const password = userinfo.split(':')[1];
    if (password) out = out.split(password).join('***');
  }
  return out.replace(/(:\/\/)[^/@\s]*:[^/@\s]*@/g, '$1');
}
