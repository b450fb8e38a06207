import type { DocsClient } from '../api/client.js';
import { ApiError, RateLimitError, type FieldIssue } from '../api/errors.js';
import type { Operation } from '../api/operation.js';
import { redact } from '../api/redact.js';
import { MAX_PAGE_SIZE } from '../api/schemas/common.js';
import { formatFieldIssue, ValidationError } from '../api/validation.js';
import { describeError, type ErrorContext, type Subject } from '../cli/errors.js';
import { duration, windowText } from '../cli/rate-limit-notice.js';
import { conflictFailure } from '../cli/format/conflicts.js';
import { Names } from '../cli/names.js';
import { argumentPlan, DEFAULT_LIST_LIMIT, type OperationEntry } from './catalog.js';
import { answer, cutAnswer, failure, isRecord, listText, objectText, type ToolAnswer } from './results.js';

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

/** One page of a list, with the cursor of the next; cut to fewer items (fetched again, so the cursor stays right) when too large. */
async function listPage(
  op: Operation,
  params: Record<string, unknown>,
  args: Record<string, unknown>,
  ctx: CallContext,
  signal: AbortSignal,
): Promise<ToolAnswer> {
  const { limit, cursor } = pageArguments(args);
  const fetch = async (n: number) => {
    const query = { ...(params.query as object | undefined), limit: n, ...(cursor !== undefined ? { page: cursor } : {}) };
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
    let fits = 0;
    let total = 2;
    for (const item of page.items) {
      total += JSON.stringify(item).length + 1;
      if (total > ctx.maxResultChars) break;
      fits++;
    }
    if (fits === 0) {
      return cutAnswer(
        JSON.stringify(page.items),
        ctx.maxResultChars,
        'Even one item is over the limit: restart docs mcp with a larger --max-result-chars.',
      );
    }
    page = await fetch(fits);
    note = `Cut to ${page.items.length} items (limit ${limit} asked) to stay under ${ctx.maxResultChars} characters; the next cursor continues after them.`;
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
  return answer(structured, note ? `${text}\n${note}` : text);
}

function resultAnswer(op: Operation, result: unknown, ctx: CallContext): ToolAnswer {
  if (result === undefined) return answer({ ok: true, operation: op.id }, `Done: ${op.summary}.`);
  const structured = isRecord(result) ? result : { result };
  const json = JSON.stringify(structured);
  if (json.length > ctx.maxResultChars) {
    const how =
      op.id === 'getPageById' || op.id === 'getPageInChangeRequestById'
        ? "docs_read_page reads a page's markdown in parts (offset)."
        : 'Restart docs mcp with a larger --max-result-chars to get it whole.';
    return cutAnswer(json, ctx.maxResultChars, how);
  }
  return answer(structured, objectText(structured, op.method === 'GET' ? undefined : `Done: ${op.summary}.`));
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
    if (op.paginated) return await listPage(op, params, args, ctx, signal);
    const result = await ctx.client.call(op, params, { signal });
    if (op.id === 'mergeChangeRequest' && isRecord(result) && result.result === 'conflicts') {
      const spaceId = String(params.spaceId);
      const id = String(params.changeRequestId);
      const message = conflictFailure(result as never, { bin: ctx.errors.bin ?? 'docs', spaceId, id, nothing: 'merged' }).message;
      return { ...answer(result, redact(message)), isError: true };
    }
    return resultAnswer(op, result, ctx);
  } catch (err) {
    return failureOf(err, ctx, op, params);
  }
}
