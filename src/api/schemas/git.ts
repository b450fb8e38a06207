import * as z from 'zod';
import { GitSyncState } from './space.js';
import { lazy } from './lazy.js';

/** Git info of a space (GET .../git/info): the space's `gitSync` state. */
export const GitInfo = GitSyncState;
export type GitInfo = z.infer<typeof GitInfo>;

export const GIT_INFO_PROVIDERS = ['github', 'gitlab'] as const;
/** Git import/export push and pull branches: `refs/heads/<branch>`. */
export const GIT_REF_PATTERN = /^refs\/heads\/.+$/;

const gitOptions = lazy(() => ({
  /** Repository URL; may carry basic-auth credentials (redacted in logs). */
  url: z.string(),
  ref: z.string().regex(GIT_REF_PATTERN),
  repoCacheID: z.string().optional(),
  /** Prefix for external file references. */
  repoTreeURL: z.string().optional(),
  /** Prefix for commit URLs. */
  repoCommitURL: z.string().optional(),
  /** Root directory of the project in the repository. */
  repoProjectDirectory: z.string().optional(),
  /** Time of the triggering event; keeps imports and exports in order. */
  timestamp: z.iso.datetime({ offset: true }).optional(),
  force: z.boolean().optional(),
  gitInfo: z.strictObject({ provider: z.enum(GIT_INFO_PROVIDERS).optional(), url: z.string().optional() }).optional(),
}));

export const ImportGitRepositoryBody = lazy(() =>
  z.strictObject({
    ...gitOptions,
    /** True: produce a revision without updating the space's primary content. */
    standalone: z.boolean().optional(),
  }),
);
export type ImportGitRepositoryBody = z.input<typeof ImportGitRepositoryBody>;

export const ExportToGitRepositoryBody = lazy(() => z.strictObject({ ...gitOptions, commitMessage: z.string() }));
export type ExportToGitRepositoryBody = z.input<typeof ExportToGitRepositoryBody>;
