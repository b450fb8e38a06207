import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ExitCode } from '../api/errors.js';
import { ensurePrivateDir, withFileLock, writeFileAtomic } from './config-file.js';
import { CommandFailure, UsageError } from './errors.js';

/** Settings a profile may hold besides its token (`docs config set <key> <value>`). */
export const CONFIG_KEYS = ['api-url', 'org', 'space', 'output'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
export const OUTPUT_FORMATS = ['table', 'json'] as const;

export const CONFIG_KEY_HELP: Record<ConfigKey, string> = {
  'api-url': 'API base URL, e.g. https://api.gitbook.com or http://127.0.0.1:4010',
  org: 'default organization id for org-scoped commands',
  space: 'default space id for space-scoped commands',
  output: 'default output format: table (human/TSV) or json',
};

export type Profile = Partial<Record<ConfigKey, string>> & { token?: string };

export const DEFAULT_PROFILE = 'default';

export function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

/** Reject values that would break commands later, and URLs that carry credentials. */
export function checkConfigValue(key: ConfigKey, value: string): string {
  if (key === 'api-url') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(`api-url must be an http(s) URL, e.g. https://api.gitbook.com (got "${value}")`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('api-url must start with http:// or https://');
    if (url.username || url.password) throw new UsageError('api-url must not contain credentials; use `docs auth login` for the token');
    return value.replace(/\/+$/, '');
  }
  if (key === 'output' && !(OUTPUT_FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`output must be one of ${OUTPUT_FORMATS.join(', ')}`);
  }
  if (value.trim() === '') throw new UsageError(`${key} must not be empty; use \`docs config unset ${key}\` to remove it`);
  return value;
}

export function checkProfileName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) {
    throw new UsageError(`profile name "${name}" is not valid: use letters, digits, "-" and "_"`);
  }
  return name;
}

const PROJECT = 'docs-cli';

/**
 * Where conf keeps `docs-cli` settings when DOCS_CONFIG_DIR is unset: env-paths' `config` directory
 * (conf's default location), so files written by earlier versions are found where they are.
 */
export function defaultConfigDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', PROJECT);
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), PROJECT, 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PROJECT);
}

/** A wrong value in the profile file: which file and key, and how to fix it (exit 2). */
function badValue(path: string, what: string, must: string, got: unknown, fix: string): UsageError {
  return new UsageError(
    `the profile file ${path} is not valid: ${what} must be ${must}, got ${JSON.stringify(got) ?? String(got)}. Fix it: ${fix}.`,
  );
}

function badKey(path: string, profile: string, key: string, got: unknown): UsageError {
  const flag = profile === DEFAULT_PROFILE ? '' : ` --profile ${profile}`;
  const fix =
    key === 'token'
      ? `\`docs auth logout${flag}\` removes it, \`docs auth login${flag}\` saves a new one`
      : `\`docs config set ${key} <value>${flag}\` replaces it, \`docs config unset ${key}${flag}\` removes it`;
  return badValue(path, `"${key}" of profile "${profile}"`, 'a string', got, fix);
}

/**
 * Profiles (token, API URL, defaults) in one JSON file, readable by its owner only (0600, in a
 * 0700 directory, whatever the umask). `DOCS_CONFIG_DIR` relocates the file (CI, tests); otherwise
 * it lives in the user's config directory (`~/.config/docs-cli`).
 *
 * Reads take the file as it is; a profile is checked when it is used, so that `auth logout` and
 * `config unset` can still repair a file with a wrong value. Writes take a lock, read the file
 * again under it, and replace it atomically (config-file.ts): parallel writers lose nothing.
 */
export class ProfileStore {
  readonly dir: string;
  readonly path: string;
  private cache?: Record<string, unknown>;
  private readonly warn: (message: string) => void;

  constructor(options: { dir?: string; warn?: (message: string) => void } = {}) {
    this.dir = options.dir || defaultConfigDir();
    this.path = join(this.dir, 'config.json');
    this.warn = options.warn ?? ((message) => process.stderr.write(`Warning: ${message}\n`));
  }

  private all(): Record<string, unknown> {
    return (this.cache ??= this.read());
  }

  private read(): Record<string, unknown> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new CommandFailure(`cannot read the profile file ${this.path}: ${(err as Error).message}`, ExitCode.unexpected);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new CommandFailure(
        `the profile file ${this.path} is not valid JSON (${(err as Error).message}). Fix it, or remove it and log in again.`,
        ExitCode.unexpected,
      );
    }
    const profiles = (data as { profiles?: unknown } | null)?.profiles;
    if (profiles === undefined) return {};
    if (!isRecord(profiles))
      throw badValue(this.path, '"profiles"', 'an object of profiles', profiles, 'edit the file, or remove it and log in again');
    return { ...profiles };
  }

  names(): string[] {
    return Object.keys(this.all());
  }

  /** The profile, every known key checked to be a string (exit 2 naming the file, key and fix). */
  get(name: string): Profile {
    const raw = this.all()[name];
    if (raw === undefined) return {};
    if (!isRecord(raw)) throw badValue(this.path, `profile "${name}"`, 'an object', raw, 'edit the file');
    for (const key of [...CONFIG_KEYS, 'token']) {
      if (raw[key] !== undefined && typeof raw[key] !== 'string') throw badKey(this.path, name, key, raw[key]);
    }
    return { ...(raw as Profile) };
  }

  /** Whether the profile has `key` set, whatever its value: lets `unset` and `logout` repair a wrong one. */
  hasKey(name: string, key: keyof Profile): boolean {
    const raw = this.all()[name];
    return isRecord(raw) && raw[key] !== undefined;
  }

  has(name: string): boolean {
    return name in this.all();
  }

  /** Merge `patch` into the profile; `undefined` values remove keys. A profile left empty is removed. */
  async update(name: string, patch: Profile): Promise<Profile> {
    checkProfileName(name);
    ensurePrivateDir(this.dir, this.path, this.warn);
    return withFileLock(this.path, () => {
      // Under the lock: what other writers saved since this command started counts.
      this.cache = undefined;
      const profiles = { ...this.all() };
      const current = profiles[name];
      const next: Record<string, unknown> = isRecord(current) ? { ...current } : {};
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
      if (Object.keys(next).length === 0) delete profiles[name];
      else profiles[name] = next;
      // Tab-indented like conf, which wrote this file in earlier versions.
      writeFileAtomic(this.path, `${JSON.stringify({ profiles }, undefined, '\t')}\n`);
      this.cache = profiles;
      return next;
    });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
