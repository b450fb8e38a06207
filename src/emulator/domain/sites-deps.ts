import type { Caller, EmulatorContext } from '../types.js';
import { permissionsFor, roleOf, type MemberRole } from '../access.js';
import { createSpace as createSpaceDoc, isLive, presentSpace as presentSpaceDoc, setSpaceRevision, type SpaceDoc } from './spaces.js';
import { buildPages, createRevision, flattenPages, type PageInput, type PageNode, type RevisionDoc } from './revisions.js';

/*
 * What sites, translations and OpenAPI specs use from the rest of the emulator (members' roles,
 * spaces and their content), in one place, in the shapes these modules need.
 */

export type { SpaceDoc, MemberRole, PageInput, PageNode };
export { permissionsFor };

export function callerRole(ctx: EmulatorContext, caller: Caller, orgId: string): MemberRole | undefined {
  return roleOf(ctx.store, caller.userId, orgId);
}

/** A space that exists and is not deleted; undefined otherwise (callers choose 400 or 404). */
export function getLiveSpace(ctx: EmulatorContext, spaceId: string): SpaceDoc | undefined {
  const space = ctx.store.get<SpaceDoc>('space', spaceId);
  return space && isLive(space) ? space : undefined;
}

export function presentSpace(ctx: EmulatorContext, caller: Caller, space: SpaceDoc): ReturnType<typeof presentSpaceDoc> {
  return presentSpaceDoc(ctx.store, space, callerRole(ctx, caller, space.organization), ctx.baseUrl);
}

export interface NewSpace {
  organization: string;
  title: string;
  language?: string;
  parent?: string;
  pages?: readonly PageInput[];
}

export function createSpace(ctx: EmulatorContext, input: NewSpace): SpaceDoc {
  const space = createSpaceDoc(ctx.store, ctx.now(), {
    organization: input.organization,
    title: input.title.slice(0, 50),
    ...(input.parent ? { parent: input.parent } : {}),
    ...(input.pages ? { pages: input.pages } : {}),
  });
  return input.language ? ctx.store.put('space', { ...space, language: input.language }) : space;
}

/** The page tree of a space's current revision. */
export function spacePages(ctx: EmulatorContext, space: SpaceDoc): PageNode[] {
  return ctx.store.get<RevisionDoc>('revision', space.revision)?.pages ?? [];
}

export function flatPages(pages: readonly PageNode[]): PageNode[] {
  return flattenPages(pages).map((entry) => entry.page);
}

/** Give `space` a new revision holding `pages` (ids kept when given, else new); returns the revision id. */
export function writePages(ctx: EmulatorContext, space: SpaceDoc, pages: readonly PageInput[]): string {
  const revision = createRevision(ctx.store, {
    space: space.id,
    parents: [space.revision],
    pages: buildPages(ctx.store, pages, ctx.now().toISOString()),
    files: [],
    createdAt: ctx.now().toISOString(),
    type: 'edits',
  });
  setSpaceRevision(ctx.store, space, revision.id, ctx.now());
  return revision.id;
}
