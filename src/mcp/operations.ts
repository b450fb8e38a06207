import type { DocsClient } from '../api/client.js';
import { ApiError, RateLimitError, type FieldIssue } from '../api/errors.js';
import type { Operation } from '../api/operation.js';
import { redact } from '../api/redact.js';
import { MAX_PAGE_SIZE } from '../api/schemas/common.js';
import { formatFieldIssue, ValidationError } from '../api/validation.js';
import { describeError, type ErrorContext, type Subject } from '../cli/errors.js';
import { duration, windowText } from '../cli/rate-limit-notice.js';
import { Names } from '../cli/names.js';
import { argumentPlan, DEFAULT_LIST_LIMIT, type OperationEntry } from './catalog.js';
import { answer, failure, fitted, isRecord, listText, type AnswerStore, type ToolAnswer } from './results.js';

/**
 * Calling one operation as a tool: the arguments split back into path, query and body, validated
 * by the client with the operation's own schemas, sent with the client's transport (retried on a
 * dropped connection only when the operation is idempotent), and the answer or the failure put in
 * the CLI's words.
 */

/** What every tool call shares: the client, the switches the server was started with, the profile's defaults. */
export interface CallContext {
  client: DocsClient;
  allowDestructive: boolean;
  maxResultChars: number;
  /** The profile's default space and organization, used when a tool is called without them. */
  defaults: { spaceId?: string; organizationId?: string };
  /** How errors name the API URL and its source (`--api-url`, the profile...). */
  errors: Pick<ErrorContext, 'apiUrl' | 'apiUrlSource' | 'profile' | 'bin'>;
  /**
   * How long one tool call may wait on the API's rate limit in all (ms), and where that came from (`--max-wait`,
   * `DOCS_MAX_WAIT`, `default`). Default 45 s: below the 60 s an MCP client waits for an answer by default (the
   * SDK's DEFAULT_REQUEST_TIMEOUT_MSEC), so that the call answers when to retry instead of timing out.
   */
  waitBudget?: { ms: number; source?: string };
  /** The long answers of the session, read in parts with docs_read_answer (the server makes one). */
  answers?: AnswerStore;
}

/** A tool call's wait budget on the rate limit, unless `docs mcp` is given --max-wait or DOCS_MAX_WAIT. */
export const MCP_MAX_WAIT_MS = 45_000;

/**
 * A tool call the rate limit would keep waiting past its budget: the error says it was rate limited, when to call
 * again (in seconds, and the UTC time), and that nothing was applied; the structured content says the same for a
 * program. `now` is this machine's clock, which the error's times are on.
 */
export function rateLimitFailure(err: RateLimitError, now: number = Date.now()): ToolAnswer {
  const d = err.details;
  const retryAt = new Date(now + d.waitMs);
  const seconds = Math.max(1, Math.ceil(d.waitMs / 1000));
  const at = `${retryAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const window = windowText(d.limit, d.windowMs);
  const why = d.refused ? 'the API answered 429 (rate limit exceeded)' : "the rate limit's window is spent";
  const budget = `${duration(d.budgetMs)}${d.budgetSource === '--max-wait' || d.budgetSource === 'DOCS_MAX_WAIT' ? ` (${d.budgetSource})` : ''}`;
  const text =
    `Rate limited: ${why}${window ? ` (${window})` : ''}, and the next request could go only in ${duration(d.waitMs)}, ` +
    `beyond this call's ${budget} wait budget. Nothing was applied: the ${d.method} request was ${d.refused ? 'refused' : 'not sent'}. ` +
    `Retry in ${seconds} s, at ${at} or later.`;
  return {
    content: [{ type: 'text', text: redact(text) }],
    structuredContent: {
      error: 'rate_limited',
      retryAfterSeconds: seconds,
      retryAt: retryAt.toISOString(),
      applied: false,
      ...(d.limit !== undefined ? { limit: d.limit } : {}),
      ...(d.windowMs !== undefined ? { windowSeconds: Math.round(d.windowMs / 1000) } : {}),
    },
    isError: true,
  };
}

/** A failure as a tool error: the CLI's message, or for the rate limit when to retry. Never a bare failure. */
export function failureOf(err: unknown, ctx: CallContext, op?: Operation, params?: Record<string, unknown>): ToolAnswer {
  return err instanceof RateLimitError ? rateLimitFailure(err) : failure(errorText(err, ctx, op, params));
}

const KINDS: Readonly<Record<string, string>> = {
  spaceId: 'space',
  changeRequestId: 'change request',
  organizationId: 'organization',
  collectionId: 'collection',
  siteId: 'site',
  siteSectionId: 'site section',
  siteSectionGroupId: 'section group',
  siteSpaceId: 'site space',
  pageId: 'page',
  fileId: 'file',
  userId: 'member',
  teamId: 'team',
  commentId: 'comment',
  commentReplyId: 'reply',
  specSlug: 'OpenAPI specification',
  versionId: 'version',
  translationId: 'translation',
  samlProviderId: 'SAML provider',
  inviteId: 'invite link',
  emailDomain: 'e-mail domain',
};

/** A path parameter as a kind of thing: `siteSectionId` → `site section`. */
export const kindOf = (param: string): string =>
  KINDS[param] ??
  param
    .replace(/Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** The objects a call is about, outermost first, for a 404 that names the missing one. */
export function subjectsOf(op: Operation, params: Record<string, unknown>): Subject[] {
  return op.pathParams.filter((p) => params[p] !== undefined).map((p) => ({ kind: kindOf(p), id: String(params[p]) }));
}

/** A field path as the tool's caller wrote it: the body's fields are arguments of their own (`body.subject` → `subject`). */
const argumentPath = (path: readonly (string | number)[]): (string | number)[] =>
  path[0] === 'body' && path.length > 1 ? path.slice(1) : [...path];

/** One line for a failure, naming the argument that was wrong; never a stack trace, never a token. */
export function errorText(err: unknown, ctx: CallContext, op?: Operation, params: Record<string, unknown> = {}): string {
  const issues: readonly FieldIssue[] | undefined =
    err instanceof ValidationError
      ? err.issues
      : err instanceof ApiError && (err.status === 400 || err.status === 422)
        ? err.issues
        : undefined;
  if (issues && issues.length > 0) {
    const text = issues.map((i) => formatFieldIssue({ path: argumentPath(i.path), message: i.message })).join('; ');
    const status = err instanceof ApiError ? ` (${err.status})` : '';
    return redact(`${op ? `${op.id}: ` : ''}invalid arguments: ${text}${status}.`);
  }
  if (err instanceof RateLimitError) return rateLimitFailure(err).content[0]?.text ?? err.message;
  return describeError(err, { ...ctx.errors, subjects: op ? subjectsOf(op, params) : [], operation: op?.id });
}

/**
 * The arguments as client params: path parameters at the top (the profile's space and organization
 * when left out), `query` and `body` from their fields. An argument the operation does not take is
 * refused, naming it and what the tool takes.
 */
export function paramsOf(entry: OperationEntry, args: Record<string, unknown>, ctx: CallContext): Record<string, unknown> {
  const { op } = entry;
  const plan = argumentPlan(op);
  const takes = [...plan.path, ...plan.query, ...plan.body, ...(plan.paginated ? ['limit', 'cursor'] : [])];
  const unknown = Object.keys(args).filter((k) => !takes.includes(k));
  if (unknown.length > 0) {
    const issues = unknown.map((k) => ({ path: [k], message: `unknown argument (${op.id} takes ${takes.join(', ') || 'nothing'})` }));
    throw new ValidationError(issues.map(formatFieldIssue).join('; '), issues);
  }
  const params: Record<string, unknown> = {};
  for (const name of plan.path) {
    const fallback = name === 'spaceId' ? ctx.defaults.spaceId : name === 'organizationId' ? ctx.defaults.organizationId : undefined;
    const value = args[name] ?? fallback;
    if (value !== undefined) params[name] = value;
  }
  const pick = (names: readonly string[]) => Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));
  const query = pick(plan.query);
  if (Object.keys(query).length > 0) params.query = query;
  const body = pick(plan.body);
  if (Object.keys(body).length > 0 || (op.body && op.bodyRequired)) params.body = body;
  return params;
}

function pageArguments(args: Record<string, unknown>): { limit: number; cursor?: string } {
  const { limit = DEFAULT_LIST_LIMIT, cursor } = args;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw ValidationError.at(['limit'], `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  if (cursor !== undefined && (typeof cursor !== 'string' || cursor === ''))
    throw ValidationError.at(['cursor'], 'must be the `next` cursor of a previous answer');
  return { limit, ...(cursor !== undefined ? { cursor } : {}) };
}

/** What a dry run names: `space "Guides"`, `change request #2 "Fix typos"`, read the way a confirmation reads them. */
async function namesOf(op: Operation, params: Record<string, unknown>, ctx: CallContext, signal: AbortSignal): Promise<string[]> {
  const names = new Names(() => ctx.client, signal);
  const s = (name: string): string | undefined => {
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const org = s('organizationId');
  return Promise.all(
    op.pathParams.map(async (p): Promise<string> => {
      const id = s(p) ?? '';
      switch (p) {
        case 'spaceId':
          return names.space(id);
        case 'changeRequestId':
          return names.changeRequest(s('spaceId') ?? '', id);
        case 'organizationId':
          return names.organization(id);
        case 'collectionId':
          return names.collection(id);
        case 'siteId':
          return org ? names.site(org, id) : `site ${id}`;
        case 'teamId':
          return org ? names.team(org, id) : `team ${id}`;
        case 'userId':
          return org ? names.member(org, id).then((n) => `member ${n}`) : `member ${id}`;
        default:
          return `${kindOf(p)} ${id}`;
      }
    }),
  );
}

/** The request a destructive call would send, as `docs … --dry-run` prints it, with the names of what it would change. */
async function dryRun(op: Operation, params: Record<string, unknown>, ctx: CallContext, signal: AbortSignal): Promise<ToolAnswer> {
  const prepared = ctx.client.prepare(op, params);
  const wouldChange = await namesOf(op, params, ctx, signal);
  const note = `Nothing was sent: ${op.id} is destructive, and docs mcp runs destructive operations only when started with --allow-destructive.`;
  const body = prepared.body === undefined ? undefined : (JSON.parse(redact(JSON.stringify(prepared.body))) as unknown);
  const structured = {
    dryRun: true,
    sent: false,
    operation: op.id,
    method: prepared.method,
    url: redact(prepared.url),
    headers: { authorization: 'Bearer ***' },
    ...(body !== undefined ? { body } : {}),
    wouldChange,
    note,
  };
  const lines = [`Dry run of ${op.id} (${op.summary}).`, `${prepared.method} ${redact(prepared.url)}`];
  if (body !== undefined) lines.push(JSON.stringify(body));
  lines.push(`Would change: ${wouldChange.join(', ')}.`, note);
  return answer(structured, lines.join('\n'));
}

/** Whether a list's query takes `order` (`asc`, `desc`): the tool then lists newest first unless told otherwise. */
export const takesOrder = (entry: OperationEntry): boolean => argumentPlan(entry.op).query.includes('order');

const cutNote = (items: number, limit: number, max: number) =>
  `Cut to ${items} items (limit ${limit} asked) to stay under ${max} characters; the next cursor continues after them.`;

/** One page of a list, with the cursor of the next; cut to fewer items (fetched again, so the cursor stays right) when too large. */
async function listPage(
  entry: OperationEntry,
  params: Record<string, unknown>,
  args: Record<string, unknown>,
  ctx: CallContext,
  signal: AbortSignal,
): Promise<ToolAnswer> {
  const { op } = entry;
  const { limit, cursor } = pageArguments(args);
  // Newest first unless the caller asks otherwise, where the API can order the list.
  const order = takesOrder(entry) && args.order === undefined ? { order: 'desc' } : {};
  const fetch = async (n: number) => {
    const query = { ...(params.query as object | undefined), ...order, limit: n, ...(cursor !== undefined ? { page: cursor } : {}) };
    return (await ctx.client.call(op, { ...params, query }, { signal })) as {
      items: unknown[];
      next?: { page: string } | null;
      count?: number;
    };
  };
  let page = await fetch(limit);
  let note: string | undefined;
  const size = (items: readonly unknown[]) => JSON.stringify(items).length;
  if (size(page.items) > ctx.maxResultChars) {
    // Room for the items once the rest of the answer (cursor, count, note) is in; the next cursor is about as long as this one.
    const envelope = {
      items: [],
      next: `${page.next?.page ?? ''}${'x'.repeat(32)}`,
      more: true,
      count: page.count ?? 0,
      note: cutNote(limit, limit, ctx.maxResultChars),
    };
    const room = ctx.maxResultChars - JSON.stringify(envelope).length;
    let fits = 0;
    let total = 2;
    for (const item of page.items) {
      total += JSON.stringify(item).length + 1;
      if (total > room) break;
      fits++;
    }
    page = await fetch(Math.max(1, fits));
    note =
      fits === 0
        ? `The first item alone is longer than the limit of ${ctx.maxResultChars} characters: this answer holds it alone, in parts; the next cursor continues after it.`
        : cutNote(page.items.length, limit, ctx.maxResultChars);
  }
  const next = page.next?.page ?? null;
  const structured = {
    items: page.items,
    next,
    more: next !== null,
    ...(page.count !== undefined ? { count: page.count } : {}),
    ...(note ? { note } : {}),
  };
  const text = listText(page.items, next, page.count);
  const more = next ? ` More follow: call ${op.id} again with cursor "${next}".` : ' No more follow.';
  return fitted(
    ctx,
    structured,
    note ? `${note}\n${text}` : text,
    `${page.items.length} items of ${op.id}.${note ? ` ${note}` : ''}${more}`,
  );
}

const LIST_PAGES = new Set(['listPages', 'listPagesInChangeRequest']);

/** A page tree without its markdown, each page with the length of its markdown instead (docs_read_page reads it). */
export function withoutMarkdown(pages: unknown): unknown {
  if (!Array.isArray(pages)) return pages;
  return pages.map((page: unknown) => {
    if (!isRecord(page)) return page;
    const { markdown, pages: children, ...rest } = page;
    return {
      ...rest,
      ...(typeof markdown === 'string' ? { markdownChars: markdown.length } : {}),
      ...(children !== undefined ? { pages: withoutMarkdown(children) } : {}),
    };
  });
}

function resultAnswer(op: Operation, result: unknown, ctx: CallContext): ToolAnswer {
  if (result === undefined) return answer({ ok: true, operation: op.id }, `Done: ${op.summary}.`);
  let structured = isRecord(result) ? result : { result };
  if (LIST_PAGES.has(op.id) && isRecord(result)) structured = { ...result, pages: withoutMarkdown(result.pages) };
  return fitted(ctx, structured, undefined, op.method === 'GET' ? undefined : `Done: ${op.summary}.`);
}

const CONFLICTING = new Set(['mergeChangeRequest', 'updateChangeRequest']);

/** The pages a conflict names: the emulator's `conflicts`, or none (the service says them in its message). */
function conflictPaths(result: Record<string, unknown>): string[] {
  const list = Array.isArray(result.conflicts) ? (result.conflicts as unknown[]) : [];
  return list.flatMap((c) => (isRecord(c) && typeof c.path === 'string' ? [c.path] : []));
}

/**
 * A merge or an update that conflicts, as a tool error whose way out is tool calls (an agent may have no shell):
 * what the change request changes, each side of the pages in conflict, a new change request made from the
 * current content into which a version of a page can be imported, and the change request's page in the app.
 */
export function conflictAnswer(op: Operation, result: Record<string, unknown>, params: Record<string, unknown>): ToolAnswer {
  const spaceId = String(params.spaceId);
  const cr = params.changeRequestId as string | number;
  const said = typeof result.message === 'string' ? result.message.trim() : '';
  const paths = conflictPaths(result);
  const path = paths[0] ?? '<path>';
  const nothing = op.id === 'mergeChangeRequest' ? 'merged' : 'applied';
  const steps = [
    { tool: 'docs_cr_diff', arguments: { spaceId, changeRequestId: cr }, why: 'what the change request changes' },
    {
      tool: 'docs_read_page',
      arguments: { spaceId, path, changeRequestId: cr },
      why: `the change request's version of ${paths.length > 1 ? 'each page in conflict' : 'the page in conflict'}`,
    },
    { tool: 'docs_read_page', arguments: { spaceId, path }, why: "the primary content's version" },
    {
      tool: 'createChangeRequest',
      arguments: { spaceId, subject: '<subject>' },
      why: 'a new change request, made from the current primary content',
    },
    {
      tool: 'importContentInChangeRequest',
      arguments: { spaceId, changeRequestId: '<the new one>', source: 'markdown', url: '<URL of the merged markdown>' },
      why: 'brings a version of a page into it, from a URL the API can read (destructive: it needs --allow-destructive)',
    },
    {
      tool: 'getChangeRequestById',
      arguments: { spaceId, changeRequestId: cr },
      why: 'its `urls.app`, to resolve the conflict in the app',
    },
  ];
  const call = (s: (typeof steps)[number]) => `${s.tool} ${JSON.stringify(s.arguments)} (${s.why})`;
  const text = [
    `Change request ${cr} conflicts with the primary content: nothing was ${nothing}.${said ? ` ${/[.!?]$/.test(said) ? said : `${said}.`}` : ''}`,
    paths.length > 1 ? `Pages in conflict: ${paths.join(', ')}.` : '',
    'The way out, in tool calls:',
    ...steps.map((s, i) => `${i + 1}. ${call(s)}`),
  ]
    .filter(Boolean)
    .join('\n');
  return {
    content: [{ type: 'text', text: redact(text) }],
    structuredContent: { ...result, ...(paths.length > 0 ? { paths } : {}), [nothing]: false, wayOut: steps },
    isError: true,
  };
}

/** Call an operation tool. Never throws: a failure is a tool error with the CLI's message. */
export async function callOperation(
  entry: OperationEntry,
  args: Record<string, unknown>,
  ctx: CallContext,
  signal: AbortSignal,
): Promise<ToolAnswer> {
  const { op } = entry;
  let params: Record<string, unknown> = {};
  try {
    params = paramsOf(entry, args, ctx);
    if (entry.safety === 'destructive' && !ctx.allowDestructive) return await dryRun(op, params, ctx, signal);
    if (op.paginated) return await listPage(entry, params, args, ctx, signal);
    const result = await ctx.client.call(op, params, { signal });
    if (CONFLICTING.has(op.id) && isRecord(result) && result.result === 'conflicts') return conflictAnswer(op, result, params);
    return resultAnswer(op, result, ctx);
  } catch (err) {
    return failureOf(err, ctx, op, params);
  }
}
