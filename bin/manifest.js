import module from 'node:module';
import { join } from 'node:path';

// Through require(), as in bin/run.js: an ES import of node:fs loads fs/promises.
const { readFileSync } = module.createRequire(import.meta.url)('node:fs');

/**
 * The manifest oclif should load to run `docs <argv>`: the path of the one command's own part of the manifest
 * (dist/manifest/, written by bin/split-manifest.js), or undefined for oclif's whole manifest. The whole
 * one is for whatever needs every command: the help (a help flag before `--`, no argv), a topic, an unknown
 * command, a command that reads the others (`help`, `mcp`), or a build without dist/manifest.
 */
export function commandManifest(root, argv) {
  if (argv.length === 0) return undefined;
  const index = manifestIndex(root);
  if (!index) return undefined;
  for (const arg of argv) {
    if (arg === '--') break;
    if (index.helpFlags.includes(arg)) return undefined;
  }
  const id = commandId(argv, index.commands);
  const command = Object.hasOwn(index.commands, id) ? index.commands[id] : undefined;
  if (!command || command.whole) return undefined;
  return join(root, 'dist', 'manifest', fileOf(command.of ?? id));
}

/**
 * The id of the command `docs <argv>` runs (an alias as the command it stands for), or undefined when argv names
 * none (a topic, an unknown word, nothing) or the build has no dist/manifest. bin/run.js hands it to the views'
 * early start (src/ui/terminal.ts).
 */
export function runsCommand(root, argv) {
  const index = manifestIndex(root);
  const id = index && commandId(argv, index.commands);
  if (id === undefined || !Object.hasOwn(index.commands, id)) return undefined;
  return index.commands[id].of ?? id;
}

const indexes = new Map();

/** dist/manifest/index.json of the build at `root`, read once; undefined without one. */
function manifestIndex(root) {
  if (!indexes.has(root)) {
    let index;
    try {
      index = JSON.parse(readFileSync(join(root, 'dist', 'manifest', 'index.json'), 'utf8'));
    } catch {
      index = undefined;
    }
    indexes.set(root, index);
  }
  return indexes.get(root);
}

/** The file of a command's part of the manifest: its id's words (a colon cannot be in a file name on Windows). */
export function fileOf(id) {
  return `${id.split(':').join(' ')}.json`;
}

/**
 * The command id oclif reads from argv (@oclif/core's normalizeArgv with a topic separator of ' '): `spaces get x`
 * is `spaces:get`, a first word with a colon is the id as it is. Words are taken while they make a command id or a
 * topic; a word that does not is taken too (making an unknown id), unless it is a flag, has an `=`, or the id so
 * far is a command that takes arguments. `commands`: every id and alias, with whether its command takes arguments.
 */
export function commandId(argv, commands) {
  if (argv.length === 0) return undefined;
  if (argv[0].includes(':') || argv.length === 1) return argv[0];
  const usable = new Set(Object.keys(commands).flatMap((id) => id.split(':').map((_, i, words) => words.slice(0, i + 1).join(':'))));
  const taken = [];
  const idWith = (word) => (word ? [...taken, word] : taken).filter(Boolean).join(':');
  for (const arg of argv) {
    if (usable.has(idWith(arg))) taken.push(arg);
    else if (arg.includes('=') || arg.startsWith('-') || (Object.hasOwn(commands, idWith()) && commands[idWith()].args)) break;
    else taken.push(arg);
  }
  return idWith() || argv[0];
}
