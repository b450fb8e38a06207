import { AbortedError, ApiError, ConflictResultError, DocsError, ExitCode, NetworkError, ResponseError, TimeoutError } from '../api/errors.js';
import { redact } from '../api/redact.js';
import { ValidationError } from '../api/validation.js';

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
export interface Target {
  kind: string;
  id: string;
  hint?: string;
}

/** How error messages refer to the command's own flags and arguments. */
export interface ErrorContext {
  targets?: readonly Target[];
  /** Flag names of the command (`subject`, `space`), to name `--subject` instead of `body.subject`. */
  flags?: readonly string[];
  /** Argument names of the command (`changeRequest`), shown as `CHANGE_REQUEST`. */
  args?: readonly string[];
  /** The signal was aborted by Ctrl-C: whatever failed afterwards, the run was interrupted. */
  interrupted?: boolean;
  bin?: string;
}

/** oclif's parse errors carry `oclif.exit` and a `parse` property. */
function isOclifParseError(err: unknown): err is Error & { oclif?: { exit?: number }; parse?: unknown } {
  return err instanceof Error && 'oclif' in err && ('parse' in err || (err as { oclif?: { exit?: number } }).oclif?.exit === 2);
}

export function exitCodeOf(err: unknown, ctx: ErrorContext = {}): number {
  if (ctx.interrupted) return ExitCode.interrupted;
  if (err instanceof DocsError) return err.exitCode;
  if (err instanceof ValidationError) return ExitCode.usage;
  if (err instanceof UsageError || err instanceof AuthError || err instanceof CancelledError || err instanceof CommandFailure) return err.exitCode;
  if (isOclifParseError(err)) return ExitCode.usage;
  if (err instanceof Error && err.name === 'AbortError') return ExitCode.interrupted;
  return ExitCode.unexpected;
}

const kebab = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const argLabel = (name: string): string => kebab(name).replace(/-/g, '_').toUpperCase();

/**
 * Rewrites validation field names into the command's own vocabulary:
 * `body.subject: must be at most 100 characters` → `--subject must be at most 100 characters`,
 * `changeRequestId: required` → `CHANGE_REQUEST is required`. Fields with no matching flag keep their path.
 */
export function renameFields(message: string, ctx: Pick<ErrorContext, 'flags' | 'args'>): string {
  const flags = new Set(ctx.flags ?? []);
  const args = new Set(ctx.args ?? []);
  return message
    .split('; ')
    .map((part) => {
      const m = /^([\w.[\]-]+): (.*)$/.exec(part);
      if (!m) return part;
      const [, path = '', rest = ''] = m;
      const field = path.replace(/^(body|query)\./, '');
      const leaf = field.split('.').at(-1) ?? field;
      const candidates = [field, leaf, leaf.replace(/Id$/, '')];
      let label: string | undefined;
      for (const c of candidates) {
        if (flags.has(kebab(c))) label = `--${kebab(c)}`;
        else if (args.has(c)) label = argLabel(c);
        if (label) break;
      }
      if (!label) return part;
      return rest === 'required' ? `${label} is required` : `${label} ${rest}`;
    })
    .join('; ');
}

function notFoundMessage(err: ApiError, ctx: ErrorContext): string {
  const targets = ctx.targets ?? [];
  const api = err.message.toLowerCase();
  // The API says which object is missing ("space not found"); otherwise the most specific target is.
  const target = [...targets].reverse().find((t) => api.includes(t.kind.toLowerCase())) ?? targets.at(-1);
  if (!target) return `${trimPeriod(err.message)} (404).`;
  return `${target.kind} "${target.id}" not found (404).${target.hint ? ` ${target.hint}` : ''}`;
}

const trimPeriod = (text: string): string => text.replace(/\.+$/, '');

/** The one line shown for a failure (without the `Error: ` prefix), secrets removed. */
export function describeError(err: unknown, ctx: ErrorContext = {}): string {
  const bin = ctx.bin ?? 'docs';
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
        text = `permission denied (403): ${api}. Your role does not allow this; ask an organization admin.`;
        break;
      case err.status === 409 || err.status === 412:
        text = `${api} (${err.status}).`;
        break;
      case err.status === 429:
        text = `rate limited (429)${err.retries ? ` after ${err.retries} retries` : ''}: ${api}. Try again later.`;
        break;
      case err.status === 400 || err.status === 422:
        text = `${renameFields(api, ctx)} (${err.status}).`;
        break;
      default:
        text = `the server answered ${err.status}: ${api}.`;
    }
  } else if (err instanceof ValidationError) {
    text = renameFields(err.message, ctx);
  } else if (err instanceof TimeoutError) {
    text = `${trimPeriod(err.message)}. The server did not answer in time; check --api-url and your network, or try again.`;
  } else if (err instanceof NetworkError) {
    text = `${trimPeriod(err.message)}. Check --api-url (or DOCS_API_URL) and your network.`;
  } else if (err instanceof ResponseError) {
    text = `${trimPeriod(err.message)}. Is --api-url pointing at the API?`;
  } else if (err instanceof ConflictResultError || err instanceof CommandFailure || err instanceof UsageError || err instanceof AuthError || err instanceof CancelledError) {
    text = err.message;
  } else if (isOclifParseError(err)) {
    // oclif's messages span several lines ("Missing 1 required arg:\nname  description\nSee more help with --help").
    const lines = err.message.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^See more help/.test(l));
    text = `${lines.join(' ').replace(/:\s+/, ': ')}. See \`--help\`.`;
  } else if (err instanceof Error) {
    text = err.message;
  } else {
    text = String(err);
  }
  return redact(text.replace(/\s*\n\s*/g, ' '));
}
