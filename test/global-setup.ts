import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * End-to-end tests run the built CLI (bin/run.js loads dist/). Rebuild once before the run when
 * dist/ is missing or older than anything the build reads: src/, the build scripts in bin/ (the bundler and the
 * help and manifest steps), package.json and package-lock.json (a dependency bundled into dist/bin changed), so
 * `npm test` works on a fresh checkout too.
 */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const root = join(import.meta.dirname, '..');
  const marker = join(root, 'oclif.manifest.json');
  const built = existsSync(join(root, 'dist', 'index.js')) && existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const inputs = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'bin')),
    ...['package.json', 'package-lock.json', 'tsconfig.build.json'].map((file) =>
      existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0,
    ),
  );
  if (built >= inputs) return;
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}
