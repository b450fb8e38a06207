#!/usr/bin/env node
import module from 'node:module';
import { arch, homedir, release } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// node:fs through require(): an ES import reads every export of the module, and its `promises` loads fs/promises,
// readline and ~30 of Node.js's modules that a command does not need (3–7 ms on Node.js 22 and 24).
const { existsSync, readFileSync } = module.createRequire(import.meta.url)('node:fs');

// The emulator stores its data with node:sqlite where Node.js has it (src/emulator/store/sqlite.ts), and
// Node.js 22 announces that module with a one-line ExperimentalWarning on stderr. In the CLI's own process
// that warning alone is dropped: `docs emulator start` prints only its URL and tokens. Every other warning,
// and the same one in a program that uses the emulator as a library, is printed as usual.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  const text = typeof warning === 'string' ? warning : warning?.message;
  if (type === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(text ?? '')) return;
  return emitWarning.call(process, warning, ...rest);
};

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);

/**
 * `docs --version`, `docs --help` and a topic's help (`docs cr --help`, `docs sites spaces`) are printed here,
 * without loading the CLI: the same text oclif prints. The version is oclif's user agent; the help is the text
 * the build prepared (bin/prepare-help.js, dist/help/) for the width oclif would wrap it to. Anything these
 * cannot tell for certain (WSL, a theme, colour, a width or user agent the text was not prepared for) goes to
 * oclif. Returns whether it printed.
 */
function printedWithoutOclif() {
  if (argv[0] === '--version') {
    const agent = userAgent();
    if (agent === undefined) return false;
    process.stdout.write(`${agent}\n`);
    return true;
  }
  const words = argv.filter((arg) => arg !== '--help' && arg !== '-h');
  if (!words.every((word) => /^[a-z0-9][a-z0-9-]*$/.test(word))) return false;
  // `docs`, `docs --help`, `docs cr`, `docs cr --help`, `docs -h sites spaces`: oclif shows the root's or the topic's
  // help for each (a topic that is also a command has no prepared help: it runs).
  const text = preparedHelp(words);
  if (text === undefined) return false;
  process.stdout.write(text);
  return true;
}

/** oclif's `config.userAgent`; undefined on Linux when it may be WSL, which oclif names `wsl` (is-wsl decides). */
function userAgent() {
  if (process.platform === 'linux' && mayBeWsl()) return undefined;
  const pjson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return `${pjson.name}/${pjson.version || '0.0.0'} ${process.platform}-${arch() === 'ia32' ? 'x86' : arch()} node-${process.version}`;
}

function mayBeWsl() {
  if (release().toLowerCase().includes('microsoft')) return true;
  try {
    if (readFileSync('/proc/version', 'utf8').toLowerCase().includes('microsoft')) return true;
  } catch {
    // No /proc: is-wsl goes on to the paths below too.
  }
  return existsSync('/proc/sys/fs/binfmt_misc/WSLInterop') || existsSync('/run/WSL');
}

/** The prepared help of `docs <words> --help` as oclif would print it here, or undefined when oclif must print it. */
function preparedHelp(words) {
  // Colour: oclif makes headings bold where supports-color finds colour on both stdout and stderr and ansis (which
  // makes them bold) finds it too; the build prepared each text plain and with bold headings. FORCE_COLOR is left to
  // oclif (it may ask for more than a terminal would get).
  if ('FORCE_COLOR' in process.env) return undefined;
  // isTTY is undefined, not false, where a stream is not a terminal.
  const bold = process.stdout.isTTY === true && process.stderr.isTTY === true ? boldHeadings() : false;
  if (bold === undefined) return undefined;
  // A theme (theme.json in oclif's config directory) colours help too. Windows has its own directories.
  if (process.platform === 'win32') return undefined;
  const home = process.env.HOME || homedir();
  const configDir = process.env.DOCS_CONFIG_DIR || join(process.env.XDG_CONFIG_HOME || join(home, '.config'), 'docs-cli');
  if (existsSync(join(configDir, 'theme.json'))) return undefined;
  let prepared;
  try {
    prepared = JSON.parse(
      readFileSync(join(ROOT, 'dist', 'help', words.length === 0 ? 'root.json' : `topic ${words.join(' ')}.json`), 'utf8'),
    );
  } catch {
    return undefined; // not a topic (a command, or unknown), or a build without prepared help
  }
  const width = terminalWidth();
  const variant = (bold ? prepared.bold : prepared.variants)?.findLast(([from]) => from <= width);
  if (!variant) return undefined;
  if (!variant[1].includes(prepared.userAgent)) return variant[1];
  // The root help shows the user agent on a line of its own, wrapped to the width less its indent of 2.
  const agent = userAgent();
  if (agent === undefined || agent.length > width - 2) return undefined;
  return variant[1].split(prepared.userAgent).join(agent);
}

/**
 * Whether oclif would print help headings bold here, asked of the very modules it asks (supports-color and ansis, as
 * @oclif/core resolves them); undefined where they cannot be loaded.
 */
function boldHeadings() {
  try {
    const fromOclif = module.createRequire(module.createRequire(import.meta.url).resolve('@oclif/core/package.json'));
    const supportsColor = fromOclif('supports-color');
    const ansis = fromOclif('ansis');
    const wanted = Boolean(supportsColor.stdout) && Boolean(supportsColor.stderr);
    return wanted && ansis.bold('x') === '\u001B[1mx\u001B[22m';
  } catch {
    return undefined;
  }
}

/** The width oclif wraps help to (@oclif/core's screen.js). */
function terminalWidth() {
  const columns = Number.parseInt(process.env.OCLIF_COLUMNS, 10) || globalThis.oclif?.columns;
  if (columns) return columns;
  if (!process.stdout.isTTY) return 80;
  const [width] = process.stdout.getWindowSize();
  return width < 1 ? 80 : Math.max(width, 40);
}

if (!printedWithoutOclif()) await start();

async function start() {
  // Node.js 22.1 and later keep V8's compiled code of the modules it loads on disk (module.enableCompileCache(), as
  // Node.js documents it), so a start after the first one skips compiling the bundle and its vendor scripts. It lives
  // in the user's cache directory; Node.js keeps one per Node.js version and file content, so an upgrade never reads
  // a stale one, and runs without it where it cannot be written. NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node.js
  // reads it itself), and the code cache of undici beside it too. Node.js 20 has no compile cache: it compiles the
  // bundle at every start, but for undici.
  if (process.env.NODE_DISABLE_COMPILE_CACHE !== '1') {
    const cacheHome =
      process.platform === 'win32'
        ? (process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'))
        : process.platform === 'darwin'
          ? join(homedir(), 'Library', 'Caches')
          : process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
    module.enableCompileCache?.(join(cacheHome, 'docs-cli', 'compile-cache'));
    // undici's code cache, which holds the functions compiled as it ran (src/cli/vendor.ts), on every Node.js.
    globalThis.docsCodeCache = join(cacheHome, 'docs-cli', 'code-cache');
  }
  // A command parses one or two answers, and zod's JIT compiles a parser (new Function) for each object schema on
  // its first parse: that costs more than it saves here (3.4 ms → 1.5 ms for one space). Set before anything
  // loads zod: a command's flags build schemas as its module loads (their bounds are in the help). zod keeps its
  // settings in this global (bin/bundle.js checks that it still does). The emulator's server keeps the JIT: it
  // parses every request for as long as it runs.
  if (!(argv[0] === 'emulator:start' || (argv[0] === 'emulator' && argv[1] === 'start')))
    globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
  // The CLI runs from a bundle (dist/bin, see bin/bundle.js); its source maps cost start-up time, so
  // stack traces are mapped back to src/ only when --debug asks for them.
  if (argv.includes('--debug')) process.setSourceMapsEnabled(true);
  // The CLI runs from its bundle, never from TypeScript sources: oclif's search for them (under NODE_ENV test or
  // development) would only print a warning, as it does on Node.js 22 and 24.
  globalThis.oclif = { ...globalThis.oclif, enableAutoTranspile: false };

  const { commandManifest, runsCommand } = await import('./manifest.js');

  // An interactive view takes the terminal before anything else loads: its first frame is drawn at once,
  // and the keys typed while the CLI starts are kept for it instead of being echoed (src/ui/terminal.ts).
  const first = argv[0] ?? '';
  // stdout first: reading process.stdin opens it (~1 ms), which a command whose output is piped never needs.
  if (process.stdout.isTTY && process.stdin.isTTY && (first.startsWith('cr') || first.startsWith('spaces'))) {
    const { openEarly } = await import('../dist/bin/terminal.mjs');
    openEarly(runsCommand(ROOT, argv), argv);
  }

  // oclif loads the manifest of every command; a run of one command needs only that command's part of it
  // (prepared by the build, see bin/manifest.js), which the bundle's oclif reads from here.
  const manifest = commandManifest(ROOT, argv);
  if (manifest) globalThis.docsCommandManifest = manifest;

  const { execute } = await import('../dist/bin/main.mjs');
  // Shell completion is oclif's plugin-autocomplete. Loading a plugin costs every command 10–20 ms of
  // start-up (finding its root, reading its manifest), so it is loaded only for its own commands.
  const completion = first === 'autocomplete' || (first === 'help' && argv[1] === 'autocomplete');
  await execute(
    completion ? { loadOptions: { root: ROOT, pluginAdditions: { core: ['@oclif/plugin-autocomplete'] } } } : { dir: import.meta.url },
  );
}
