import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { tempDir, type RunningEmulator } from './e2e.js';

/**
 * The environment most end-to-end tests run the CLI in: a fresh profile directory, a token (the
 * demo admin's by default) and the emulator's URL. The demo admin administers two organizations,
 * so org-scoped commands would ask which one: `org` (the demo organization unless `null`) is
 * written as the profile's default, as `docs config set org` would.
 */
export function demoEnv(emulator: RunningEmulator, options: { token?: string; org?: string | null } = {}): Record<string, string> {
  const dir = tempDir();
  const org = options.org === undefined ? DEMO.org : options.org;
  if (org !== null) writeFileSync(join(dir, 'config.json'), `${JSON.stringify({ profiles: { default: { org } } })}\n`, { mode: 0o600 });
  return { DOCS_CONFIG_DIR: dir, DOCS_TOKEN: options.token ?? emulator.tokens.admin!, DOCS_API_URL: emulator.url };
}
