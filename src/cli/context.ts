import { UsageError } from './errors.js';
import { checkProfileName, DEFAULT_PROFILE, type Profile } from './profiles.js';
import { DEFAULT_TIMEOUTS } from '../api/timeouts.js';

export const DEFAULT_API_URL = 'https://api.gitbook.com';

export type Env = Readonly<Record<string, string | undefined>>;

export interface GlobalFlagValues {
  profile?: string;
  'api-url'?: string;
}

/** Where the API URL and token of a run come from, for `auth status` and for error hints. */
export interface ResolvedContext {
  profileName: string;
  profile: Profile;
  apiUrl: string;
  apiUrlSource: '--api-url' | 'DOCS_API_URL' | 'GITBOOK_ENDPOINT' | 'profile' | 'default';
  token?: string;
  tokenSource?: 'DOCS_TOKEN' | 'GITBOOK_TOKEN' | 'profile';
}

/** An empty variable counts as unset (`DOCS_TOKEN= docs ...`). */
function envValue(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** The profile of the run (--profile, DOCS_PROFILE, "default"), without reading it. */
export function resolveProfileName(flags: GlobalFlagValues, env: Env): string {
  return checkProfileName(flags.profile ?? envValue(env, 'DOCS_PROFILE') ?? DEFAULT_PROFILE);
}

/**
 * Precedence (README, "Configuration"):
 * - profile: --profile, DOCS_PROFILE, "default";
 * - API URL: --api-url, DOCS_API_URL, GITBOOK_ENDPOINT, the profile's api-url, the public API;
 * - token: DOCS_TOKEN, GITBOOK_TOKEN, the profile's token — never a flag.
 * The GITBOOK_* names stand in for the DOCS_* ones when those are unset, so CI secrets made for
 * the vendor's tooling keep working; they rank like the variables they replace.
 */
export function resolveContext(flags: GlobalFlagValues, env: Env, loadProfile: (name: string) => Profile): ResolvedContext {
  const profileName = resolveProfileName(flags, env);
  const profile = loadProfile(profileName);

  let apiUrl: string;
  let apiUrlSource: ResolvedContext['apiUrlSource'];
  const docsUrl = envValue(env, 'DOCS_API_URL');
  const gitbookUrl = envValue(env, 'GITBOOK_ENDPOINT');
  if (flags['api-url']) [apiUrl, apiUrlSource] = [flags['api-url'], '--api-url'];
  else if (docsUrl) [apiUrl, apiUrlSource] = [docsUrl, 'DOCS_API_URL'];
  else if (gitbookUrl) [apiUrl, apiUrlSource] = [gitbookUrl, 'GITBOOK_ENDPOINT'];
  else if (profile['api-url']) [apiUrl, apiUrlSource] = [profile['api-url'], 'profile'];
  else [apiUrl, apiUrlSource] = [DEFAULT_API_URL, 'default'];

  const context: ResolvedContext = { profileName, profile, apiUrl: apiUrl.replace(/\/+$/, ''), apiUrlSource };
  const docsToken = envValue(env, 'DOCS_TOKEN');
  const gitbookToken = envValue(env, 'GITBOOK_TOKEN');
  if (docsToken) [context.token, context.tokenSource] = [docsToken, 'DOCS_TOKEN'];
  else if (gitbookToken) [context.token, context.tokenSource] = [gitbookToken, 'GITBOOK_TOKEN'];
  else if (profile.token) [context.token, context.tokenSource] = [profile.token, 'profile'];
  return context;
}

export const DEFAULT_TIMEOUT_S = DEFAULT_TIMEOUTS.bodyMs / 1000;
export const MAX_TIMEOUT_S = 3600;

/**
 * How long a command waits for a silent server (headers, or the next byte of the body), in ms:
 * `--timeout`, then DOCS_TIMEOUT, then 30 s. Connecting keeps its own 10 s unless this is shorter.
 */
export function resolveTimeoutMs(flag: string | undefined, env: Env): number {
  const fromEnv = envValue(env, 'DOCS_TIMEOUT');
  const [value, source] =
    flag !== undefined ? [flag, '--timeout'] : fromEnv !== undefined ? [fromEnv, 'DOCS_TIMEOUT'] : [String(DEFAULT_TIMEOUT_S), 'default'];
  const s = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(s > 0) || s > MAX_TIMEOUT_S) {
    throw new UsageError(`${source} must be a number of seconds above 0 and at most ${MAX_TIMEOUT_S} (got "${value}")`);
  }
  return Math.round(s * 1000);
}

/**
 * How long a command may wait on the API's rate limit in all (src/api/rate-limit.ts). A single request waits for
 * one window of the service's documented 60 s (with room for the jitter and a clock's drift). Bulk work (`--all`,
 * pulls, checks, diffs, seed pulls) waits 4 h: pulling a 10,000-page space at the documented 60 requests a minute
 * takes 10,001 requests, 2 h 47 min, nearly all of it waiting, and 4 h leaves two fifths more for other clients
 * spending the same token's windows.
 */
export const SINGLE_MAX_WAIT_MS = 70_000;
export const BULK_MAX_WAIT_MS = 4 * 3_600_000;
const MAX_MAX_WAIT_MS = 7 * 24 * 3_600_000;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90`, `90s`, `10m`, `4h`, `1h30m`, `7d` in ms; undefined when it is none of those. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  if (!/^(\d+(\.\d+)?[dhms])+$/.test(value)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)([dhms])/g)) ms += Number(amount) * (UNIT_MS[unit ?? 's'] ?? 1000);
  return Math.round(ms);
}

/** The wait budget of a run: `--max-wait`, then DOCS_MAX_WAIT, then the default of its kind of work. */
export function resolveMaxWait(
  flag: string | undefined,
  env: Env,
  bulk: boolean,
): { ms: number; source: '--max-wait' | 'DOCS_MAX_WAIT' | 'default' } {
  const fromEnv = envValue(env, 'DOCS_MAX_WAIT');
  if (flag === undefined && fromEnv === undefined) return { ms: bulk ? BULK_MAX_WAIT_MS : SINGLE_MAX_WAIT_MS, source: 'default' };
  const [value, source] = flag !== undefined ? [flag, '--max-wait' as const] : [fromEnv ?? '', 'DOCS_MAX_WAIT' as const];
  const ms = parseDuration(value);
  if (ms === undefined || ms > MAX_MAX_WAIT_MS)
    throw new UsageError(`${source} must be a duration such as 90s, 10m or 4h (seconds without a unit), at most 168h (got "${value}")`);
  return { ms, source };
}
