import type { HandlerTable } from '../types.js';
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
 * Every handler, by operationId. Each area's file exports a HandlerTable; add it to the list.
 * An operation without a handler answers 501 (the emulator refuses rather than pretending).
 */
const tables: HandlerTable[] = [
  organizationHandlers,
  memberHandlers,
  teamHandlers,
  ssoHandlers,
  collectionHandlers,
  siteHandlers,
  siteStructureHandlers,
  translationHandlers,
  openapiHandlers,
  spaceHandlers,
  contentHandlers,
  changeRequestHandlers,
  commentHandlers,
  gitHandlers,
];

export const handlers: HandlerTable = Object.assign({}, ...tables);
