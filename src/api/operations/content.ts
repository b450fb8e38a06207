import { defineOperation } from '../operation.js';
import { listQuery } from '../schemas/common.js';
import { ApplyTemplateBody, linkStatusFilter } from '../schemas/content.js';
import { contentOperations } from './shapes.js';

const base = '/v1/spaces/{spaceId}/content' as const;

/** The primary content of a space (its current revision). */
export const content = {
  ...contentOperations(
    base,
    {
      getRevision: 'getCurrentRevision',
      import: 'importContent',
      listPages: 'listPages',
      listFiles: 'listFiles',
      getFile: 'getFileById',
      listFileBacklinks: 'listSpaceFileBacklinks',
      getPage: 'getPageById',
      listPageLinks: 'listPageLinksInSpace',
    },
    'a space',
    'current',
    listQuery({ status: linkStatusFilter.optional() }),
  ),
  applyTemplate: defineOperation({
    id: 'applyTemplateToSpace',
    method: 'POST',
    path: `${base}/template`,
    summary: 'Apply a template to a space',
    body: ApplyTemplateBody,
    bodyRequired: true,
    success: [201],
  }),
} as const;
