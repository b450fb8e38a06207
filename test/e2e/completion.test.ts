import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, docs, ensureBuilt, tempDir } from '../helpers/e2e.js';

/*
 * Shell completion (oclif's plugin-autocomplete): `docs autocomplete <shell>` writes the completion
 * functions under the cache directory (~/.cache/docs-cli/autocomplete) and prints how to install them.
 */

let home: string;
const cache = () => join(home, '.cache', 'docs-cli', 'autocomplete');

beforeAll(async () => {
  ensureBuilt();
  home = tempDir('docs-home-');
  const res = await docs(['autocomplete', 'bash'], { env: { HOME: home }, timeoutMs: 60_000 });
  expect(res.code, res.stderr).toBe(0);
  expect(res.stdout).toContain('docs autocomplete script bash');
}, 90_000);

afterAll(() => cleanup());

describe('docs autocomplete', () => {
  it('bash: the script completes topics, commands and flags', () => {
    const script = join(cache(), 'functions', 'bash', 'docs.bash');
    const text = readFileSync(script, 'utf8');
    expect(text).toMatch(/^cr:list .*--status/m);
    expect(text).toMatch(/^spaces:get .*--share-key/m);
    expect(text).toContain('complete -F _docs_autocomplete docs');
    // Completing as bash would: a command under a topic, then a flag of that command.
    const complete = (words: string[]) =>
      spawnSync(
        'bash',
        [
          '-c',
          `source ${JSON.stringify(script)}; COMP_WORDS=(${words.join(' ')}); COMP_CWORD=${words.length - 1}; _docs_autocomplete; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: 'utf8' },
      ).stdout.trim();
    expect(complete(['docs', 'cr', 'li'])).toBe('list');
    expect(complete(['docs', 'cr', 'list', '--sta'])).toBe('--status');
    expect(complete(['docs', 'emulator', 'st'])).toBe('start');
  });

  it('zsh: the script has the commands, their flags and the values of flags with fixed options', async () => {
    const res = await docs(['autocomplete', 'zsh'], { env: { HOME: home }, timeoutMs: 60_000 });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('docs autocomplete script zsh');
    const text = readFileSync(join(cache(), 'functions', 'zsh', '_docs'), 'utf8');
    expect(text).toContain('#compdef docs');
    expect(text).toMatch(/"emulator\[Run the local emulator of the API\]"/);
    expect(text).toMatch(/--status"\[[^\]]*\]:status options:\(all open resolved\)"/);
    expect(readFileSync(join(cache(), 'zsh_setup'), 'utf8')).toContain('functions/zsh');
  });

  it('the root help says how to set it up, though the plugin is loaded for its own commands only', async () => {
    const res = await docs(['--help'], { env: { HOME: home } });
    expect(res.stdout).toMatch(/^SHELL COMPLETION\n {2}docs autocomplete \[bash\|zsh\|powershell\]/m);
    const help = await docs(['autocomplete', '--help'], { env: { HOME: home } });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('(zsh|bash|powershell) Shell type');
  });

  it('powershell is offered too; an unknown shell is a usage error', async () => {
    const ps = await docs(['autocomplete', 'powershell'], { env: { HOME: home }, timeoutMs: 60_000 });
    expect(ps.code, ps.stderr).toBe(0);
    const text = readFileSync(join(cache(), 'functions', 'powershell', 'docs.ps1'), 'utf8');
    expect(text).toContain('"emulator" = @{');
    expect(text).toContain('"share-key"');
    const res = await docs(['autocomplete', 'fish'], { env: { HOME: home } });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Expected fish to be one of: zsh, bash, powershell');
  });
});
