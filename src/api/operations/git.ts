import { defineOperation } from '../operation.js';
import { ExportToGitRepositoryBody, GitInfo, ImportGitRepositoryBody } from '../schemas/git.js';

const base = '/v1/spaces/{spaceId}/git' as const;

/** Git synchronisation of a space with an external repository. */
export const git = {
  import: defineOperation({
    id: 'importGitRepository',
    method: 'POST',
    path: `${base}/import`,
    summary: 'Start importing a Git repository into a space',
    body: ImportGitRepositoryBody,
    bodyRequired: true,
    success: [204],
  }),
  export: defineOperation({
    id: 'exportToGitRepository',
    method: 'POST',
    path: `${base}/export`,
    summary: 'Start exporting a space to a Git repository',
    body: ExportToGitRepositoryBody,
    bodyRequired: true,
    success: [204],
  }),
  getInfo: defineOperation({
    id: 'getSpaceGitInfo',
    method: 'GET',
    path: `${base}/info`,
    summary: 'Get the Git Sync state of a space',
    response: GitInfo,
  }),
  deleteLegacyInstallation: defineOperation({
    id: 'deleteLegacyGitInstallation',
    method: 'DELETE',
    path: `${base}/legacy-installation`,
    summary: 'Remove the legacy Git Sync installation of a space',
  }),
} as const;
