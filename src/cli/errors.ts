import {
  AbortedError,
  ApiError,
  ConflictResultError,
  DocsError,
  ExitCode,
  NetworkError,
  RateLimitError,
  ResponseError,
  TimeoutError,
} from '../api/errors.js';
import { duration, windowText } from './rate-limit-notice.js';
import { isLoopbackUrl } from '../api/loopback.js';
import { redact } from '../api/redact.js';
import { ValidationError } from '../api/validation.js';
import { checkCommand } from './check-commands.js';
import { argLabel, describeIssues } from './field-names.js';

/** Bad usage or input rejected before anything was sent (exit 2). */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly exitCode = ExitCode.usage;
}

/** No token, or the token was refused (exit 4). */
export class AuthError extends Error {
  override name = 'AuthError';
  readonly exitCode = ExitCode.auth;
}

/** The user said no at a confirmation prompt: nothing was done (exit 2, as gh does). */
export class CancelledError extends Error {
  override name = 'CancelledError';
  readonly exitCode = ExitCode.usage;
}

/** A failure the command already explained, with the exit code to leave with. */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

/**
 * What a command is about, so that a 404 can name the object and say how to find a valid one:
 * `change request "42" not found (404). Check the number with \`docs cr list\`.`
 */
export interface Subject {
  kind: string;
  id: string;
  hint?: string;
}

/** How error messages refer to the command's own flags and arguments. */
export interface ErrorContext {
  subjects?: readonly Subject[];
  /** Flag names of the command (`subject`, `space`), to name `--subject` instead of `body.subject`. */
  flags?: readonly string[];
  /** Argument names of the command (`changeRequest`), shown as `CHANGE_REQUEST`. */
  args?: readonly string[];
  /** Request fields the command names otherwise than by their own name (`id` → `template`); see field-names.ts. */
  fields?: Readonly<Record<string, string>>;
  /** The signal was aborted by Ctrl-C: whatever failed afterwards, the run was interrupted. */
  interrupted?: boolean;
  bin?: string;
  /** The command as typed (`cr get`), to point at its own `--help`. */
  command?: string;
  /** The API URL of the run and where it came from, for network errors. */
  apiUrl?: string;
  apiUrlSource?: string;
  profile?: string;
  /** The operation the command sent last (its id), to say how to check a request that may have been applied. */
  operation?: string;
  /** Requests the command still had to send when it stopped, when it knew: how long the rate limit would make them take. */
  requestsLeft?: number;
}

/** oclif's parse errors carry `oclif.exit` and a `parse` property. */
function isOclifParseError(err: unknown): err is Error & { oclif?: { exit?: number }; parse?: unknown } {
  return err instanceof Error && 'oclif' in err && ('parse' in err || (err as { oclif?: { exit?: number } }).oclif?.exit === 2);
}

export function exitCodeOf(err: unknown, ctx: ErrorContext = {}): number {
  if (ctx.interrupted) return ExitCode.interrupted;
  if (err instanceof DocsError) return err.exitCode;
  if (err instanceof UsageError || err instanceof AuthError || err instanceof CancelledError || err instanceof CommandFailure)
    return err.exitCode;
  if (isOclifParseError(err)) return ExitCode.usage;
  if (err instanceof Error && err.name === 'AbortError') return ExitCode.interrupted;
  return ExitCode.unexpected;
}

function notFoundMessage(err: ApiError, ctx: ErrorContext): string {
  const subjects = ctx.subjects ?? [];
  const api = err.message.toLowerCase();
  // The API says which object is missing ("space not found"); otherwise the most specific subject is.
  const subject = [...subjects].reverse().find((s) => api.includes(s.kind.toLowerCase())) ?? subjects.at(-1);
  if (!subject) return `${trimPeriod(err.message)} (404).`;
  return `${subject.kind} "${subject.id}" not found (404).${subject.hint ? ` ${subject.hint}` : ''}`;
}

const trimPeriod = (text: string): string => text.replace(/\.+$/, '');
const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(3))} s`;

/** Where the API URL of the run was set, so a network error says what to change. */
function apiUrlHint(ctx: ErrorContext): string {
  const bin = ctx.bin ?? 'docs';
  switch (ctx.apiUrlSource) {
    case '--api-url':
      return 'Check --api-url and your network.';
    case 'DOCS_API_URL':
    case 'GITBOOK_ENDPOINT':
      return `Check ${ctx.apiUrlSource} and your network.`;
    case 'profile':
      return `Check your network, or the API URL of profile "${ctx.profile ?? 'default'}" (\`${bin} config get api-url\`).`;
    case 'default':
      return 'Check your network, or point --api-url (or DOCS_API_URL) at your server.';
    default:
      return 'Check --api-url (or DOCS_API_URL) and your network.';
  }
}

/**
 * The name among `names` that `input` most likely meant: the only one it is a prefix of (`upd` →
 * `update-branch`), else the nearest by edit distance when that is a small typo (`lst` → `list`).
 */
export function closest(input: string, names: Iterable<string>): string | undefined {
  const all = [...new Set(names)];
  const prefixed = input.length >= 2 ? all.filter((name) => name.startsWith(input)) : [];
  if (prefixed.length === 1) return prefixed[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of all) {
    const d = editDistance(input, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`: `strat` → `start` is one. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    const prev = rows[i - 1] ?? [];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row[j] = d;
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

// Colour codes oclif puts into some messages (`dim` reasons), which the one-line message drops.
// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string): string => text.replace(/\u001B\[[0-9;]*m/g, '');

/**
 * oclif's parse errors, rewritten as one line in the CLI's vocabulary: what is wrong, what would
 * be right, and the command's own `--help`. oclif's texts span several lines, list argument names
 * in lower case and end with "See more help with --help".
 */
function describeParseError(err: Error & { args?: { name: string; description?: string }[]; flags?: string[] }, ctx: ErrorContext): string {
  const help = `See \`${ctx.bin ?? 'docs'}${ctx.command ? ` ${ctx.command}` : ''} --help\`.`;
  const message = stripAnsi(err.message);
  const label = (name: string) => argLabel(name);
  if (/^Missing \d+ required arg/.test(message) && Array.isArray(err.args)) {
    const missing = err.args.map((a) => (a.description ? `${label(a.name)} (${a.description.replace(/\.$/, '')})` : label(a.name)));
    const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : (missing[0] ?? '');
    return `missing ${missing.length === 1 ? 'argument' : 'arguments'} ${list}. ${help}`;
  }
  if (/^Nonexistent flag/.test(message) && Array.isArray(err.flags)) {
    const known = (ctx.flags ?? []).map((f) => `--${f}`);
    const parts = err.flags.map((flag) => {
      const guess = closest(flag.replace(/=.*$/, ''), known);
      return `unknown flag ${flag}${guess ? ` (did you mean ${guess}?)` : ''}`;
    });
    return `${parts.join('; ')}. ${help}`;
  }
  const unexpected = /^Unexpected arguments?: (.*)$/m.exec(message);
  if (unexpected) {
    const takes = (ctx.args ?? []).map(label);
    return `unexpected argument${/,/.test(unexpected[1] ?? '') ? 's' : ''} ${unexpected[1]}${ctx.command ? `: \`${ctx.bin ?? 'docs'} ${ctx.command}\` takes ${takes.length ? takes.join(' ') : 'no arguments'}` : ''}. Quote values that contain spaces. ${help}`;
  }
  const option = /^Expected --([\w-]+)=(.*) to be one of: (.*)$/m.exec(message);
  if (option) return `--${option[1]} must be one of ${option[3]} (got "${option[2]}"). ${help}`;
  const needsValue = /^Flag --([\w-]+) expects (?:a value|one of these values: (.*))$/m.exec(message);
  if (needsValue) return `--${needsValue[1]} needs a value${needsValue[2] ? `: one of ${needsValue[2]}` : ''}. ${help}`;
  const parsing = /^Parsing --([\w-]+)\s+(.*)$/s.exec(message);
  if (parsing) {
    const reason = (parsing[2] ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^See more help/.test(l))
      .join(' ');
    const integer = /^Expected an integer\s*(.*?)\s*but received: (.*)$/.exec(reason);
    return `--${parsing[1]}: ${integer ? `expected a whole number${integer[1] ? ` ${integer[1]}` : ''}, got "${integer[2]}"` : reason}. ${help}`;
  }
  // Other oclif messages span several lines ("The following error occurred:\n  ...\nSee more help with --help").
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^See more help/.test(l));
  return `${trimPeriod(lines.join(' ').replace(/:\s+/, ': '))}. ${help}`;
}

/** How long the server stayed silent, and how to wait longer; a connect timeout only says to try again. */
function silenceHint(err: TimeoutError): string {
  if (err.phase !== 'headers' && err.phase !== 'body') return 'The server did not answer in time; try again.';
  const limit = err.limitMs !== undefined ? ` for ${seconds(err.limitMs)}` : '';
  return `The server sent nothing${limit}; if it is only slow, raise the limit with --timeout <seconds> (or DOCS_TIMEOUT).`;
}

/**
 * One sentence with the wait: the transport's own note (`gave up after 3 retries`) and an API
 * message that only says "rate limited" again are left out.
 */
function rateLimitMessage(err: ApiError): string {
  const note = err.gaveUp ? ` (${err.gaveUp})` : '';
  const api = trimPeriod(note && err.message.endsWith(note) ? err.message.slice(0, -note.length) : err.message);
  const own = api === '' || /rate.?limit|too many requests|^HTTP 429/i.test(api) ? '' : ` (${api})`;
  const tries = err.retries ? ` after ${err.retries} ${err.retries === 1 ? 'retry' : 'retries'}` : '';
  const wait = err.details.retryAfterMs;
  return `rate limited (429)${tries}${own}: ${wait !== undefined ? `the server asks to wait ${seconds(wait)}, try again after that` : 'try again later'}.`;
}

/**
 * Past the wait budget: when the next request could go, how long the rest of the job would take at this limit when the
 * command knows how much is left, that nothing of the refused request was applied, and how to wait longer.
 */
function budgetMessage(err: RateLimitError, ctx: ErrorContext): string {
  const d = err.details;
  const window = windowText(d.limit, d.windowMs);
  const what = d.refused ? 'the server answered 429' : 'the window is spent';
  const budget =
    d.budgetSource === 'default' || d.budgetSource === undefined
      ? `the ${duration(d.budgetMs)} wait budget`
      : `${d.budgetSource} ${duration(d.budgetMs)}`;
  const waited = d.spentMs > 0 ? `, ${duration(d.spentMs)} of it already spent waiting` : '';
  let rest = '';
  const left = ctx.requestsLeft;
  const length = d.windowMs ?? d.windowAtLeastMs;
  if (left !== undefined && left > 0 && d.limit !== undefined && d.limit > 0 && length !== undefined) {
    const needed = d.waitMs + Math.max(0, Math.ceil(left / d.limit) - 1) * length;
    const about = d.windowMs === undefined ? 'at least' : 'about';
    rest = ` About ${left} request${left === 1 ? '' : 's'} remain${left === 1 ? 's' : ''}: ${about} ${duration(needed)} more at this limit.`;
  }
  return (
    `rate limited (${what}${window ? `; ${window}` : ''}): the next request could go in ${duration(d.waitMs)}, beyond ${budget}${waited}.${rest}` +
    ` The ${d.refused ? 'refused ' : ''}request was not applied: run it again later, or allow a longer wait with --max-wait (or DOCS_MAX_WAIT).`
  );
}

/** The one line shown for a failure (without the `Error: ` prefix), secrets removed. */
export function describeError(err: unknown, ctx: ErrorContext = {}): string {
  const bin = ctx.bin ?? 'docs';
  const check = checkCommand(ctx.operation, ctx.subjects);
  const how = check ? `check with \`${bin} ${check}\`` : 'check';
  // Interrupted after a request that is not safe to repeat was written (a merge, a new comment): it may have been applied.
  if (
    (err instanceof AbortedError || err instanceof NetworkError) &&
    err.mayHaveApplied &&
    (ctx.interrupted || err instanceof AbortedError)
  )
    return redact(`Interrupted after the request was sent: it may have been applied; ${how} before running it again.`);
  if (ctx.interrupted || err instanceof AbortedError) return 'Interrupted.';
  let text: string;
  if (err instanceof ApiError) {
    const api = trimPeriod(err.message);
    switch (true) {
      case err.status === 404 || err.status === 410:
        text = notFoundMessage(err, ctx);
        break;
      case err.status === 401:
        text = `not authenticated (401): ${api}. Run \`${bin} auth login\` or set DOCS_TOKEN.`;
        break;
      case err.status === 403:
        text = `permission denied (403): ${api}. Ask an organization admin for a role that allows it, or use a token that has one (\`${bin} auth status\` shows which is in use).`;
        break;
      case err.status === 409 || err.status === 412:
        text = `${api} (${err.status}).`;
        break;
      case err.status === 429:
        text = rateLimitMessage(err);
        break;
      case err.status === 400 || err.status === 422:
        // Where the server said which field is wrong, name the option the user typed for it.
        text = `${err.issues.length > 0 ? describeIssues(err.issues, ctx) : api} (${err.status}).`;
        break;
      default:
        text = `the server answered ${err.status}: ${api}.`;
    }
  } else if (err instanceof RateLimitError) {
    text = budgetMessage(err, ctx);
  } else if (err instanceof ValidationError) {
    text = err.issues.length > 0 ? describeIssues(err.issues, ctx) : err.message;
  } else if (err instanceof NetworkError && err.mayHaveApplied) {
    const slow = err instanceof TimeoutError ? ` ${silenceHint(err)}` : '';
    text = `${trimPeriod(err.message)}. The request was sent and may have been applied: ${how} before running it again.${slow}`;
  } else if (err instanceof TimeoutError) {
    text = `${trimPeriod(err.message)}. ${silenceHint(err)} ${apiUrlHint(ctx)}`;
  } else if (err instanceof NetworkError) {
    const refused = err.code === 'ECONNREFUSED' || /ECONNREFUSED|connection refused/i.test(err.message);
    const nobody =
      refused && isLoopbackUrl(ctx.apiUrl)
        ? ` Nothing is listening at ${ctx.apiUrl}: is the emulator running (\`${bin} emulator start\`)?`
        : '';
    text = `${trimPeriod(err.message)}.${nobody} ${apiUrlHint(ctx)}`;
  } else if (err instanceof ResponseError) {
    text = `${trimPeriod(err.message)}. Is --api-url pointing at the API?`;
  } else if (
    err instanceof ConflictResultError ||
    err instanceof CommandFailure ||
    err instanceof UsageError ||
    err instanceof AuthError ||
    err instanceof CancelledError
  ) {
    text = err.message;
  } else if (isOclifParseError(err)) {
    text = describeParseError(err, ctx);
  } else if (err instanceof Error) {
    text = err.message;
  } else {
    text = String(err);
  }
  return redact(text.replace(/\s*\n\s*/g, ' '));
}
