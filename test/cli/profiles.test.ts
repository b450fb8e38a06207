import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Conf from 'conf';
import { CommandFailure, UsageError } from '../../src/cli/errors.js';
import { checkConfigValue, checkProfileName, defaultConfigDir, ProfileStore } from '../../src/cli/profiles.js';

const mode = (path: string): number => statSync(path).mode & 0o777;

describe('ProfileStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-profiles-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the file at mode 0600 when created and when rewritten', async () => {
    const store = new ProfileStore({ dir });
    await store.update('default', { token: 'tok_1234567890', 'api-url': 'http://127.0.0.1:1' });
    expect(store.path.startsWith(dir)).toBe(true);
    expect(mode(store.path)).toBe(0o600);
    await store.update('default', { org: 'org_1' });
    await store.update('ci', { token: 'tok_ci_1234567' });
    expect(mode(store.path)).toBe(0o600);
    expect(new ProfileStore({ dir }).get('default')).toEqual({ token: 'tok_1234567890', 'api-url': 'http://127.0.0.1:1', org: 'org_1' });
  });

  it('tightens a file that an older version left readable by others', async () => {
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { org: 'o' } } }));
    chmodSync(path, 0o644);
    const store = new ProfileStore({ dir });
    expect(store.get('default')).toEqual({ org: 'o' });
    await store.update('default', { token: 'tok_abcdefgh' });
    expect(mode(path)).toBe(0o600);
  });

  it('does not write anything for reads', () => {
    const store = new ProfileStore({ dir: join(dir, 'nested') });
    expect(store.get('default')).toEqual({});
    expect(store.names()).toEqual([]);
    expect(() => readFileSync(store.path)).toThrow();
  });

  it('removes keys given as undefined, and a profile left empty', async () => {
    const store = new ProfileStore({ dir });
    await store.update('p', { token: 'tok_abcdefgh', space: 'sp' });
    await store.update('p', { token: undefined });
    expect(store.get('p')).toEqual({ space: 'sp' });
    await store.update('p', { space: undefined });
    expect(store.has('p')).toBe(false);
  });

  it('reads what conf wrote, and conf reads what it writes, in the same file', async () => {
    const store = new ProfileStore({ dir });
    await store.update('default', { org: 'org_1' });
    const conf = new Conf<{ profiles: Record<string, unknown> }>({
      projectName: 'docs-cli',
      cwd: dir,
      configName: 'config',
      accessPropertiesByDotNotation: false,
    });
    expect(conf.path).toBe(store.path);
    expect(conf.get('profiles')).toEqual({ default: { org: 'org_1' } });
    conf.set('profiles', { default: { org: 'org_2' }, 'a.b': { space: 's' } });
    expect(new ProfileStore({ dir }).get('default')).toEqual({ org: 'org_2' });
    expect(new ProfileStore({ dir }).names()).toEqual(['default', 'a.b']);
  });

  it('names a profile file that is not JSON instead of failing with a parser error', () => {
    writeFileSync(join(dir, 'config.json'), '{"profiles": {');
    const store = new ProfileStore({ dir });
    expect(() => store.get('default')).toThrow(CommandFailure);
    expect(() => store.get('default')).toThrow(
      new RegExp(`profile file ${join(dir, 'config.json').replace(/[.\\/]/g, '\\$&')} is not valid JSON`),
    );
  });

  it("uses conf's own default directory when DOCS_CONFIG_DIR is unset", () => {
    const home = '/home/u';
    expect(defaultConfigDir({}, 'linux', home)).toBe('/home/u/.config/docs-cli');
    expect(defaultConfigDir({ XDG_CONFIG_HOME: '/x' }, 'linux', home)).toBe('/x/docs-cli');
    expect(defaultConfigDir({}, 'darwin', home)).toBe('/home/u/Library/Preferences/docs-cli');
    // What conf itself picks on this machine (env-paths with projectSuffix ''), so existing files are found.
    const conf = new Conf({ projectName: 'docs-cli', projectSuffix: '', configName: 'config' });
    expect(new ProfileStore().path).toBe(conf.path);
  });

  it('writes through conf: its serialisation, replaced whole, no temporary file or lock left behind', async () => {
    const store = new ProfileStore({ dir });
    await store.update('default', { org: 'org_1' });
    // conf's own serialisation (tab-indented, no final newline), which a plain JSON.stringify would not give.
    expect(readFileSync(store.path, 'utf8')).toBe('{\n\t"profiles": {\n\t\t"default": {\n\t\t\t"org": "org_1"\n\t\t}\n\t}\n}');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('a writer applies its change to what another writer saved after it first read the file', async () => {
    const early = new ProfileStore({ dir });
    expect(early.names()).toEqual([]);
    await new ProfileStore({ dir }).update('other', { org: 'org_2' });
    await early.update('mine', { space: 'sp_1' });
    expect(new ProfileStore({ dir }).names().sort()).toEqual(['mine', 'other']);
    expect(early.get('other')).toEqual({ org: 'org_2' });
  });

  it('sixteen writers at once in one process keep sixteen profiles', async () => {
    await Promise.all(Array.from({ length: 16 }, (_, i) => new ProfileStore({ dir }).update(`p${i}`, { org: `org_${i}` })));
    const store = new ProfileStore({ dir });
    expect(store.names().sort()).toEqual(Array.from({ length: 16 }, (_, i) => `p${i}`).sort());
  });

  it('refuses to write over a profile that is not an object, naming it (exit 2), and changes nothing', async () => {
    const path = join(dir, 'config.json');
    const text = JSON.stringify({ profiles: { default: 'x', ci: { org: 'o' } } });
    writeFileSync(path, text);
    const err = await new ProfileStore({ dir }).update('ci', { space: 's' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain('profile "default" must be an object, got "x"');
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('keeps a wrong value of another key when it writes, and removes the wrong value it is asked to', async () => {
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { 'api-url': 42, token: { secret: true } } } }));
    const store = new ProfileStore({ dir });
    await store.update('default', { 'api-url': 'http://127.0.0.1:1' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      profiles: { default: { 'api-url': 'http://127.0.0.1:1', token: { secret: true } } },
    });
    await store.update('default', { token: undefined });
    expect(new ProfileStore({ dir }).get('default')).toEqual({ 'api-url': 'http://127.0.0.1:1' });
  });

  it('treats a dotted profile name as a name, not a path', () => {
    expect(() => checkProfileName('a.b')).toThrow(/not valid/);
    expect(checkProfileName('ci-prod_2')).toBe('ci-prod_2');
  });
});

describe('checkConfigValue', () => {
  it('accepts http(s) URLs without credentials and trims a trailing slash', () => {
    expect(checkConfigValue('api-url', 'http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
    expect(() => checkConfigValue('api-url', 'ftp://x')).toThrow(/http/);
    expect(() => checkConfigValue('api-url', 'nonsense')).toThrow(/URL/);
    expect(() => checkConfigValue('api-url', 'https://user:secret@host')).toThrow(/credentials/);
  });

  it('limits output to table or json', () => {
    expect(checkConfigValue('output', 'json')).toBe('json');
    expect(() => checkConfigValue('output', 'yaml')).toThrow('output must be one of table, json');
  });
});
