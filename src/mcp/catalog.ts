import * as z from 'zod';
import type { Operation } from '../api/operation.js';
import { allOperations, operationNames } from '../api/operations/index.js';
import { MAX_PAGE_SIZE } from '../api/schemas/common.js';
import { toJSONSchema } from '../api/schemas/lazy.js';

/**
 * The operation table seen as MCP tools: one tool per operation, named by its operationId, grouped
 * into toolsets that are the CLI's topics, each classified as a read, a write or a destructive write,
 * with an input schema built from the same zod schemas the client validates with.
 */

/** The CLI topic (`docs <topic> …`) of each area of the operation table: a toolset is a topic. */
const AREA_TOPICS: Readonly<Record<string, string>> = {
  sites: 'sites',
  siteSections: 'sites',
  siteSectionGroups: 'sites',
  siteSpaces: 'sites',
  spaces: 'spaces',
  content: 'spaces',
  changeRequests: 'cr',
  changeRequestContent: 'cr',
  comments: 'comments',
  changeRequestComments: 'comments',
  git: 'git',
  organizations: 'orgs',
  members: 'members',
  sso: 'sso',
  translations: 'translations',
  collections: 'collections',
  openapi: 'openapi',
  teams: 'teams',
};

/** Operations whose command lives under another topic than their area's (`docs orgs invites delete`, `docs orgs ping`). */
const TOPIC_EXCEPTIONS: Readonly<Record<string, string>> = {
  deleteOrganizationInviteById: 'orgs',
  updateOrganizationMemberLastSeenAt: 'orgs',
};

/** The toolsets, in the order `docs --help` lists their topics. */
export const TOOLSETS = [
  'spaces',
  'cr',
  'comments',
  'orgs',
  'members',
  'teams',
  'collections',
  'sites',
  'git',
  'openapi',
  'translations',
  'sso',
] as const;
export type Toolset = (typeof TOOLSETS)[number];

/** What an agent working on documentation needs first: the content, its change requests and their comments. */
export const DEFAULT_TOOLSETS: readonly Toolset[] = ['spaces', 'cr', 'comments'];

export function topicOf(op: Operation): Toolset {
  const topic = TOPIC_EXCEPTIONS[op.id] ?? AREA_TOPICS[operationNames[op.id]?.area ?? ''];
  if (!topic) throw new Error(`no toolset for ${op.id}`);
  return topic as Toolset;
}

/**
 * Writes that lose or replace something, or change who may sign in: they run only with
 * `--allow-destructive`, and answer a dry run without it. Every DELETE is one too. The CLI asks for
 * confirmation before each of these (`--yes`); the ones it does not ask for are replacements of a
 * whole value (a schema, instructions, a specification's content) and SSO settings.
 */
const DESTRUCTIVE_WRITES = new Set([
  'mergeChangeRequest',
  'transferSpace',
  'transferCollection',
  'importContent',
  'importContentInChangeRequest',
  'applyTemplateToSpace',
  'importGitRepository',
  'exportToGitRepository',
  'updateMembersInOrganizationTeam',
  'createOrUpdateOpenAPISpecBySlug',
  'updateSiteAdaptiveSchema',
  'updateTranslation',
  'createOrganizationSAMLProvider',
  'updateOrganizationSAMLProvider',
  'setUserAsSSOMemberForOrganization',
]);

/** Operations that reach outside the documentation platform: imports and exports of URLs and Git repositories. */
const OPEN_WORLD = new Set([
  'importContent',
  'importContentInChangeRequest',
  'importGitRepository',
  'exportToGitRepository',
  'createOpenAPISpec',
  'createOrUpdateOpenAPISpecBySlug',
]);

export type Safety = 'read' | 'write' | 'destructive';

export function safetyOf(op: Operation): Safety {
  if (op.method === 'GET') return 'read';
  if (op.method === 'DELETE' || DESTRUCTIVE_WRITES.has(op.id)) return 'destructive';
  return 'write';
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export function annotationsOf(op: Operation): ToolAnnotations {
  const safety = safetyOf(op);
  return {
    title: op.summary,
    readOnlyHint: safety === 'read',
    destructiveHint: safety === 'destructive',
    idempotentHint: op.idempotent,
    openWorldHint: OPEN_WORLD.has(op.id),
  };
}

/* ---------- input ---------- */

/** Items a list tool returns when `limit` is not given (as `docs … list` shows). */
export const DEFAULT_LIST_LIMIT = 30;

const PATH_PARAM_TEXT: Readonly<Record<string, string>> = {
  spaceId: 'Id of the space',
  changeRequestId: 'Id of the change request, or its number in the space (2)',
  organizationId: 'Id of the organization',
  collectionId: 'Id of the collection',
  siteId: 'Id of the site',
  pageId: 'Id of the page (docs_read_page takes a path)',
  userId: 'Id of the user',
  teamId: 'Id of the team',
  commentId: 'Id of the comment',
  commentReplyId: 'Id of the reply',
  specSlug: 'Slug of the OpenAPI specification',
};

const objectShape = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  schema ? { ...(schema as unknown as z.ZodObject).shape } : {};

/** Where each argument of a tool goes: the path, the query or the body. */
export interface ArgumentPlan {
  path: readonly string[];
  query: readonly string[];
  body: readonly string[];
  /** A list: `limit` and `cursor` instead of the API's `page` and `limit`. */
  paginated: boolean;
}

export function argumentPlan(op: Operation): ArgumentPlan {
  const query = Object.keys(objectShape(op.query)).filter((k) => !(op.paginated && (k === 'page' || k === 'limit')));
  return { path: op.pathParams, query, body: Object.keys(objectShape(op.body)), paginated: op.paginated === true };
}

/**
 * The tool's arguments as one object: path parameters, query and body fields side by side (no
 * operation uses a name twice: test/mcp/catalog.test.ts), with the contract's bounds. Lists take
 * `limit` and `cursor`. Validation itself is the client's (`prepare`), with the operation's own
 * schemas, so what is refused and how it is said is the same as for the CLI.
 */
export function inputSchema(op: Operation): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const name of op.pathParams) {
    const text = PATH_PARAM_TEXT[name] ?? name;
    shape[name] = (name === 'changeRequestId' ? z.union([z.string(), z.number().int().nonnegative()]) : z.string()).describe(text);
  }
  const { page: _page, limit: _limit, ...query } = objectShape(op.query);
  Object.assign(shape, op.paginated ? query : objectShape(op.query), objectShape(op.body));
  if (op.paginated) {
    shape.limit = z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .optional()
      .describe(`Items to return (default ${DEFAULT_LIST_LIMIT}, at most ${MAX_PAGE_SIZE})`);
    shape.cursor = z.string().optional().describe('Where to continue: the `next` cursor of the previous answer');
  }
  return z.strictObject(shape);
}

export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  // io 'input': what the caller sends (the query's "true"/"false" strings are accepted as booleans).
  const { $schema: _, ...json } = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

/** Every operation with its toolset and safety, in the table's order. */
export interface OperationEntry {
  op: Operation;
  toolset: Toolset;
  safety: Safety;
}

export const operationEntries: readonly OperationEntry[] = allOperations.map((op) => ({
  op,
  toolset: topicOf(op),
  safety: safetyOf(op),
}));
