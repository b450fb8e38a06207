import { homedir } from 'node:os';
import { Command, Flags, type Interfaces } from '@oclif/core';
import type { DocsClient } from '../api/client.js';
import { AbortedError, ExitCode } from '../api/errors.js';
import type { Operation, OperationItem, OperationParams, OperationResult } from '../api/operation.js';
import { redact, registerSecret } from '../api/redact.js';
import type { DocsClientOptions, OperationClient, PreparedRequest } from '../api/request.js';
import { resolveContext, resolveMaxWait, resolveProfileName, resolveTimeoutMs, type ResolvedContext } from './context.js';
import { debugSink } from './debug.js';
import { AuthError, CommandFailure, describeError, exitCodeOf, UsageError, type ErrorContext, type Subject } from './errors.js';
import { ALL_PAGE_SIZE, DEFAULT_LIMIT } from './flags/common.js';
import { colorAllowed, Output, outputMode, type Columns } from './output.js';
import { defaultConfigDir, ProfileStore } from './profiles.js';
import { processIO, type IO } from './io.js';
import { Names } from './names.js';
import { subjectHint } from './subjects.js';
import { ask, canPrompt, confirm } from './prompt.js';
import { fetchedText, progressAllowed, startProgress, type Progress } from './progress.js';
import { DEFAULT_TIMEOUTS } from '../api/timeouts.js';
import { WaitBudget, type RateLimitWait } from '../api/rate-limit.js';
import { RateLimitNotice } from './rate-limit-notice.js';

export type BaseFlags<T extends typeof Command> = Interfaces.InferredFlags<(typeof DocsCommand)['baseFlags'] & T['flags']>;
export type BaseArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>;

/**
 * Loading the API code (zod, undici, schemas) is most of a command's start-up time; it is loaded in
 * `init()` by the commands that call the API, not by `config get`. `send` and `list` take the
 * operation itself, so they need only request.ts and the areas the command imports; the typed
 * client with every area's methods (client.ts: the whole operation table, a third of the CPU time of
 * `docs spaces get`) is loaded when a command first awaits `this.client()`.
 */
type RequestModule = typeof import('../api/request.js');
let requestModule: RequestModule | undefined;

/**
 * oclif reads a positional argument that was not typed from stdin when stdin is not a terminal:
 * `docs cr list --space sp` inside `while read line` took a line as the space, and the text piped
 * to `--body-file -` became an argument. Arguments come from the command line only; commands that
 * read stdin say so with a flag (`--with-token`, `--input -`).
 */
export function ignoringStdin<A extends Interfaces.ArgInput>(args: A | undefined): A | undefined {
  if (!args) return args;
  return Object.fromEntries(Object.entries(args).map(([name, arg]) => [name, { ...arg, ignoreStdin: true }])) as A;
}

/** Thrown by `send` after a dry run has printed the request: the command stops, exit 0. */
class DryRunDone extends Error {}

/** What a destructive call asks before it runs: `Merge change request 42?` / refuses: `merge change request 42`. */
export interface Confirmation {
  /** A string, or a function read only when the question is asked (names fetched then: src/cli/names.ts). */
  question: string | (() => Promise<string>);
  action: string;
}

/**
 * The base of every command. It owns what commands share: the global flags, the profile/token/URL
 * context, the client, the output module, confirmation and dry runs, Ctrl-C, and turning any failure
 * into one line on stderr with the exit code src/api/errors.ts assigns. A command only maps its flags to
 * one client call and says how to render the result:
 *
 *   async run() {
 *     const cr = await this.send(changeRequests.get, { spaceId: this.space(), changeRequestId: this.args.changeRequest });
 *     this.output.object(cr, changeRequestFields);
 *   }
 */
export abstract class DocsCommand<T extends typeof Command = typeof Command> extends Command {
  static override baseFlags = {
    profile: Flags.string({
      helpGroup: 'GLOBAL',
      description: 'Profile to use (env DOCS_PROFILE; default "default")',
      helpValue: '<name>',
    }),
    'api-url': Flags.string({ helpGroup: 'GLOBAL', description: 'API base URL (env DOCS_API_URL)', helpValue: '<url>' }),
    json: Flags.boolean({ helpGroup: 'GLOBAL', description: 'Write JSON to stdout (lists: an array; with --all, one object per line)' }),
    jq: Flags.string({
      helpGroup: 'GLOBAL',
      description:
        'Filter the JSON output with a jq expression (implies --json; with --all, each item; strings printed raw, like `gh --jq`)',
      helpValue: '<expression>',
    }),
    debug: Flags.boolean({ helpGroup: 'GLOBAL', description: 'Trace requests and responses on stderr (secrets redacted)' }),
    timeout: Flags.string({
      helpGroup: 'GLOBAL',
      description: 'Seconds to wait for a silent server before giving up (env DOCS_TIMEOUT; default 30)',
      helpValue: '<seconds>',
    }),
    'max-wait': Flags.string({
      helpGroup: 'GLOBAL',
      description:
        'Longest time to wait on the API rate limit in all, e.g. 90s, 10m, 4h (env DOCS_MAX_WAIT; default 70s, 4h for --all, pulls and checks)',
      helpValue: '<duration>',
    }),
    'no-color': Flags.boolean({ helpGroup: 'GLOBAL', description: 'Disable colour (also NO_COLOR)' }),
  };

  /** The contract operations this command calls; test/cli/command-coverage checks every operation has one. */
  static operations: readonly Operation[] = [];

  /**
   * Request fields this command takes under another name, so that an error about the field names
   * the option the user typed: `{ id: 'template' }` for `body.id` given as `--template` (field-names.ts).
   */
  static fieldNames: Readonly<Record<string, string>> = {};

  /** Set by commands that never call the API (`config`, `auth token`), so they start without loading the client. */
  static offline = false;

  /** Set by a command that handles SIGINT itself (`emulator start` stops its server and exits 0). */
  static ownsInterrupt = false;

  /**
   * Set by commands whose work is many requests (a pull, a check, a diff): like any `--all` list (or `api --paginate`)
   * they wait on the API's rate limit up to 4 h in all, where other commands wait for one window (--max-wait changes both).
   */
  static bulk = false;

  /**
   * Requests the command still has to send, when it knows (pages left to read, list pages left to fetch): the
   * message past the rate limit's wait budget says how long they would take.
   */
  protected requestsLeft?: () => number | undefined;

  protected flags!: BaseFlags<T>;
  protected args!: BaseArgs<T>;
  /** Aborted by Ctrl-C; passed to every request so the one in flight stops at once. */
  protected readonly abort = new AbortController();
  /**
   * The streams, environment, clock and exit code of this run: the process's, unless whoever runs the
   * command gives it others before `_run()` (tests run commands in-process this way: test/helpers/inproc.ts).
   */
  io: IO = processIO;

  private subjects: Subject[] = [];
  /** The operation sent last, so that a failure after sending can say how to check its effect. */
  private operationId?: string;
  private interrupted = false;
  private outputInstance?: Output;
  private storeInstance?: ProfileStore;
  private contextInstance?: ResolvedContext;
  private clientInstance?: DocsClient;
  private senderInstance?: OperationClient;
  private namesInstance?: Names;
  private clientPromise?: Promise<DocsClient>;
  private budget?: WaitBudget;
  private noticeInstance?: RateLimitNotice;
  /** The progress line the command shows now, with its text, so that a rate-limit notice can give it back. */
  private progressLine?: { progress: Progress; text: string };
  private readonly onSigint = (): void => {
    if (this.interrupted) process.exit(ExitCode.interrupted);
    this.interrupted = true;
    this.abort.abort(new AbortedError());
    // A command waiting on something that ignores the signal still leaves promptly.
    setTimeout(() => {
      this.output.error('Interrupted.');
      process.exit(ExitCode.interrupted);
    }, 2000).unref();
  };

  /** The reader of stdout went away (`docs cr list --all | head -1`): it has what it wanted; stop quietly. */
  private readonly onStdoutError = (err: NodeJS.ErrnoException): void => {
    if (err.code === 'EPIPE') process.exit(this.io.exitCode ?? 0);
    this.io.stderr.write(`Error: cannot write to stdout: ${err.message}\n`);
    process.exit(ExitCode.unexpected);
  };

  /** The environment of this run (`io.env`). */
  protected get env(): NodeJS.ProcessEnv {
    return this.io.env;
  }

  override async init(): Promise<void> {
    await super.init();
    const ctor = this.ctor as typeof DocsCommand;
    if (!ctor.ownsInterrupt) process.on('SIGINT', this.onSigint);
    this.io.stdout.on('error', this.onStdoutError);
    if (!ctor.offline) {
      requestModule ??= await import('../api/request.js');
    }
    const { args, flags } = await this.parse({
      flags: ctor.flags,
      baseFlags: (super.ctor as typeof DocsCommand).baseFlags,
      args: ignoringStdin(ctor.args),
      strict: ctor.strict,
    });
    this.flags = flags as BaseFlags<T>;
    this.args = args as BaseArgs<T>;
    const expression = (flags as { jq?: string }).jq;
    if (expression !== undefined) this.output.jsonFilter = await (await import('./jq.js')).loadJq(expression);
  }

  /* ---------- context ---------- */

  protected get store(): ProfileStore {
    return (this.storeInstance ??= new ProfileStore({
      // Where the process's own environment would lead: its XDG_CONFIG_HOME, else its HOME.
      dir: this.env.DOCS_CONFIG_DIR || defaultConfigDir(this.env, process.platform, this.env.HOME || homedir()),
      warn: (message) => this.output.warn(message),
    }));
  }

  /** Profile, API URL and token for this run (flags, then environment, then the profile). */
  protected get context(): ResolvedContext {
    return (this.contextInstance ??= resolveContext(
      { profile: this.flags?.profile, 'api-url': this.flags?.['api-url'] },
      this.env,
      (name) => this.store.get(name),
    ));
  }

  /**
   * The profile's name without reading the profile: commands that repair the file (`config unset`,
   * `auth logout`) still run when one of its values is wrong.
   */
  protected get profileName(): string {
    return resolveProfileName({ profile: this.flags?.profile }, this.env);
  }

  protected get output(): Output {
    if (!this.outputInstance) {
      let profileOutput: string | undefined;
      try {
        profileOutput = this.context.profile.output;
      } catch {
        // An invalid --profile is reported by the command; the output still needs a mode.
      }
      const noColorFlag = this.flags?.['no-color'] ?? this.argv.includes('--no-color');
      this.outputInstance = new Output({
        mode: outputMode({
          json: this.flags
            ? this.flags.json || this.flags.jq !== undefined
            : this.argv.some((a) => a === '--json' || a === '--jq' || a.startsWith('--jq=')),
          profileOutput,
          stdoutIsTTY: this.io.stdout.isTTY === true,
        }),
        color: colorAllowed({ noColorFlag, env: this.env }),
        stdout: this.io.stdout,
        stderr: this.io.stderr,
        now: () => this.io.now(),
      });
    }
    return this.outputInstance;
  }

  /**
   * The typed client (`client.spaces.get(…)`, `request('mergeChangeRequest', …)`) for the content tools and the
   * Ink views, loaded on first use with the whole operation table; it shares its connections with `send`.
   * Without a token it refuses with exit 4 unless `requireToken` is false. `this.api` is enough to call an
   * operation given by its table entry.
   */
  protected async client(options: { requireToken?: boolean; token?: string; apiUrl?: string } = {}): Promise<DocsClient> {
    if (options.token || options.apiUrl)
      return this.budgeted(new (await import('../api/client.js')).DocsClient(this.clientOptions(options)));
    // One promise, so that two calls at once make one client.
    this.clientPromise ??= (async () => {
      const { DocsClient } = await import('../api/client.js');
      return (this.clientInstance = this.budgeted(new DocsClient(this.clientOptions(options), this.senderInstance?.http)));
    })();
    return this.clientPromise.catch((err: unknown) => {
      this.clientPromise = undefined;
      throw err;
    });
  }

  /** What `send`, `list`, `api`, `names` and `member` go through: the typed client once made, else one without the table. */
  private sender(options: { requireToken?: boolean } = {}): OperationClient {
    if (this.clientInstance) return this.clientInstance;
    const module = requestModule;
    if (!module) throw new Error(`${this.id ?? 'this command'} is marked offline but asked for an API client`);
    return (this.senderInstance ??= this.budgeted(new module.OperationClient(this.clientOptions(options))));
  }

  /** The run's wait budget: every request sent with the command's signal draws from it (src/api/rate-limit.ts). */
  private budgeted<C extends OperationClient>(client: C): C {
    client.http.rateLimiter.attach(this.abort.signal, this.waitBudget());
    return client;
  }

  private waitBudget(): WaitBudget {
    if (this.budget) return this.budget;
    const ctor = this.ctor as typeof DocsCommand;
    const flags = this.flags as { all?: boolean; paginate?: boolean } | undefined;
    const bulk = ctor.bulk || flags?.all === true || flags?.paginate === true;
    const { ms, source } = resolveMaxWait(this.flags?.['max-wait'], this.env, bulk);
    return (this.budget = new WaitBudget(ms, source));
  }

  /**
   * Told of each wait on the rate limit: the progress line (or a line on stderr) says so. A command that owns the
   * terminal (an Ink view) shows it its own way instead.
   */
  protected onRateLimitWait(wait: RateLimitWait): void {
    this.notice.onWait(wait);
  }

  /** What a person sees while the rate limit holds the command back (src/cli/rate-limit-notice.ts). */
  private get notice(): RateLimitNotice {
    return (this.noticeInstance ??= new RateLimitNotice({
      terminal: progressAllowed(this.io, this.output.isJson),
      now: () => Date.now(),
      line: () => this.progressLine,
      start: (text) => startProgress(text, { enabled: true, stream: this.io.stderr }),
      write: (text) => this.output.info(text),
    }));
  }

  /**
   * The client that calls an operation given by its table entry (`call`, `paginate`, `prepare`) without loading
   * the others: for lookups, counts and paging by hand beside the command's own `send` or `list`.
   */
  protected get api(): OperationClient {
    return this.sender();
  }

  /** What confirmations call things (`space "Guides"`), read only when a question is asked. */
  protected get names(): Names {
    return (this.namesInstance ??= new Names(() => this.sender(), this.abort.signal));
  }

  /** A member's user id from what the user typed: an id as is, an e-mail address looked up in the organization. */
  protected async member(organizationId: string, idOrEmail: string): Promise<string> {
    const { resolveMember } = await import('./members.js');
    const options = { signal: this.abort.signal, bin: this.config.bin };
    // The client is made only for an e-mail address: a user id needs no lookup (nor a token, with --dry-run).
    return this.subject('member', await resolveMember(() => this.sender(), organizationId, idOrEmail, options));
  }

  private clientOptions(options: { requireToken?: boolean; token?: string; apiUrl?: string }): DocsClientOptions {
    const context = this.context;
    const token = options.token ?? context.token;
    if (!token && options.requireToken !== false) {
      throw new AuthError(`not logged in (profile "${context.profileName}"). Run \`${this.config.bin} auth login\` or set DOCS_TOKEN.`);
    }
    registerSecret(token);
    const baseUrl = options.apiUrl ?? context.apiUrl;
    try {
      new URL(baseUrl);
    } catch {
      throw new UsageError(`the API URL "${redact(baseUrl)}" is not a valid URL (from ${context.apiUrlSource})`);
    }
    const silentMs = resolveTimeoutMs(this.flags?.timeout, this.env);
    return {
      baseUrl,
      token,
      timeouts: { headersMs: silentMs, bodyMs: silentMs, connectMs: Math.min(silentMs, DEFAULT_TIMEOUTS.connectMs) },
      userAgent: this.config.userAgent ? `docs-cli ${this.config.userAgent}` : undefined,
      debug: this.flags?.debug ? debugSink(this.io.stderr) : undefined,
      rateLimit: { maxWaitMs: this.waitBudget().maxMs, onWait: (wait) => this.onRateLimitWait(wait) },
    };
  }

  /** Register what the command is about, so a 404 reads `change request "42" not found (404). <hint>`; returns the id. */
  protected subject(kind: string, id: string, hint = subjectHint(kind, this.config.bin)): string {
    this.subjects.push({ kind, id, hint });
    return id;
  }

  /** The space: argument, --space, the profile's default — else a usage error saying how to set one. */
  protected space(arg?: string): string {
    const flags = this.flags as { space?: string };
    const id = arg ?? flags.space ?? this.context.profile.space;
    if (!id) {
      throw new UsageError(
        `no space given: pass the space id (argument or --space), or set a default with \`${this.config.bin} config set space <id>\``,
      );
    }
    return this.subject('space', id);
  }

  /** The organization: --org, the profile's default, the only one the token sees — else the choices. */
  protected async org(): Promise<string> {
    const bin = this.config.bin;
    const explicit = (this.flags as { org?: string }).org ?? this.context.profile.org;
    if (explicit) return this.subject('organization', explicit);
    const { listOrganizations } = await import('./organizations.js');
    const orgs = await listOrganizations(this.sender(), this.abort.signal);
    if (orgs.length === 1 && orgs[0]) return this.subject('organization', orgs[0].id);
    if (orgs.length === 0) throw new UsageError('no organization is visible with this token; pass --org <id>');
    const choices = orgs.map((o) => (o.title ? `${o.id} (${o.title})` : o.id)).join(', ');
    throw new UsageError(
      `several organizations are visible; pass --org <id> or set a default with \`${bin} config set org <id>\`. Choices: ${choices}`,
    );
  }

  /** A spinner and a line of text on stderr while long work runs, for a person at a terminal only (src/cli/progress.ts). */
  protected async longWork(text: string): Promise<Progress> {
    const progress = await startProgress(text, { enabled: progressAllowed(this.io, this.output.isJson), stream: this.io.stderr });
    const line = { progress, text };
    this.progressLine = line;
    return {
      update: (next) => {
        line.text = next;
        // While the rate limit holds the command back, the line says so; it shows this text when the wait is over.
        if (!this.noticeInstance?.showing) progress.update(next);
      },
      stop: () => {
        if (this.progressLine === line) this.progressLine = undefined;
        progress.stop();
      },
    };
  }

  /**
   * A `(done, total)` progress callback (one request a step: a page read) that also keeps the count of requests left,
   * for the message past the rate limit's wait budget.
   */
  protected counting(report: (done: number, total: number) => void): (done: number, total: number) => void {
    let left: number | undefined;
    this.requestsLeft = () => left;
    return (done, total) => {
      left = total - done;
      report(done, total);
    };
  }

  /* ---------- calling the API ---------- */

  /**
   * One call of an operation. Validates first (bounds → exit 2 naming the flag); with --dry-run on a
   * mutating operation prints the request and stops; with `confirm`, asks (or needs --yes) before sending;
   * with `progress`, shows that line while the request runs (after the question, never during it).
   */
  protected async send<O extends Operation>(
    op: O,
    params: OperationParams<O>,
    options: { confirm?: Confirmation; progress?: string } = {},
  ): Promise<OperationResult<O>> {
    const dryRun = op.method !== 'GET' && (this.flags as { 'dry-run'?: boolean })['dry-run'] === true;
    const client = this.sender({ requireToken: !dryRun });
    const prepared = client.prepare(op, params);
    if (dryRun) {
      this.printDryRun(prepared);
      throw new DryRunDone();
    }
    if (options.confirm) {
      const prompt = { input: this.io.stdin, output: this.io.stderr };
      await confirm({
        ...options.confirm,
        yes: (this.flags as { yes?: boolean }).yes === true,
        interactive: canPrompt(prompt),
        ask: (question) => ask(question, { io: prompt }),
      });
    }
    this.operationId = op.id;
    if (options.progress === undefined) return client.call(op, params, { signal: this.abort.signal });
    const progress = await this.longWork(options.progress);
    try {
      return await client.call(op, params, { signal: this.abort.signal });
    } finally {
      progress.stop();
    }
  }

  /**
   * A paginated list: `--limit` items (default 30) as a table / TSV / JSON array, or with `--all`
   * every page streamed as it arrives (JSON lines with --json), one page in memory at a time.
   */
  protected async list<O extends Operation>(
    op: O,
    listParams: OperationParams<O>,
    columns: Columns<OperationItem<O>>,
    empty?: string,
  ): Promise<void> {
    const { limit, all } = this.flags as { limit?: number; all?: boolean };
    const { MAX_PAGE_SIZE } = await import('../api/schemas/common.js');
    if (limit !== undefined && limit < 1) throw new UsageError('--limit must be at least 1');
    if (all && limit !== undefined && limit > MAX_PAGE_SIZE)
      throw new UsageError(`--limit must be at most ${MAX_PAGE_SIZE} with --all (it is the page size)`);
    // Paging is ours: --limit counts items (it may exceed one page), the cursor comes from each answer.
    const { page: _page, limit: _limit, ...query } = (listParams as { query?: Record<string, unknown> }).query ?? {};
    const params = { ...listParams, query } as OperationParams<O>;
    const client = this.sender();
    client.prepare(op, params);
    if (all) {
      // On a terminal the table waits for every page: say how many items have arrived (of the total when the API gives one).
      const progress = await this.longWork('Fetching…');
      let fetched = 0;
      let total: number | undefined;
      const pageSize = limit ?? ALL_PAGE_SIZE;
      this.requestsLeft = () => (total === undefined ? undefined : Math.ceil(Math.max(0, total - fetched) / pageSize));
      const onPage = ({ items, count }: { items: number; count?: number }) => {
        total = count;
        progress.update(fetchedText((fetched += items), count));
      };
      try {
        await this.output.stream(client.paginate(op, params, { pageSize, signal: this.abort.signal, onPage }), columns, empty);
      } finally {
        progress.stop();
      }
      return;
    }
    const max = limit ?? DEFAULT_LIMIT;
    const items: OperationItem<O>[] = [];
    const { listExtent, noteCut } = await import('./list-notice.js');
    const extent = listExtent();
    const pageSize = Math.min(max, MAX_PAGE_SIZE);
    for await (const item of client.paginate(op, params, { pageSize, max, signal: this.abort.signal, onPage: extent.onPage }))
      items.push(item);
    this.output.list(items, columns, empty);
    if (limit === undefined) noteCut(items.length, extent.value, this.io.stderr);
  }

  /** The request as it would go out, every secret masked: in the URL, the text, and the JSON body (a Git URL may hold credentials). */
  protected printDryRun(req: Pick<PreparedRequest, 'method' | 'url' | 'body'>): void {
    const auth = 'Bearer ***';
    if (this.output.isJson) {
      const body: unknown = req.body === undefined ? undefined : JSON.parse(redact(JSON.stringify(req.body)));
      this.output.json({
        method: req.method,
        url: redact(req.url),
        headers: { authorization: auth },
        ...(body !== undefined ? { body } : {}),
      });
    } else {
      const lines = [`${req.method} ${req.url}`, `Authorization: ${auth}`];
      if (req.body !== undefined) lines.push('Content-Type: application/json', '', JSON.stringify(req.body, null, 2));
      this.output.line(redact(lines.join('\n')));
    }
    this.output.info('Dry run: nothing was sent.');
  }

  /* ---------- failure ---------- */

  protected errorContext(): ErrorContext {
    const ctor = this.ctor as typeof DocsCommand;
    return {
      subjects: this.subjects,
      flags: Object.keys({ ...ctor.flags, ...ctor.baseFlags }),
      args: Object.keys(ctor.args ?? {}),
      fields: ctor.fieldNames,
      interrupted: this.interrupted || this.abort.signal.aborted,
      bin: this.config.bin,
      command: this.id?.replace(/:/g, ' '),
      operation: this.operationId,
      requestsLeft: this.requestsLeft?.(),
      ...this.apiUrlForErrors(),
    };
  }

  /** Where the API URL came from, so a network error can say what to check; nothing when it cannot be resolved. */
  private apiUrlForErrors(): Pick<ErrorContext, 'apiUrl' | 'apiUrlSource' | 'profile'> {
    try {
      const { apiUrl, apiUrlSource, profileName } = this.context;
      return { apiUrl, apiUrlSource, profile: profileName };
    } catch {
      return {};
    }
  }

  protected override async catch(err: Error & { code?: string; oclif?: { exit?: number } }): Promise<void> {
    if (err instanceof DryRunDone) return;
    // this.exit(n) and oclif's own exits pass through untouched.
    if (err.code === 'EEXIT') throw err;
    const ctx = this.errorContext();
    const code = exitCodeOf(err, ctx);
    this.output.error(describeError(err, ctx));
    if (code === ExitCode.unexpected && !(err instanceof CommandFailure)) {
      if (this.flags?.debug && err.stack) this.io.stderr.write(`${redact(err.stack)}\n`);
      else this.output.info(`This looks like a bug or an unexpected answer; run with --debug for details.`);
    }
    this.io.exitCode = code;
  }

  protected override async finally(err: Error | undefined): Promise<void> {
    // --jq output still queued when run() returned; a value jq refuses fails the run (exit 2).
    await this.outputInstance?.flushJson().catch((jqErr: Error) => this.catch(jqErr));
    process.removeListener('SIGINT', this.onSigint);
    this.io.stdout.removeListener('error', this.onStdoutError);
    this.noticeInstance?.stop();
    if (this.interrupted && !this.io.exitCode) this.io.exitCode = ExitCode.interrupted;
    // The typed client shares the sender's connections when both were made: closing the sender closes them.
    await (this.senderInstance ?? this.clientInstance)?.close().catch(() => undefined);
    await super.finally(err);
  }
}
