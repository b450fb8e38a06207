import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type Conf from 'conf';
import { ExitCode } from '../api/errors.js';
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

interface StoreShape {
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
const FILE_MODE = 0o600;

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
export function defaultConfigDir(env: Readonly<Record<string, string | undefined>> = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', PROJECT);
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), PROJECT, 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PROJECT);
}

/**
 * Profiles (token, API URL, defaults) in one JSON file, readable by its owner only: conf writes
 * 0666 minus umask by default, and a token must not be world-readable. `DOCS_CONFIG_DIR` relocates
 * the file (CI, tests); otherwise it lives in the user's config directory (`~/.config/docs-cli`).
 *
 * Every command reads the file but few write it, and loading conf (with its JSON-schema validator)
 * costs more than the rest of a command's start-up: reads parse the file directly, writes load conf.
 */
export class ProfileStore {
  readonly dir: string;
  readonly path: string;
  private cache?: Record<string, Profile>;
  private confInstance?: Conf<StoreShape>;

  constructor(options: { dir?: string } = {}) {
    this.dir = options.dir || defaultConfigDir();
    this.path = join(this.dir, 'config.json');
  }

  // No conf defaults: they would make a read-only command write the file.
  private all(): Record<string, Profile> {
    return (this.cache ??= this.read());
  }

  private read(): Record<string, Profile> {
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
    return profiles && typeof profiles === 'object' && !Array.isArray(profiles) ? { ...(profiles as Record<string, Profile>) } : {};
  }

  private async conf(): Promise<Conf<StoreShape>> {
    if (this.confInstance) return this.confInstance;
    if (!existsSync(this.dir)) mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const { default: ConfClass } = await import('conf');
    return (this.confInstance = new ConfClass<StoreShape>({
      projectName: PROJECT,
      cwd: this.dir,
      configName: 'config',
      configFileMode: FILE_MODE,
      // Profile names are keys; a dot in one must not become a nested path.
      accessPropertiesByDotNotation: false,
    }));
  }

  names(): string[] {
    return Object.keys(this.all());
  }

  get(name: string): Profile {
    return { ...this.all()[name] };
  }

  has(name: string): boolean {
    return name in this.all();
  }

  /** Merge `patch` into the profile; `undefined` values remove keys. A profile left empty is removed. */
  async update(name: string, patch: Profile): Promise<Profile> {
    checkProfileName(name);
    const profiles = { ...this.all() };
    const next: Profile = { ...profiles[name] };
    for (const [key, value] of Object.entries(patch) as [keyof Profile, string | undefined][]) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    if (Object.keys(next).length === 0) delete profiles[name];
    else profiles[name] = next;
    const conf = await this.conf();
    conf.set('profiles', profiles);
    this.cache = profiles;
    // conf applies the mode when it creates the file; a file made by an older version keeps its mode.
    chmodSync(this.path, FILE_MODE);
    return next;
  }
}
