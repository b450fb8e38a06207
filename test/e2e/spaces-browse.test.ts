import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, docs, ensureBuilt, ROOT, tempDir } from '../helpers/e2e.js';

/** `docs spaces browse` outside a terminal, and what it loads. The view itself: test/ui/space-browser.test.tsx. */

beforeAll(() => ensureBuilt());
afterAll(() => cleanup());

describe('docs spaces browse', () => {
  it('without a terminal exits 2 naming the non-interactive commands, before any request', async () => {
    // Nothing listens on port 9: a request would fail with a network error (exit 7), not a usage error.
    const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: 'demo-admin-token', DOCS_API_URL: 'http://127.0.0.1:9' };
    for (const args of [['spaces', 'browse'], ['spaces', 'browse', 'space_guides', '--cr', '1']]) {
      const res = await docs(args, { env });
      expect(res.code).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr).toContain('`docs spaces browse` is interactive and needs a terminal');
      expect(res.stderr).toContain('`docs spaces pages`');
      expect(res.stderr).not.toMatch(/\bat .+\.js:\d+/);
    }
  });

  it('loads the view, ink and the markdown renderer only when it runs', () => {
    const command = readFileSync(join(ROOT, 'dist', 'commands', 'spaces', 'browse.js'), 'utf8');
    const staticImports = [...command.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(staticImports.length).toBeGreaterThan(0);
    for (const name of staticImports) expect(name).not.toMatch(/^(ink|react|@inkjs\/ui|marked|marked-terminal)$|\/ui\//);
    expect(command).toContain("await import('../../ui/space-browser/index.js')");
    const view = readFileSync(join(ROOT, 'dist', 'ui', 'space-browser', 'screens', 'PageView.js'), 'utf8');
    expect(view).not.toMatch(/from 'marked/);
  });
});
