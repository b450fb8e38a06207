import { listQuery } from '../schemas/common.js';
import { contentOperations } from './shapes.js';

/** The content of a change request (its latest revision); same shapes as the space content. */
export const changeRequestContent = contentOperations(
  '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
  {
    getRevision: 'getRevisionOfChangeRequestById',
    import: 'importContentInChangeRequest',
    listPages: 'listPagesInChangeRequest',
    listFiles: 'listFilesInChangeRequestById',
    getFile: 'getFileInChangeRequestById',
    listFileBacklinks: 'listChangeRequestFileBacklinks',
    getPage: 'getPageInChangeRequestById',
    listPageLinks: 'listPageLinksInChangeRequest',
  },
  'a change request',
  'latest',
  listQuery(),
);
