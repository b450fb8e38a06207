import { statSync } from 'node:fs';
import { Flags } from '@oclif/core';
import { ExitCode } from '../../api/errors.js';
import { isLoopbackHost } from '../../api/loopback.js';
import { CommandFailure, DocsCommand, UsageError } from '../../cli/index.js';
import { FaultSpecError } from '../../emulator/faults.js';
import { DEFAULT_RATE_LIMIT, parseRateLimit, RateLimitSpecError } from '../../emulator/rate-limit.js';
import { SeedError } from '../../emulator/seed/schema.js';
import { missingSqlite, missingSqliteMessage } from '../../emulator/native.js';

export default class EmulatorStart extends DocsCommand<typeof EmulatorStart> {
  static override offline = true;
  // Ctrl-C and SIGTERM stop the server cleanly (exit 0), below: not an interruption of a request.
  static override ownsInterrupt = true;
  static override summary = 'Run a local emulator of the API';

  static override description = `Serves the contract's 134 operations under /v1 on loopback, with the same validation, roles and errors as the service. The first line printed is the base URL (clients append /v1); then one line per seeded token:
  token <token>  user <id>  <display name>  role <role>  org <organization id>   (tab-separated)

Without --data-dir everything lives in memory and is gone when the emulator stops. With it, data is kept in SQLite under DIR (the seed is applied only on the first start) and the tokens are written to DIR/tokens.json. DIR is created readable by you only (0700, its files 0600); an existing DIR that others can open gets a warning.

The emulator listens on loopback only and answers only requests addressed to it by that address or localhost (a web page cannot reach it by DNS rebinding): tokens are printed in clear and there is no TLS. --allow-remote lifts both, for hosts such as 0.0.0.0 (containers, VMs); the demo tokens are then replaced by random ones (printed, and in DIR/tokens.json with --data-dir).

The emulator reads nothing from this machine unless told to: file:// imports, OpenAPI file:// sources and local git repositories are refused (400) unless they are inside the directory given with --files-root (after resolving symlinks and ..), and only regular files are read. Every import reads at most --max-import-bytes (default 50 MiB: a file, an http body, or a zip's uncompressed content, with at most 10000 entries); past it the import answers 413.

Every request under /v1 counts against a rate limit per token (the Authorization header; without one, the client's address), reads (GET, HEAD, OPTIONS) and writes apart, in windows aligned to the clock: each answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (epoch seconds), and past the limit the answer is 429 "API rate limit exceeded. Please try again in N seconds", without Retry-After, as the service answers. --rate-limit sets it (default: DOCS_EMULATOR_RATE_LIMIT, else ${DEFAULT_RATE_LIMIT}, which the demo and the tests never reach).

Runs until interrupted (Ctrl-C, SIGTERM), then stops running imports, closes the server and the database and exits 0.`;

  static override examples = [
    { description: 'Start with the demo organization on a free port', command: '<%= config.bin %> <%= command.id %>' },
    {
      description: 'Keep data between runs, on a fixed port',
      command: '<%= config.bin %> <%= command.id %> --port 4010 --data-dir .emulator',
    },
    {
      description: 'Seed from a file and log every request',
      command: '<%= config.bin %> <%= command.id %> --seed seed.json --log requests.jsonl',
    },
    {
      description: 'Let imports and git sync read repositories and files under ~/docs-src',
      command: '<%= config.bin %> <%= command.id %> --files-root ~/docs-src',
    },
    {
      description: 'Exercise retries: 10% of requests answer 503, 2% reset the connection',
      command: '<%= config.bin %> <%= command.id %> --faults 503=0.1,reset=0.02,delay=300ms@0.05',
    },
    {
      description: "Enforce the service's documented limit: 60 requests a minute per token",
      command: '<%= config.bin %> <%= command.id %> --rate-limit 60/1m',
    },
  ];

  static override flags = {
    port: Flags.integer({ summary: 'Port to listen on (0 picks a free one).', default: 0, min: 0, max: 65535 }),
    host: Flags.string({ summary: 'Address to listen on.', default: '127.0.0.1' }),
    'allow-remote': Flags.boolean({
      summary: 'Allow a --host that is not a loopback address and any Host header; demo tokens become random.',
      default: false,
    }),
    'files-root': Flags.string({
      summary: 'Let file:// imports and local git repositories read (and export to) this directory only.',
      helpValue: 'DIR',
    }),
    'max-import-bytes': Flags.integer({ summary: 'Most bytes an import reads from its source (default 50 MiB).', min: 1, helpValue: 'N' }),
    'data-dir': Flags.string({ summary: 'Keep data in SQLite under this directory.', helpValue: 'DIR' }),
    seed: Flags.string({
      summary: 'Initial data: "demo", "none" (one admin, an empty organization) or a JSON seed file (docs emulator seed schema).',
      default: 'demo',
      helpValue: 'demo|none|FILE',
    }),
    faults: Flags.string({ summary: 'Inject faults, e.g. 503=0.1,429=0.05,reset=0.02,delay=300ms@0.05.', helpValue: 'SPEC' }),
    'fault-seed': Flags.string({ summary: 'Seed of the fault generator (default: DOCS_EMULATOR_FAULT_SEED, else random).' }),
    'rate-limit': Flags.string({
      summary: `Requests per window per token, e.g. 60/1m, reads=60/1m,writes=10/1m, or off (default ${DEFAULT_RATE_LIMIT}).`,
      helpValue: 'SPEC',
    }),
    log: Flags.string({ summary: 'Append one JSON line per request to this file.', helpValue: 'FILE' }),
  };

  async run(): Promise<void> {
    const flags = this.flags;
    if (!isLoopbackHost(flags.host) && !flags['allow-remote']) {
      throw new UsageError(
        `--host ${flags.host} is not a loopback address: the emulator prints its tokens in clear and has no TLS (pass --allow-remote to listen there anyway)`,
      );
    }
    const rateLimit = flags['rate-limit'];
    if (rateLimit !== undefined) {
      try {
        parseRateLimit(rateLimit, '--rate-limit');
      } catch (err) {
        if (err instanceof RateLimitSpecError) throw new UsageError(err.message);
        throw err;
      }
    }
    const filesRoot = flags['files-root'];
    if (filesRoot !== undefined && !statSync(filesRoot, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`--files-root ${filesRoot}: no such directory`);
    // Ctrl-C or SIGTERM from now on stops the emulator once it has started, whenever it comes: a script may stop
    // it the moment its data directory holds its tokens, before the URL is printed.
    let stop = (): void => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      await this.serve(stopped);
    } finally {
      // A run that failed to start, or that one of the two signals stopped, leaves no listener behind (the other
      // signal's, in a process that goes on: the tests run commands in theirs).
      process.removeListener('SIGINT', stop);
      process.removeListener('SIGTERM', stop);
    }
  }

  /** Starts the emulator, prints its URL and tokens, and closes it once `stopped` settles. */
  private async serve(stopped: Promise<void>): Promise<void> {
    const flags = this.flags;
    let emulator;
    try {
      // Loaded here, not at import: on Node.js 20 its store needs better-sqlite3, which may be missing (see native.ts).
      const { startEmulator } = await import('../../emulator/server.js');
      emulator = await startEmulator({
        port: flags.port,
        host: flags.host,
        seed: flags.seed,
        ...(flags['data-dir'] ? { dataDir: flags['data-dir'] } : {}),
        ...(flags.faults ? { faults: flags.faults } : {}),
        ...(flags['fault-seed'] !== undefined ? { faultSeed: flags['fault-seed'] } : {}),
        ...(flags['rate-limit'] !== undefined ? { rateLimit: flags['rate-limit'] } : {}),
        ...(flags.log ? { log: flags.log } : {}),
        ...(flags['files-root'] !== undefined ? { filesRoot: flags['files-root'] } : {}),
        ...(flags['max-import-bytes'] !== undefined ? { maxImportBytes: flags['max-import-bytes'] } : {}),
        ...(flags['allow-remote'] ? { allowRemote: true } : {}),
      });
    } catch (err) {
      // A bad DOCS_EMULATOR_RATE_LIMIT (the flag was checked above) is a usage error too.
      if (err instanceof FaultSpecError || err instanceof SeedError || err instanceof RateLimitSpecError) throw new UsageError(err.message);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        throw new CommandFailure(
          `port ${flags.port} on ${flags.host} is already in use (another emulator?); pick another with --port, or --port 0 for a free one`,
          ExitCode.unexpected,
        );
      }
      if (code === 'EADDRNOTAVAIL') throw new UsageError(`--host ${flags.host}: no such address on this machine`);
      const sqlite = missingSqlite(err);
      if (sqlite) throw new CommandFailure(missingSqliteMessage(sqlite, this.config.root), ExitCode.unexpected);
      throw err;
    }

    for (const warning of emulator.warnings) this.output.warn(warning);
    if (flags['allow-remote']) {
      // stderr: stdout stays the URL and token lines that scripts read.
      const where = isLoopbackHost(flags.host) ? '' : ` and is reachable from the network on ${flags.host}`;
      this.output.warn(
        `--allow-remote: the emulator answers any Host header${where}; anyone who can reach it and holds a token can use it (the demo tokens are replaced by random ones)`,
      );
    }
    const lines = [
      emulator.url,
      ...emulator.tokens.map((t) => ['token', t.token, 'user', t.userId, t.displayName, 'role', t.role, 'org', t.organization].join('\t')),
    ];
    this.io.stdout.write(`${lines.join('\n')}\n`);

    await stopped;
    // Whatever an import is still waiting on (a slow source), the process ends within about a second.
    setTimeout(() => process.exit(0), 1000).unref();
    await emulator.close();
  }
}
