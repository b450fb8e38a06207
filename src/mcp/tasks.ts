import * as z from 'zod';
import type { FieldIssue } from '../api/errors.js';
import { formatFieldIssue, validate, ValidationError } from '../api/validation.js';
import { markdownOf, scopeLabel, scopeOf, scopePage, scopePages } from '../api/scope.js';
import { resolvePage } from '../cli/pages.js';
import { CHECK_KINDS, type CheckKind } from '../content/check.js';
import { operationEntries, type OperationEntry } from './catalog.js';
import { callOperation, failureOf, type CallContext } from './operations.js';
import { answer, answerPart, fitted, READ_ANSWER, textAnswer, textPart, type ToolAnswer } from './results.js';

/**
 * The task tools: what an agent working on documentation needs first, built on the content tools
 * the CLI already has (`docs spaces page`, `docs cr diff`, `docs cr check`, `docs spaces search`).
 */

export interface TaskTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  call(args: Record<string, unknown>, ctx: CallContext, signal: AbortSignal): Promise<ToolAnswer>;
}

const entry = (id: string): OperationEntry => {
  const found = operationEntries.find((e) => e.op.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

/** `spaceId`, optional when the profile has a default space. */
const spaceArg = (ctx: { defaults: CallContext['defaults'] }) =>
  ctx.defaults.spaceId
    ? z.string().optional().describe(`Id of the space (default: ${ctx.defaults.spaceId}, the profile's)`)
    : z.string().describe('Id of the space');

const crArg = (description: string) => z.union([z.string(), z.number().int().nonnegative()]).describe(description);
const offsetArg = z
  .number()
  .int()
  .nonnegative()
  .optional()
  .describe('Where to start reading, in characters (default 0): the `nextOffset` of the previous answer');

function spaceOf(args: Record<string, unknown>, ctx: CallContext): string {
  const spaceId = args.spaceId ?? ctx.defaults.spaceId;
  if (typeof spaceId !== 'string' || spaceId === '') throw ValidationError.at(['spaceId'], 'required');
  return spaceId;
}

/**
 * Parse the task tool's own arguments with its schema and the client's validator, so a wrong one is named like an
 * operation's: an argument the tool does not take is named, with the ones it takes.
 */
function parsed<T>(tool: TaskTool, args: Record<string, unknown>): T {
  const takes = Object.keys(tool.input.shape);
  const extra: FieldIssue[] = Object.keys(args)
    .filter((k) => !takes.includes(k))
    .map((k) => ({ path: [k], message: `unknown argument (${tool.name} takes ${takes.join(', ')})` }));
  let value: T;
  try {
    value = validate(tool.input.strip(), args) as T;
  } catch (err) {
    if (extra.length === 0 || !(err instanceof ValidationError)) throw err;
    const issues = [...err.issues, ...extra];
    throw new ValidationError(issues.map(formatFieldIssue).join('; '), issues);
  }
  if (extra.length > 0) throw new ValidationError(extra.map(formatFieldIssue).join('; '), extra);
  return value;
}

/** A page's markdown by its path, in the space or in a change request. Used by docs_read_page and the resources. */
export async function readPage(
  ctx: CallContext,
  where: { spaceId: string; changeRequestId?: string | number },
  path: string,
  signal: AbortSignal,
): Promise<{ pageId: string; path: string; title: string; type: string; markdown?: string }> {
  const call = { signal };
  const scope = scopeOf(where.spaceId, where.changeRequestId?.toString());
  const page = resolvePage(await scopePages(ctx.client, scope, call), path, scopeLabel(scope));
  const markdown = markdownOf(await scopePage(ctx.client, scope, page.id, call));
  return { pageId: page.id, path: page.path, title: page.title, type: page.type, ...(typeof markdown === 'string' ? { markdown } : {}) };
}

export function taskTools(ctx: { defaults: CallContext['defaults'] }): TaskTool[] {
  const readPageTool: TaskTool = {
    name: 'docs_read_page',
    title: "Read a page's markdown by its path",
    description:
      "A page's markdown, found by its path (installation/macos, as listPages shows it) or its id, in a space's primary content or in a change request. " +
      "An unknown path names the nearby ones. The markdown is the text content (the structured content holds the page's id, path, title and " +
      'where the part is); a long page comes in parts: `nextOffset` says where the rest starts, to pass as `offset`.',
    input: z.strictObject({
      spaceId: spaceArg(ctx),
      path: z.string().min(1).describe('Path of the page (installation/macos; a leading / or a trailing .md is allowed), or its id'),
      changeRequestId: crArg(
        "Read the page as it is in this change request (id or number) instead of the space's primary content",
      ).optional(),
      offset: offsetArg,
    }),
    async call(args, c, signal) {
      const a = parsed<{ spaceId?: string; path: string; changeRequestId?: string | number; offset?: number }>(readPageTool, args);
      const spaceId = spaceOf(a, c);
      const page = await readPage(
        c,
        { spaceId, ...(a.changeRequestId !== undefined ? { changeRequestId: a.changeRequestId } : {}) },
        a.path,
        signal,
      );
      if (page.markdown === undefined) {
        return answer(
          { ...page, spaceId, markdown: null },
          `Page "${page.title}" (${page.path}) is of type ${page.type}: it has no markdown.`,
        );
      }
      const part = textPart(page.markdown, a.offset ?? 0, c.maxResultChars);
      const { markdown: _, ...about } = page;
      // The markdown is the text content, once: the structured content says where this part is in it.
      return textAnswer(part, {
        ...about,
        spaceId,
        ...(a.changeRequestId !== undefined ? { changeRequestId: String(a.changeRequestId) } : {}),
      });
    },
  };

  const diffTool: TaskTool = {
    name: 'docs_cr_diff',
    title: 'What a change request changes, as a unified patch',
    description:
      "The change request's content against the space's primary content, page by page (added, removed, moved, renamed, modified), " +
      'as a git-style unified patch (each page is <path>.md with its # title first), in the text content; the structured content lists the changed pages. ' +
      'A long patch comes in parts: `nextOffset` says where the rest starts, to pass as `offset`.',
    input: z.strictObject({
      spaceId: spaceArg(ctx),
      changeRequestId: crArg('Id or number of the change request'),
      offset: offsetArg,
    }),
    async call(args, c, signal) {
      const a = parsed<{ spaceId?: string; changeRequestId: string | number; offset?: number }>(diffTool, args);
      const spaceId = spaceOf(a, c);
      const { diffChangeRequest } = await import('../content/diff.js');
      const { renderPatch } = await import('../cli/format/diff.js');
      const diff = await diffChangeRequest(c.client, { spaceId, changeRequestId: String(a.changeRequestId) }, { signal });
      const patch = renderPatch(diff);
      const part = textPart(patch, a.offset ?? 0, c.maxResultChars);
      const pages = diff.pages.map((p) => ({
        change: p.change,
        changes: p.changes,
        ...(p.pathBefore !== undefined ? { pathBefore: p.pathBefore } : {}),
        ...(p.pathAfter !== undefined ? { pathAfter: p.pathAfter } : {}),
        added: p.added,
        removed: p.removed,
      }));
      // The list of pages goes with the first part, when it fits the limit (the patch names every page anyway).
      const listed = part.offset === 0 && JSON.stringify(pages).length <= c.maxResultChars;
      const about = {
        spaceId,
        changeRequestId: String(a.changeRequestId),
        ...(listed ? { pages } : { changedPages: pages.length }),
        added: diff.added,
        removed: diff.removed,
      };
      if (pages.length === 0)
        return answer(
          { ...about, offset: 0, nextOffset: null, totalChars: 0 },
          `No differences: change request ${a.changeRequestId} has the same content as the space's primary content.`,
        );
      const head = `${pages.length} page${pages.length === 1 ? '' : 's'} changed, ${diff.added} insertions(+), ${diff.removed} deletions(-).`;
      // The patch is the text content, once.
      return textAnswer(part, about, part.offset === 0 ? head : undefined);
    },
  };

  const checkTool: TaskTool = {
    name: 'docs_cr_check',
    title: 'Check a change request before merging it',
    description:
      'Findings on a change request, from what the API reports (as `docs cr check`): broken-link (a link whose target does not exist), ' +
      'empty-page (a document page without content), outdated (behind the primary content: updateChangeRequest brings it up to date, and may conflict), ' +
      'open-comment (a comment not resolved). `ok` is true when there are none.',
    input: z.strictObject({
      spaceId: spaceArg(ctx),
      changeRequestId: crArg('Id or number of the change request'),
      ignore: z.array(z.enum(CHECK_KINDS)).optional().describe('Kinds of finding to leave out'),
    }),
    async call(args, c, signal) {
      const a = parsed<{ spaceId?: string; changeRequestId: string | number; ignore?: CheckKind[] }>(checkTool, args);
      const spaceId = spaceOf(a, c);
      const { checkChangeRequest } = await import('../content/check.js');
      const result = await checkChangeRequest(
        c.client,
        { spaceId, changeRequestId: String(a.changeRequestId) },
        { ignore: a.ignore ?? [], signal },
      );
      const head = result.ok
        ? `No findings: change request ${a.changeRequestId} passes every check.`
        : `${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}:`;
      const text = [head, ...result.findings.map((f) => `- ${f.kind} ${f.page ?? '(change request)'}: ${f.message}`)].join('\n');
      // Many findings: the answer comes in parts (docs_read_answer).
      return fitted(c, { ...result }, text.length <= c.maxResultChars ? text : undefined, head);
    },
  };

  const searchTool: TaskTool = {
    name: 'docs_search',
    title: 'Search the content',
    description:
      'Pages that match a text, with the sections that matched: in one space (spaceId), or in every space of an organization (organizationId). ' +
      "Returns up to `limit` results and a `next` cursor when more follow. In the API's order (it has no sort or order parameter for this list).",
    input: z.strictObject({
      query: z.string().min(1).max(512).describe('What to search for'),
      spaceId: z
        .string()
        .optional()
        .describe(
          `Search this space${ctx.defaults.spaceId ? ` (default: ${ctx.defaults.spaceId}, the profile's, unless organizationId is given)` : ''}`,
        ),
      organizationId: z.string().optional().describe('Search every space of this organization instead'),
      limit: z.number().int().min(1).max(1000).optional().describe('Results to return (default 30)'),
      cursor: z.string().optional().describe('Where to continue: the `next` cursor of the previous answer'),
    }),
    async call(args, c, signal) {
      const a = parsed<{ query: string; spaceId?: string; organizationId?: string; limit?: number; cursor?: string }>(searchTool, args);
      const page = { ...(a.limit !== undefined ? { limit: a.limit } : {}), ...(a.cursor !== undefined ? { cursor: a.cursor } : {}) };
      if (a.spaceId !== undefined && a.organizationId !== undefined)
        throw new ValidationError('spaceId and organizationId cannot be used together: give one', [
          { path: ['organizationId'], message: 'cannot be used with spaceId' },
        ]);
      const orgId = a.organizationId ?? (a.spaceId === undefined && !c.defaults.spaceId ? c.defaults.organizationId : undefined);
      if (orgId !== undefined)
        return callOperation(entry('searchOrganizationContent'), { organizationId: orgId, query: a.query, ...page }, c, signal);
      return callOperation(entry('searchSpaceContent'), { spaceId: spaceOf(a, c), query: a.query, ...page }, c, signal);
    },
  };

  const readAnswerTool: TaskTool = {
    name: READ_ANSWER,
    title: 'Read the rest of a long answer',
    description:
      'A tool answer longer than the limit comes in parts: the first part names the answer ("a1") and the offset of the next. ' +
      "This reads the part from that offset; the parts, joined in order, are the answer's JSON. Nothing is sent to the API again. " +
      'The server keeps the last 16 long answers of the session.',
    input: z.strictObject({
      answer: z.string().min(1).describe('The answer to read, as its first part names it ("a1")'),
      offset: z
        .number()
        .int()
        .nonnegative()
        .describe('Where the part starts, in characters of the JSON: the `nextOffset` of the previous part'),
    }),
    call(args, c) {
      const a = parsed<{ answer: string; offset: number }>(readAnswerTool, args);
      const json = c.answers?.get(a.answer);
      if (json === undefined)
        throw ValidationError.at(
          ['answer'],
          `no answer "${a.answer}" is kept (the server keeps the last 16 long answers of the session): call the tool again`,
        );
      if (a.offset >= json.length && json.length > 0)
        throw ValidationError.at(['offset'], `must be less than ${json.length}, the length of answer "${a.answer}"`);
      return Promise.resolve(answerPart(a.answer, json, a.offset, c.maxResultChars));
    },
  };

  return [readPageTool, diffTool, checkTool, searchTool, readAnswerTool];
}

/** Run a task tool; a failure becomes a tool error in the CLI's words. */
export async function callTask(tool: TaskTool, args: Record<string, unknown>, ctx: CallContext, signal: AbortSignal): Promise<ToolAnswer> {
  try {
    return await tool.call(args, ctx, signal);
  } catch (err) {
    return failureOf(err, ctx);
  }
}
