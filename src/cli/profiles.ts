import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { default as Conf, Schema } from 'conf';
import { ExitCode } from '../api/errors.js';
import { PRIVATE_FILE_MODE } from '../api/private-files.js';
import { ensurePrivateDir, withFileLock, writeFailure } from './config-file.js';
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

/** The file as conf holds it: `{ "profiles": { "<name>": { "token": …, "org": … } } }`. */
interface StoreShape {
  profiles: Record<string, Record<string, unknown>>;
}

/**
 * What conf checks whenever it reads or writes the file: an object of profiles, each an object. The type of each
 * value is checked when the profile is used (`get`), with a message that names the key and the command that fixes
 * it, so that the commands that write the file (`config set`/`unset`, `auth login`/`logout`) can still repair a
 * wrong value; what they write is checked before (`checkConfigValue`).
 */
const STORE_SCHEMA: Schema<StoreShape> = {
  profiles: { type: 'object', additionalProperties: { type: 'object' } },
};

/**
 * Where conf keeps `docs-cli` settings when DOCS_CONFIG_DIR is unset: env-paths' `config` directory
 * (conf's own default, with no project suffix: `~/.config/docs-cli` on Linux, `~/Library/Preferences/docs-cli`
 * on macOS, `%APPDATA%\docs-cli\Config` on Windows). Every version of docs has kept the file there; reads find
 * it without loading conf.
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
 * Reads take the file as it is, without conf; a profile is checked when it is used, so that `auth logout` and
 * `config unset` can still repair a file with a wrong value. Writes go through conf under a lock (`update`).
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
    return this.parse(text);
  }

  /** The profiles of the file's text; what is not JSON, or not an object of profiles, is named (exit 1 or 2). */
  private parse(text: string): Record<string, unknown> {
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

  /**
   * Merge `patch` into the profile; `undefined` values remove keys. A profile left empty is removed.
   *
   * Written through conf (loaded here only: a command that only reads profiles never loads it), under the lock of
   * config-file.ts: a Conf made under the lock reads the file as the writers before this one left it, checks it
   * against STORE_SCHEMA, and replaces it atomically at 0600; so parallel writers lose nothing.
   */
  async update(name: string, patch: Profile): Promise<Profile> {
    checkProfileName(name);
    ensurePrivateDir(this.dir, this.path, this.warn);
    const { default: ConfClass } = await import('conf');
    return withFileLock(this.path, () => {
      const conf = this.open(ConfClass);
      const profiles = { ...conf.get('profiles', {}) };
      const next: Record<string, unknown> = { ...profiles[name] };
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
      if (Object.keys(next).length === 0) delete profiles[name];
      else profiles[name] = next;
      try {
        conf.set('profiles', profiles);
      } catch (err) {
        throw writeFailure('write', this.path, err, this.path);
      }
      this.cache = profiles;
      return next;
    });
  }

  /** A Conf on the profile file, which reads it now (the caller holds the lock). */
  private open(ConfClass: typeof Conf): Conf<StoreShape> {
    try {
      return new ConfClass<StoreShape>({
        projectName: PROJECT,
        projectSuffix: '',
        cwd: this.dir,
        configName: 'config',
        configFileMode: PRIVATE_FILE_MODE,
        schema: STORE_SCHEMA,
        // Profile names are keys; a dot in one must not become a nested path.
        accessPropertiesByDotNotation: false,
        // What is not JSON, or has no object of profiles, is named as a read names it.
        deserialize: (text) => ({ profiles: this.parse(text) }) as StoreShape,
      });
    } catch (err) {
      if (err instanceof UsageError || err instanceof CommandFailure) throw err;
      // The schema refused a profile that is not an object: name it as `get` does.
      this.cache = undefined;
      for (const profile of this.names()) this.get(profile);
      throw new CommandFailure(`cannot read the profile file ${this.path}: ${(err as Error).message}`, ExitCode.unexpected);
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
