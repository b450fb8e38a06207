import type { Handlers } from '../types.js';
import { organizationHandlers } from './organizations.js';
import { memberHandlers } from './members.js';
import { teamHandlers } from './teams.js';
import { ssoHandlers } from './sso.js';
import { collectionHandlers } from './collections.js';
import { siteHandlers } from './sites.js';
import { siteStructureHandlers } from './site-structure.js';
import { translationHandlers } from './translations.js';
import { openapiHandlers } from './openapi.js';
import { spaceHandlers } from './spaces.js';
import { contentHandlers } from './content.js';
import { changeRequestHandlers } from './change-requests.js';
import { commentHandlers } from './comments.js';
import { gitHandlers } from './git.js';

/**
 * Every handler, by operationId. Each area's file exports its handlers (`satisfies Partial<Handlers>`,
 * which refuses an id the operation table does not have); this object must hold one for every
 * operation, so a missing one is a compile error.
 */
export const handlers: Handlers = {
  ...organizationHandlers,
  ...memberHandlers,
  ...teamHandlers,
  ...ssoHandlers,
  ...collectionHandlers,
  ...siteHandlers,
  ...siteStructureHandlers,
  ...translationHandlers,
  ...openapiHandlers,
  ...spaceHandlers,
  ...contentHandlers,
  ...changeRequestHandlers,
  ...commentHandlers,
  ...gitHandlers,
};
