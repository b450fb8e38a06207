import { Flags } from '@oclif/core';
import { DocsCommand, UsageError } from '../cli/index.js';
import { resolveMaxWait } from '../cli/context.js';

/** Mirrors src/mcp/catalog.ts (TOOLSETS, DEFAULT_TOOLSETS), which loads the operation table: the help must not. */
const TOOLSET_NAMES = 'spaces, cr, comments, orgs, members, teams, collections, sites, git, openapi, translations, sso';
const DEFAULT_TOOLSET_NAMES = 'spaces,cr,comments';

export default class Mcp extends DocsCommand<typeof Mcp> {
  static override summary = 'Serve every API operation as a tool for AI agents (Model Context Protocol, on stdin/stdout)';
  static override description = [
    'Starts a Model Context Protocol server on standard input and output, for an agent (Claude Code, VS Code, Cursor...) to start.',
    'It uses the same profile, token and API URL as every other command; --api-url pointed at `docs emulator start` makes it work offline.',
    '',
    'Each operation of the API is a tool named by its operationId (getChangeRequestById, mergeChangeRequest...), with the',
    "contract's bounds in its input schema; lists take `limit` and `cursor`. Task tools come first: docs_read_page (a page's",
    'markdown by its path), docs_cr_diff (a change request as a unified patch), docs_cr_check (its findings) and docs_search.',
    '',
    `Toolsets are the CLI's topics (${TOOLSET_NAMES}); --toolsets picks them (default ${DEFAULT_TOOLSET_NAMES}, or all),`,
    'and an agent can list them and enable one during the session (docs_list_toolsets, docs_enable_toolset).',
    '',
    'Read-only by default: write tools are not listed without --allow-writes. Destructive ones (delete, merge, transfer, imports',
    'and anything else that replaces content, SSO changes) also need --allow-destructive; without it a call answers a dry run',
    'of the request, naming what it would change, and sends nothing. Nothing is written to stdout but the protocol.',
    '',
    "A tool call waits on the API's rate limit up to 45 s in all (--max-wait or DOCS_MAX_WAIT change it), less than the 60 s",
    'an MCP client waits for an answer by default; past that it answers an error saying when to retry, with nothing applied.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> mcp',
    {
      description: 'Every toolset, writes allowed but destructive ones only previewed',
      command: '<%= config.bin %> mcp --toolsets all --allow-writes',
    },
    { description: 'Offline, against the emulator', command: '<%= config.bin %> mcp --api-url http://127.0.0.1:4010 --toolsets cr,spaces' },
  ];
  static override flags = {
    toolsets: Flags.string({
      description: `Toolsets to start with, comma-separated: ${TOOLSET_NAMES}, or all`,
      default: DEFAULT_TOOLSET_NAMES,
      helpValue: '<names>',
    }),
    'allow-writes': Flags.boolean({
      description: 'List and run the tools that change data; destructive ones answer a dry run unless --allow-destructive is given too',
    }),
    'allow-destructive': Flags.boolean({
      description:
        'Run destructive tools (delete, merge, transfer, imports, SSO changes); without it they answer a dry run. Needs --allow-writes',
    }),
    space: Flags.string({
      description: "Space whose pages are listed as resources (repeatable; default: the profile's space)",
      multiple: true,
      helpValue: '<id>',
    }),
    'max-result-chars': Flags.integer({
      description: 'Characters of JSON an answer may have before it is cut, with a note saying how to get the rest',
      default: 50_000,
      min: 1000,
      helpValue: '<n>',
    }),
  };

  async run(): Promise<void> {
    const { toolsets, 'allow-writes': allowWrites, 'allow-destructive': allowDestructive } = this.flags;
    if (allowDestructive && !allowWrites)
      throw new UsageError('--allow-destructive needs --allow-writes: destructive tools are writes too');
    const { TOOLSETS, DEFAULT_TOOLSETS } = await import('../mcp/catalog.js');
    const names = toolsets
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const unknown = names.filter((t) => t !== 'all' && !(TOOLSETS as readonly string[]).includes(t));
    if (unknown.length > 0)
      throw new UsageError(
        `--toolsets: unknown toolset ${unknown.map((t) => `"${t}"`).join(', ')}; the toolsets are ${TOOLSETS.join(', ')}, or all`,
      );
    const chosen = names.includes('all')
      ? [...TOOLSETS]
      : names.length > 0
        ? (names as (typeof DEFAULT_TOOLSETS)[number][])
        : [...DEFAULT_TOOLSETS];
    const client = await this.client();
    const context = this.context;
    // Each tool call's wait budget: the MCP default unless --max-wait or DOCS_MAX_WAIT says otherwise.
    const maxWait = resolveMaxWait(this.flags['max-wait'], this.env, false);
    const { MCP_MAX_WAIT_MS } = await import('../mcp/operations.js');
    const waitBudget = maxWait.source === 'default' ? { ms: MCP_MAX_WAIT_MS, source: 'default' } : maxWait;
    const { profile } = context;
    const descriptions = Object.fromEntries(this.config.topics.map((t) => [t.name, t.description ?? '']));
    if (this.io.stdin.isTTY) {
      // Someone typed `docs mcp` at a terminal: say what it waits for rather than sit there silently.
      this.output.info(
        `${this.config.bin} mcp speaks the Model Context Protocol on stdin/stdout: an MCP client starts it (see the README, "Use with AI agents"). Ctrl-D or Ctrl-C stops it.`,
      );
    }
    const { serveStdio } = await import('../mcp/server.js');
    await serveStdio(
      {
        client,
        toolsets: chosen,
        allowWrites,
        allowDestructive,
        maxResultChars: this.flags['max-result-chars'],
        defaults: { ...(profile.space ? { spaceId: profile.space } : {}), ...(profile.org ? { organizationId: profile.org } : {}) },
        errors: { apiUrl: context.apiUrl, apiUrlSource: context.apiUrlSource, profile: context.profileName, bin: this.config.bin },
        waitBudget,
        resourceSpaces: this.flags.space ?? (profile.space ? [profile.space] : []),
        toolsetDescriptions: descriptions,
        version: this.config.version,
      },
      { stdin: this.io.stdin, stdout: this.io.stdout },
    );
  }
}
