/**
 * Every benchmark, one after the other: `npm run bench` (build first: `npm run build`).
 * Each prints its own numbers and ratios; see the header comment of each file for what it measures.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const benches = ['emulator-throughput.ts', 'cli.ts', 'scale.ts'];
let failed = false;
for (const file of benches) {
  console.log(`\n== bench/${file}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))], { stdio: 'inherit' });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
