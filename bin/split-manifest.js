#!/usr/bin/env node
/**
 * Writes dist/manifest/ (run by `npm run build`, after `oclif manifest`): each command's own part of
 * oclif.manifest.json, and an index of every command id, so that bin/run.js can have oclif load only the command
 * it runs (bin/manifest.js). oclif's whole manifest is ~650 kB of flags and examples of ~150 commands; parsing it
 * and indexing every command was 8–15 ms of each command's start.
 *
 * dist/manifest/index.json holds what bin/manifest.js needs to find the command in argv as oclif does (every id
 * and alias, and whether the command takes arguments), the help flags (which always get the whole manifest) and the
 * manifest's version. dist/manifest/<id's words>.json (`spaces get.json`: a colon cannot be in a file name on Windows)
 * is oclif's manifest with that one command in it, entry for entry.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileOf } from './manifest.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist', 'manifest');

// Commands that read other commands while they run, and so need oclif's whole manifest: the help, and
// `docs mcp`, which describes its tools by their topics. (test/e2e/manifest-prepared.test.ts fails when a
// command's source reads the command list or the topics and is not named here.)
const WHOLE = ['help', 'mcp'];

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8'));
const pjson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT);
const commands = {};
for (const [id, command] of Object.entries(manifest.commands)) {
  if (!/^[a-z0-9][a-z0-9-]*(:[a-z0-9][a-z0-9-]*)*$/.test(id)) throw new Error(`command ${id}: bin/manifest.js takes only [a-z0-9-] in ids`);
  // oclif's test for "this command takes arguments" when it reads a command id from argv (help/util.js).
  const args = command.strict === false || Object.keys(command.args ?? {}).length > 0;
  const whole = WHOLE.includes(id);
  commands[id] = { args, ...(whole ? { whole } : {}) };
  // An alias is an id of its own in oclif's list, run from its command's part of the manifest.
  for (const alias of [...(command.aliases ?? []), ...(command.hiddenAliases ?? [])]) commands[alias] = { ...commands[id], of: id };
  if (fileOf(id) === 'index.json') throw new Error('a command named index would overwrite dist/manifest/index.json');
  if (!whole) writeFileSync(join(OUT, fileOf(id)), JSON.stringify({ commands: { [id]: command }, version: manifest.version }));
}
const helpFlags = [...new Set([...(pjson.oclif.additionalHelpFlags ?? []), '--help'])];
if (pjson.oclif.topicSeparator !== ' ') throw new Error('bin/manifest.js reads ids separated by spaces: review bin/split-manifest.js');
writeFileSync(join(OUT, 'index.json'), JSON.stringify({ version: manifest.version, helpFlags, commands }));
