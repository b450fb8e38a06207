import type { Operation } from '../operation.js';
import { sites } from './sites.js';
import { siteSections } from './site-sections.js';
import { siteSectionGroups } from './site-section-groups.js';
import { siteSpaces } from './site-spaces.js';
import { spaces } from './spaces.js';
import { content } from './content.js';
import { changeRequests } from './change-requests.js';
import { changeRequestContent } from './change-request-content.js';
import { comments } from './comments.js';
import { changeRequestComments } from './change-request-comments.js';
import { git } from './git.js';
import { organizations } from './organizations.js';
import { members } from './members.js';
import { sso } from './sso.js';
import { translations } from './translations.js';
import { collections } from './collections.js';
import { openapi } from './openapi.js';
import { teams } from './teams.js';

/**
 * The operation table: every operation of the contract, grouped by area. The client's methods
 * (`client.<area>.<name>`), the emulator's router and the CLI commands are all derived from it.
 */
export const areas = {
  sites,
  siteSections,
  siteSectionGroups,
  siteSpaces,
  spaces,
  content,
  changeRequests,
  changeRequestContent,
  comments,
  changeRequestComments,
  git,
  organizations,
  members,
  sso,
  translations,
  collections,
  openapi,
  teams,
} as const;

type AllOps = { [A in keyof typeof areas]: (typeof areas)[A][keyof (typeof areas)[A]] }[keyof typeof areas];

/** Every operation's type, keyed by its official operationId (the types behind `client.request(id, ...)`). */
export type OperationsById = { [O in AllOps as O['id']]: O };

/** One of the contract's operationIds (`mergeChangeRequest`). */
export type OperationId = keyof OperationsById;

/** Every operation, keyed by its official operationId. */
export const operationsById: Record<string, Operation> = Object.fromEntries(
  Object.values(areas).flatMap((ops) => Object.values(ops as Record<string, Operation>).map((op) => [op.id, op])),
);

export const allOperations: readonly AllOps[] = Object.values(operationsById) as AllOps[];

/** The area and method name of each operation (`mergeChangeRequest` → `changeRequests.merge`). */
export const operationNames: Record<string, { area: string; name: string }> = Object.fromEntries(
  Object.entries(areas).flatMap(([area, ops]) =>
    Object.entries(ops as Record<string, Operation>).map(([name, op]) => [op.id, { area, name }]),
  ),
);
