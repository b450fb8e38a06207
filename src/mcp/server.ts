import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { WaitBudget } from '../api/rate-limit.js';
import { contentTwins } from '../api/operations/twins.js';
import { closest } from '../cli/errors.js';
import { flattenTree } from '../content/page-tree.js';
import { annotationsOf, inputSchema, jsonSchemaOf, operationEntries, TOOLSETS, type OperationEntry, type Toolset } from './catalog.js';
import { withFieldDescriptions } from './descriptions.js';
import { callOperation, errorText, MCP_MAX_WAIT_MS, takesOrder, type CallContext } from './operations.js';
import { answer, AnswerStore, failure, READ_ANSWER, type ToolAnswer } from './results.js';
import { callTask, readPage, taskTools, type TaskTool } from './tasks.js';

/**
 * `docs mcp`: the operation table and the CLI's content tools as a Model Context Protocol server.
 * Read-only unless started with --allow-writes; destructive operations answer a dry run unless
 * started with --allow-destructive too. Toolsets (the CLI's topics) can be turned on during the session.
 */

export interface McpServerOptions extends CallContext {
  toolsets: readonly Toolset[];
  allowWrites: boolean;
  /** The spaces whose pages `resources/list` lists (any page can be read by its URI). */
  resourceSpaces: readonly string[];
  /** What each toolset holds (the CLI's topic descriptions). */
  toolsetDescriptions?: Readonly<Record<string, string>>;
  version: string;
}

interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: ReturnType<typeof annotationsOf>;
}

const LIST_TOOLSETS = 'docs_list_toolsets';
const ENABLE_TOOLSET = 'docs_enable_toolset';

export const PAGE_URI = 'docs://spaces/{spaceId}/pages/{+path}';
export const CR_PAGE_URI = 'docs://spaces/{spaceId}/change-requests/{changeRequestId}/pages/{+path}';

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
export const pageUri = (spaceId: string, path: string) => `docs://spaces/${encodeURIComponent(spaceId)}/pages/${encodePath(path)}`;

/** `docs://spaces/{id}/pages/{path}` or `…/change-requests/{n}/pages/{path}` → its parts, or undefined. */
export function parsePageUri(uri: string): { spaceId: string; changeRequestId?: string; path: string } | undefined {
  const m = /^docs:\/\/spaces\/([^/]+)\/(?:change-requests\/([^/]+)\/)?pages\/(.+)$/.exec(uri);
  if (!m) return undefined;
  try {
    const [, space, cr, path] = m as unknown as [string, string, string | undefined, string];
    return {
      spaceId: decodeURIComponent(space),
      ...(cr ? { changeRequestId: decodeURIComponent(cr) } : {}),
      path: decodeURIComponent(path),
    };
  } catch {
    return undefined;
  }
}

function operationDescription(entry: OperationEntry): string {
  const { op, safety, toolset } = entry;
  const parts = [`${op.summary}.`, `${op.method} ${op.path} (toolset ${toolset}).`];
  if (op.paginated) {
    parts.push('Returns up to `limit` items and a `next` cursor when more follow.');
    parts.push(
      takesOrder(entry)
        ? 'Newest first (order "desc", the default here); order "asc" lists oldest first.'
        : "In the API's order (it has no sort or order parameter for this list).",
    );
  } else if (op.id === 'listPages' || op.id === 'listPagesInChangeRequest') {
    parts.push(
      "The page tree in the content's order; each page's markdown is left out (`markdownChars` is its length): docs_read_page reads it.",
    );
  }
  if (!op.paginated) parts.push(`A long answer comes in parts (${READ_ANSWER}).`);
  if (safety === 'destructive')
    parts.push(
      'Destructive: unless docs mcp was started with --allow-destructive, a call answers a dry run (the request and what it would change) and sends nothing.',
    );
  else if (safety === 'write' && !op.idempotent)
    parts.push('Not retried if the connection drops after sending: check before calling it again.');
  return parts.join(' ');
}

/** The MCP server, not yet connected. */
export function createMcpServer(given: McpServerOptions): Server {
  // The session's long answers, read in parts with docs_read_answer.
  const options: McpServerOptions = { ...given, answers: given.answers ?? new AnswerStore() };
  const enabled = new Set<Toolset>(options.toolsets);
  const tasks = taskTools(options);
  const taskByName = new Map(tasks.map((t) => [t.name, t]));
  const byName = new Map(operationEntries.map((e) => [e.op.id, e]));
  const definitions = new Map<string, ToolDefinition>();

  /** Built on first listing: most sessions list the default toolsets only. */
  const operationTool = (entry: OperationEntry): ToolDefinition => {
    let def = definitions.get(entry.op.id);
    if (!def) {
      const schema = withFieldDescriptions(entry.op, jsonSchemaOf(inputSchema(entry.op)));
      const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
      // The profile's space and organization stand in for missing ones, as on the command line.
      const required = ((schema.required as string[] | undefined) ?? []).filter(
        (name) => !(name === 'spaceId' && options.defaults.spaceId) && !(name === 'organizationId' && options.defaults.organizationId),
      );
      for (const [name, value] of [
        ['spaceId', options.defaults.spaceId],
        ['organizationId', options.defaults.organizationId],
      ] as const) {
        const prop = props?.[name];
        if (prop && value)
          prop.description = `${typeof prop.description === 'string' ? prop.description : name} (default: ${value}, the profile's)`;
      }
      def = {
        name: entry.op.id,
        title: entry.op.summary,
        description: operationDescription(entry),
        inputSchema: { ...schema, required },
        annotations: annotationsOf(entry.op),
      };
      definitions.set(entry.op.id, def);
    }
    return def;
  };

  const taskDefinition = (tool: TaskTool): ToolDefinition => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input),
    annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  });

  const listed = (entry: OperationEntry) => enabled.has(entry.toolset) && (entry.safety === 'read' || options.allowWrites);

  const toolsetTools: ToolDefinition[] = [
    {
      name: LIST_TOOLSETS,
      title: 'List the toolsets',
      description:
        'The toolsets (the CLI topics: spaces, cr, comments, sites...), what each holds, how many tools it has, and which are enabled. Enable one with docs_enable_toolset.',
      inputSchema: jsonSchemaOf(z.strictObject({})),
      annotations: { title: 'List the toolsets', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      name: ENABLE_TOOLSET,
      title: 'Enable a toolset',
      description:
        'Adds the tools of a toolset (or "all") to this session; the tool list changes at once (notifications/tools/list_changed).',
      inputSchema: jsonSchemaOf(z.strictObject({ toolset: z.enum([...TOOLSETS, 'all']).describe('The toolset to enable, or "all"') })),
      annotations: { title: 'Enable a toolset', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
  ];

  const toolsetsAnswer = (): ToolAnswer => {
    const toolsets = TOOLSETS.map((name) => {
      const entries = operationEntries.filter((e) => e.toolset === name);
      const visible = entries.filter((e) => e.safety === 'read' || options.allowWrites);
      return {
        name,
        description: options.toolsetDescriptions?.[name] ?? name,
        enabled: enabled.has(name),
        tools: visible.length,
        ...(visible.length < entries.length ? { hiddenWrites: entries.length - visible.length } : {}),
      };
    });
    const lines = toolsets.map(
      (t) =>
        `${t.enabled ? '[on] ' : '[off]'} ${t.name} (${t.tools} tools${t.hiddenWrites ? `, ${t.hiddenWrites} writes hidden` : ''}): ${t.description}`,
    );
    const writes = options.allowWrites
      ? options.allowDestructive
        ? 'Writes and destructive operations run.'
        : 'Writes run; destructive operations answer a dry run (--allow-destructive runs them).'
      : 'Read-only: writes are not listed (--allow-writes lists them).';
    return answer(
      { toolsets, allowWrites: options.allowWrites, allowDestructive: options.allowDestructive },
      [...lines, writes].join('\n'),
    );
  };

  const server = new Server(
    { name: 'docs', title: 'docs: documentation platform API', version: options.version },
    {
      capabilities: { tools: { listChanged: true }, resources: {} },
      instructions: [
        'Tools for a documentation platform: spaces and their pages, change requests, comments, sites and the organization.',
        'Start with docs_search, docs_read_page (a page by its path), docs_cr_diff and docs_cr_check.',
        `Every answer is in the text content; one longer than ${options.maxResultChars} characters comes in parts, and the first says how to read the next (${READ_ANSWER}, or the tool's offset or cursor).`,
        `Toolsets enabled: ${[...enabled].join(', ')}; docs_list_toolsets lists the others and docs_enable_toolset adds one.`,
        options.allowWrites
          ? options.allowDestructive
            ? 'Writes are enabled, destructive ones included.'
            : 'Writes are enabled; destructive ones (delete, merge, transfer, imports) answer a dry run and send nothing.'
          : 'The server is read-only.',
      ].join(' '),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tasks.map(taskDefinition), ...toolsetTools, ...operationEntries.filter(listed).map(operationTool)],
  }));

  /**
   * Each call waits on the API's rate limit within a budget of its own (every request it makes draws from it), so
   * that it answers before the client gives up on it: past the budget, a tool error saying when to retry.
   */
  const budgeted = (signal: AbortSignal): AbortSignal => {
    options.client.http.rateLimiter.attach(
      signal,
      new WaitBudget(options.waitBudget?.ms ?? MCP_MAX_WAIT_MS, options.waitBudget?.source ?? 'default'),
    );
    return signal;
  };

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    budgeted(extra.signal);
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const task = taskByName.get(name);
    if (task) return callTask(task, args, options, extra.signal);
    if (name === LIST_TOOLSETS) return toolsetsAnswer();
    if (name === ENABLE_TOOLSET) {
      const wanted = args.toolset;
      const all = wanted === 'all';
      if (!all && !TOOLSETS.includes(wanted as Toolset)) {
        return failure(`toolset: must be one of ${[...TOOLSETS, 'all'].join(', ')} (got ${JSON.stringify(wanted)}).`);
      }
      const before = enabled.size;
      for (const t of all ? TOOLSETS : [wanted as Toolset]) enabled.add(t);
      if (enabled.size !== before) await server.sendToolListChanged();
      const count = operationEntries.filter(listed).length;
      return answer(
        { enabled: [...enabled], operationTools: count },
        `Enabled ${all ? 'every toolset' : `toolset ${String(wanted)}`}: ${count} operation tools are listed now (${[...enabled].join(', ')}).`,
      );
    }
    const entry = byName.get(name);
    if (!entry) {
      const guess = closest(name, [...byName.keys(), ...taskByName.keys(), LIST_TOOLSETS, ENABLE_TOOLSET]);
      return failure(`unknown tool "${name}".${guess ? ` Did you mean ${guess}?` : ''}`);
    }
    if (entry.safety !== 'read' && !options.allowWrites) {
      return failure(
        `${name} changes data, and docs mcp was started read-only: it lists and runs writes only with --allow-writes` +
          `${entry.safety === 'destructive' ? ' (and runs destructive ones only with --allow-destructive as well)' : ''}. Nothing was sent.`,
      );
    }
    if (!enabled.has(entry.toolset)) {
      return failure(
        `${name} is in the toolset "${entry.toolset}", which is not enabled: call ${ENABLE_TOOLSET} with toolset "${entry.toolset}" first.`,
      );
    }
    return callOperation(entry, args, options, extra.signal);
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: PAGE_URI,
        name: 'page',
        title: "A page of a space's primary content",
        description: 'The markdown of a page, by its path (installation/macos).',
        mimeType: 'text/markdown',
      },
      {
        uriTemplate: CR_PAGE_URI,
        name: 'change-request-page',
        title: 'A page of a change request',
        description: 'The markdown of a page as it is in a change request (id or number).',
        mimeType: 'text/markdown',
      },
    ],
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => {
    budgeted(extra.signal);
    const resources = [];
    for (const spaceId of options.resourceSpaces) {
      try {
        const tree = await options.client.call(contentTwins.listPages.space, { spaceId }, { signal: extra.signal });
        for (const page of flattenTree(tree.pages)) {
          if (page.type !== 'document') continue;
          resources.push({ uri: pageUri(spaceId, page.path), name: page.path, title: page.title, mimeType: 'text/markdown' });
        }
      } catch (err) {
        throw new McpError(ErrorCode.InternalError, errorText(err, options));
      }
    }
    return { resources };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const { uri } = request.params;
    const where = parsePageUri(uri);
    if (!where) throw new McpError(ErrorCode.InvalidParams, `unknown resource "${uri}": pages are ${PAGE_URI} and ${CR_PAGE_URI}`);
    budgeted(extra.signal);
    try {
      const page = await readPage(options, where, where.path, extra.signal);
      return { contents: [{ uri, mimeType: 'text/markdown', text: page.markdown ?? '' }] };
    } catch (err) {
      // -32002: the MCP code for a resource that does not exist.
      throw new McpError(-32002, errorText(err, options));
    }
  });

  return server;
}

/**
 * Serve on stdin/stdout until stdin ends, then let the calls in flight answer before returning:
 * `printf '…' | docs mcp` gets every answer.
 */
export async function serveStdio(
  options: McpServerOptions,
  io: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream } = {},
): Promise<void> {
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  const server = createMcpServer(options);
  const transport = new StdioServerTransport(stdin as never, stdout as never);
  const inFlight: Promise<void>[] = [];
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  await server.connect(transport);
  // Track the handlers' answers by wrapping send: a request is done once its answer is written.
  const pending = new Map<string | number, () => void>();
  const receive = transport.onmessage;
  transport.onmessage = (...args: Parameters<NonNullable<typeof receive>>) => {
    const m = args[0] as { id?: string | number; method?: string };
    if (m.id !== undefined && m.method !== undefined)
      inFlight.push(new Promise<void>((resolve) => pending.set(m.id as string | number, resolve)));
    receive?.(...args);
  };
  const send = transport.send.bind(transport);
  transport.send = async (...args: Parameters<typeof send>) => {
    await send(...args);
    const message = args[0];
    const m = message as { id?: string | number; method?: string };
    if (m.id !== undefined && m.method === undefined) {
      pending.get(m.id)?.();
      pending.delete(m.id);
    }
  };
  await ended;
  await Promise.all(inFlight);
  await server.close();
}
