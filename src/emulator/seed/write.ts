import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { SeedFile } from './export.js';

/** Pulled from a service: no token is ever copied, so each user gets a fresh one, and the file says so at its top. */
export function withFreshTokens(seed: SeedFile, source: string): SeedFile {
  for (const user of seed.users) user.tokens = [`seed-${randomBytes(12).toString('hex')}`];
  return {
    $comment: `Pulled from ${source} by docs emulator seed pull. No token or secret was copied: every user has a fresh token made for this file, printed when the emulator starts.`,
    users: seed.users,
    organizations: seed.organizations,
  };
}

/** The seed as JSON, to a file or stdout. */
export function writeSeed(seed: SeedFile, output: string | undefined): void {
  const text = `${JSON.stringify(seed, null, 2)}\n`;
  if (output === undefined || output === '-') process.stdout.write(text);
  else writeFileSync(output, text);
}
