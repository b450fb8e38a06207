#!/usr/bin/env node
/**
 * Bundles the CLI into dist/bin/ (run by `npm run build`, after tsc, before `oclif manifest`).
 *
 * Start-up time is mostly module loading: @oclif/core alone is ~170 CommonJS files, a request adds zod,
 * undici and the client. Every command file under src/commands is an entry point of one ESM bundle with
 * code splitting, so a command loads its own file and the few shared chunks it needs instead of
 * hundreds of files, and a new command file needs no registration (oclif still finds commands by
 * their path, through the manifest). @oclif/core, zod and undici are bundled (oclif and undici as scripts of
 * their own, dist/bin/vendor/, see below); every other dependency stays a plain import of node_modules, so that
 * ink, react, better-sqlite3 and the rest load only where a command imports them (and a test can see that
 * they do not).
 * Source maps are written next to the files; bin/run.js turns them on for --debug only.
 */
import { build } from 'esbuild';
import { readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NARROW_TEXT } from './narrow-text.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The dependency patches below, by name. bench/patches.ts builds the bundle once without each, to measure what each
 * saves: DOCS_BUNDLE_WITHOUT names the patches to leave out (comma-separated), DOCS_BUNDLE_OUT the folder to write
 * to instead of dist/bin. Nothing else reads them; unset, the build is the one `npm run build` makes. bench/README.md
 * ("Dependency patches") lists each with what makes the build fail, the test that fails without it and its gain.
 */
const PATCHES = [
  'oclif-lazy-requires',
  'undici-lazy-h2',
  'oclif-node-check',
  'oclif-debug',
  'oclif-wsl',
  'oclif-read-json',
  'oclif-sort',
  'oclif-manifest-path',
  'yoga-fetch',
  'string-width-narrow',
];
const WITHOUT = new Set((process.env.DOCS_BUNDLE_WITHOUT ?? '').split(',').filter(Boolean));
for (const name of WITHOUT)
  if (!PATCHES.includes(name)) throw new Error(`DOCS_BUNDLE_WITHOUT: no patch named ${name} (${PATCHES.join(', ')})`);
const applies = (name) => !WITHOUT.has(name);
const OUT = process.env.DOCS_BUNDLE_OUT ? resolve(process.env.DOCS_BUNDLE_OUT) : join(ROOT, 'dist', 'bin');
// ink, react and @inkjs/ui are bundled too, in production mode (see `define` below): loaded from node_modules
// they took 380–500 ms of an interactive view's start, as one minified chunk 100–130 ms. They load only
// where a command imports a view.
// The views' own text helpers (string-width, wrap-ansi) and diff come with them. React's scheduler must be
// bundled too: the input layer (src/ui/input.ts) waits on the very scheduler instance React renders with.
const BUNDLED = new Set(['@oclif/core', 'zod', 'undici', 'ink', 'react', '@inkjs/ui', 'scheduler', 'string-width', 'wrap-ansi', 'diff']);
// Optional or native modules that bundled code may name but never needs on this path.
const NEVER = new Set(['typescript', 'ts-node', 'better-sqlite3', 'react-devtools-core']);

function commandFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return commandFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * @oclif/core requires every one of its ~170 modules at import (index.js requires the command, which requires
 * the config, the help, the parser, the plugin loader, ...), though a command runs with a part of them; it was
 * most of a command's start-up. Its modules' top-level requires are made lazy: `const x_1 = require("./x")`
 * becomes a stand-in that requires ./x the first time it is used (a property read, a call, `new`), and forwards
 * to it from then on. A module still loads as soon as anything uses it (a class extending one of its exports
 * loads it when the class is defined), only no earlier. The stand-in is an arrow function, so that a package
 * that is itself a function can be called through it; its `typeof` is 'function' where it was 'object', which
 * @oclif/core does not look at (tsc's __importDefault reads `__esModule`, through the stand-in).
 *
 * A source change of @oclif/core, so it is held to the rules of every dependency patch: the build fails where it no
 * longer applies (fewer than LAZY_AT_LEAST requires rewritten, or one of LAZY_KEY's modules left eager: tsc's output
 * changed); test/e2e/startup.test.ts shows its effect (a request loads no node:child_process, fs/promises, readline
 * or is-wsl: oclif's modules that load them are never used); bench/README.md ("Dependency patches") gives its gain.
 */
const LAZY_HELPER =
  'var __docsLazy = (load) => { let m; const get = () => (m ??= load()); return new Proxy(() => {}, { ' +
  'get: (_, k) => get()[k], has: (_, k) => k in get(), set: (_, k, v) => ((get()[k] = v), true), ' +
  'apply: (_, self, args) => Reflect.apply(get(), self, args), construct: (_, args) => Reflect.construct(get(), args), ' +
  'ownKeys: () => Reflect.ownKeys(get()), ' +
  'getOwnPropertyDescriptor: (_, k) => { const d = Reflect.getOwnPropertyDescriptor(get(), k); return d && { ...d, configurable: true }; } }); };\n';
// Either quotes: the few requires written by hand in @oclif/core use single ones (module-loader's get-package-type,
// five modules that decide how to load a .js command file, never an .mjs one).
const topLevelRequire =
  /^(const|var) (\w+) = ((?:__importDefault|__importStar)\(require\("[^"]+"\)\)|require\("[^"]+"\)|require\('[^']+'\));$/gm;
const exportedRequire = /^exports\.(\w+) = (__importStar\(require\("\.{1,2}\/[^"]+"\)\));$/gm;
const lazyMade = { requires: 0, modules: new Set() };
function lazyRequires(source, rel) {
  const lazy = source
    .replace(topLevelRequire, (_, kind, name, value) => (lazyMade.requires++, `${kind} ${name} = __docsLazy(() => ${value});`))
    .replace(exportedRequire, (_, name, value) => (lazyMade.requires++, `exports.${name} = __docsLazy(() => ${value});`));
  if (lazy === source) return source;
  lazyMade.modules.add(rel);
  return LAZY_HELPER + lazy;
}
// Counted on @oclif/core 4.8: 276 requires. Far fewer means its compiled form no longer matches.
const LAZY_AT_LEAST = 250;
const LAZY_KEY = ['index.js', 'command.js', 'config/config.js', 'config/plugin.js', 'help/index.js', 'util/os.js'];

/** Bare imports from our own code stay external unless listed in BUNDLED; node_modules code is bundled whole. */
const externals = {
  name: 'externals',
  setup(b) {
    // An ES import of a Node.js module reads every export of it, getters included. On Node.js 22 and 24, node:http's
    // WebSocket, CloseEvent and MessageEvent load Node.js's own copy of undici (the one behind fetch): 50–150 ms of
    // a request's start-up on Node.js 24, for STATUS_CODES. node:fs's `promises` loads fs/promises, and with it
    // readline and the REPL's history (~30 of Node.js's modules, 3–7 ms on Node.js 22 and 24). Our sources' imports
    // of these modules take them through require(), which reads only the names listed here; an import of a name
    // not listed fails the build.
    const throughRequire = {
      http: 'STATUS_CODES, METHODS, Agent, ClientRequest, IncomingMessage, OutgoingMessage, Server, ServerResponse, createServer, get, globalAgent, request, validateHeaderName, validateHeaderValue',
      // node:buffer's File and Blob are getters that load Node.js's internal/file.
      buffer: 'isUtf8',
      fs: 'chmodSync, closeSync, constants, createWriteStream, existsSync, fchmodSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync',
    };
    b.onResolve({ filter: /^(node:)?(http|fs|buffer)$/ }, (args) =>
      args.importer.includes(`${'/'}node_modules${'/'}`)
        ? { external: true }
        : { path: `node:${args.path.replace(/^node:/, '')}`, namespace: 'docs-node-require' },
    );
    b.onLoad({ filter: /.*/, namespace: 'docs-node-require' }, (args) => ({
      contents: [
        "import { createRequire } from 'node:module';",
        `const builtin = createRequire(import.meta.url)(${JSON.stringify(args.path)});`,
        'export default builtin;',
        `export const { ${throughRequire[args.path.slice('node:'.length)]} } = builtin;`,
      ].join('\n'),
      loader: 'js',
      resolveDir: ROOT,
    }));
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = packageName(args.path);
      if (NEVER.has(name)) return { external: true };
      const fromPackage = args.importer.includes(`${'/'}node_modules${'/'}`);
      if (!fromPackage && !BUNDLED.has(name)) return { external: true };
      return undefined;
    });
    const corePatches = {
      // At import, @oclif/core checks the Node.js version against its own package.json's engines with semver.
      // Bundled, that package.json is not next to it (the check fails silently), and npm checks our engines at
      // install; the call would only evaluate semver's ~50 modules at every start.
      // Its loggers are the `debug` package's, which logs nothing unless DEBUG names what to log (nothing here
      // calls debug.enable()); without DEBUG, a logger that does nothing is the same, and `debug` (with node:tty
      // and node:net) is not loaded for it.
      'logger.js': (source) => {
        const make = 'const debug = (0, debug_1.default)(namespace);';
        if (!source.includes(make)) throw new Error('@oclif/core no longer makes its loggers with debug: review bin/bundle.js');
        return source.replace(make, 'const debug = process.env.DEBUG ? (0, debug_1.default)(namespace) : () => {};');
      },
      // oclif names the platform `wsl` where is-wsl says so, reading is-wsl through wsl-utils, whose own imports
      // (node:child_process, PowerShell helpers) cost every start 5–15 ms; is-wsl is imported directly, the
      // same module wsl-utils re-exports (checked below). The Windows shell lookup still imports wsl-utils.
      'util/os.js': (source) => {
        const platform = "return (await import('wsl-utils')).isWsl ? 'wsl'";
        if (!source.includes(platform)) throw new Error('@oclif/core no longer finds WSL through wsl-utils: review bin/bundle.js');
        const fromOclif = createRequire(join(ROOT, 'node_modules', '@oclif', 'core', 'package.json')).resolve('is-wsl');
        const fromWslUtils = createRequire(
          createRequire(join(ROOT, 'node_modules', '@oclif', 'core', 'package.json')).resolve('wsl-utils'),
        ).resolve('is-wsl');
        if (fromOclif !== fromWslUtils) throw new Error('wsl-utils uses another is-wsl than @oclif/core would: review bin/bundle.js');
        // Importing is-wsl (a module of its own, with is-inside-container and is-docker) cost 7–10 ms more: its ESM
        // import of node:process reads every property of process, stdin included. It is imported only where WSL is
        // possible at all: is-wsl 3.1 answers true only on Linux where the kernel's release or /proc/version names
        // Microsoft or a WSL path exists, which is what is checked first, synchronously (bin/run.js checks the same
        // for `docs --version`).
        const isWslVersion = JSON.parse(readFileSync(join(dirname(fromOclif), 'package.json'), 'utf8')).version;
        if (isWslVersion !== '3.1.1') throw new Error(`is-wsl is now ${isWslVersion}: review the WSL check in bin/bundle.js`);
        const mayBeWsl = [
          "(0, node_os_1.platform)() === 'linux'",
          "(require('node:os').release().toLowerCase().includes('microsoft') || (() => { try { return require('node:fs').readFileSync('/proc/version', 'utf8').toLowerCase().includes('microsoft'); } catch { return false; } })() || require('node:fs').existsSync('/proc/sys/fs/binfmt_misc/WSLInterop') || require('node:fs').existsSync('/run/WSL'))",
        ].join(' && ');
        return source.replace(platform, `return ${mayBeWsl} && (await import('is-wsl')).default ? 'wsl'`);
      },
      // oclif reads package.json, its manifest and the theme (which is usually absent) with fs.promises.readFile:
      // an open, a stat, reads and a close, each a round trip to libuv's thread pool, ~2 ms a file at start-up with
      // nothing else to do meanwhile. Read at once, they take a tenth of that; the result and the errors are the same.
      'util/fs.js': (source) => {
        const read = "const contents = await (0, promises_1.readFile)(path, 'utf8');";
        if (!source.includes(read)) throw new Error('@oclif/core no longer reads JSON files with readFile: review bin/bundle.js');
        return source.replace(read, "const contents = require('node:fs').readFileSync(path, 'utf8');");
      },
      // Two patches of the plugin loader:
      // - a plugin sorts its commands with localeCompare, whose first call builds ICU's collator: 6–8 ms of every
      //   command's start-up, for ids of lower-case letters, digits, `-` and `:`. Compared by code point they sort
      //   the same wherever `:` and a digit do not meet at the same place (test/e2e/startup.test.ts checks every id
      //   of the manifest);
      // - the root plugin reads the manifest bin/run.js names, where it names one: the part of it for the one
      //   command it runs (bin/manifest.js), instead of every command's.
      'config/plugin.js': (source) => {
        const sort = '.sort((a, b) => a.id.localeCompare(b.id));';
        if (!source.includes(sort)) throw new Error('@oclif/core no longer sorts commands with localeCompare: review bin/bundle.js');
        const manifestPath = "const p = (0, node_path_1.join)(this.root, `${dotfile ? '.' : ''}oclif.manifest.json`);";
        if (!source.includes(manifestPath)) throw new Error('@oclif/core no longer reads oclif.manifest.json there: review bin/bundle.js');
        return source
          .replace(sort, applies('oclif-sort') ? '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));' : sort)
          .replace(
            manifestPath,
            applies('oclif-manifest-path')
              ? `const p = (this.isRoot && !dotfile && globalThis.docsCommandManifest) || ${manifestPath.slice('const p = '.length)}`
              : manifestPath,
          );
      },
      'index.js': (source) => {
        if (!source.includes('\ncheckNodeVersion();'))
          throw new Error('@oclif/core no longer calls checkNodeVersion() at import: review bin/bundle.js');
        return source.replace('\ncheckNodeVersion();', '\n');
      },
    };
    // Each file's patch by name (config/plugin.js has two, named where they are made).
    const corePatchNames = {
      'logger.js': 'oclif-debug',
      'util/os.js': 'oclif-wsl',
      'util/fs.js': 'oclif-read-json',
      'index.js': 'oclif-node-check',
    };
    b.onLoad({ filter: /@oclif[\\/]core[\\/]lib[\\/].*\.js$/ }, (args) => {
      let source = readFileSync(args.path, 'utf8');
      const rel = relative(realpathSync(join(ROOT, 'node_modules', '@oclif', 'core', 'lib')), args.path)
        .split('\\')
        .join('/');
      if (corePatches[rel] && (!corePatchNames[rel] || applies(corePatchNames[rel]))) source = corePatches[rel](source);
      return { contents: applies('oclif-lazy-requires') ? lazyRequires(source, rel) : source, loader: 'js' };
    });
    // undici's client requires its HTTP/2 module at import, and with it node:http2, node:tls and node:crypto (~40 of
    // Node.js's own modules); it is needed only once a connection has negotiated HTTP/2, which the transport never
    // asks for, so it is required then. The one source patch of undici: the build fails where it no longer applies,
    // test/e2e/startup.test.ts checks that a request loads no node:http2, and bench/README.md ("Dependency patches")
    // gives what it saves.
    const undiciPatches = {
      'dispatcher/client.js': [
        ["const connectH2 = require('./client-h2.js')", "const connectH2 = (...a) => require('./client-h2.js')(...a)"],
      ],
    };
    const undiciPatched = new Set();
    b.onLoad({ filter: /undici[\\/]lib[\\/].*\.js$/ }, (args) => {
      let source = readFileSync(args.path, 'utf8');
      const rel = relative(realpathSync(join(ROOT, 'node_modules', 'undici', 'lib')), args.path)
        .split('\\')
        .join('/');
      for (const [from, to] of applies('undici-lazy-h2') ? (undiciPatches[rel] ?? []) : []) {
        if (source.split(from).length !== 2)
          throw new Error(`undici's ${rel} changed (${JSON.stringify(from.slice(0, 60))}): review bin/bundle.js`);
        source = source.replace(from, to);
        undiciPatched.add(rel);
      }
      return { contents: source, loader: 'js' };
    });
    b.onEnd((result) => {
      if (b.initialOptions.format !== 'cjs' || result.errors.length > 0 || !applies('oclif-lazy-requires')) return;
      const eager = LAZY_KEY.filter((rel) => !lazyMade.modules.has(rel));
      if (lazyMade.requires < LAZY_AT_LEAST || eager.length > 0)
        throw new Error(
          `@oclif/core: ${lazyMade.requires} requires made lazy (at least ${LAZY_AT_LEAST} expected)${eager.length ? `, none in ${eager.join(', ')}` : ''}: review lazyRequires in bin/bundle.js`,
        );
    });
    b.onEnd((result) => {
      // Only the vendor build bundles undici.
      if (
        applies('undici-lazy-h2') &&
        b.initialOptions.format === 'cjs' &&
        result.errors.length === 0 &&
        undiciPatched.size !== Object.keys(undiciPatches).length
      )
        throw new Error(
          `undici: ${undiciPatched.size} of its ${Object.keys(undiciPatches).length} patched files were bundled: review bin/bundle.js`,
        );
    });
    // Ink's layout engine (yoga-layout) embeds its WebAssembly as a data: URL and, where `fetch` exists,
    // reads it through fetch: on Node that loads Node's own copy of undici and its web streams (40–60 ms of
    // an interactive view's start) to decode a string it has in hand. Without fetch it decodes the base64
    // itself, which is what its code does on runtimes without fetch.
    const yogaFetch = '"function"!=typeof fetch';
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (source.split(yogaFetch).length !== 3)
        throw new Error('yoga-layout no longer loads its wasm through fetch twice: review bin/bundle.js');
      return { contents: applies('yoga-fetch') ? source.replaceAll(yogaFetch, 'true') : source, loader: 'js' };
    });
    // string-width's first check is a text of narrow characters (bin/narrow-text.js), in each copy the views bundle
    // (8, Ink's and ours; 7, wrap-ansi's): the views' first screen then measures its rows without the grapheme
    // segmenter and the emoji expressions, 20–30 ms of a new process. Only with narrow ambiguous characters, the
    // default (nothing here asks otherwise). oclif's copy (4, its help) is left as it is.
    const narrowFirst = `if (ambiguousIsNarrow && ${NARROW_TEXT}.test(string)) {\n\t\treturn string.length;\n\t}\n\n\t`;
    const stringWidthPatches = [
      // 8: after its own check for printable ASCII.
      ['if (/^[\\u0020-\\u007E]*$/.test(string)) {\n\t\treturn string.length;\n\t}\n\n\t', (from) => from + narrowFirst],
      // 7: before it segments the text.
      ['\tlet width = 0;\n\tconst eastAsianWidthOptions', (from) => `\t${narrowFirst}${from.slice(1)}`],
    ];
    let stringWidthsPatched = 0;
    b.onLoad({ filter: /[\\/]string-width[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (source.includes('isFullwidthCodePoint') || !applies('string-width-narrow')) return { contents: source, loader: 'js' };
      const patch = stringWidthPatches.find(([from]) => source.split(from).length === 2);
      if (!patch || !source.includes('ambiguousIsNarrow = true'))
        throw new Error(`string-width changed (${relative(ROOT, args.path)}): review its patch in bin/bundle.js`);
      stringWidthsPatched += 1;
      return { contents: source.replace(patch[0], patch[1]), loader: 'js' };
    });
    b.onEnd((result) => {
      // The vendor scripts (oclif, undici) have none; the bundle has the views'.
      if (applies('string-width-narrow') && b.initialOptions.format === 'esm' && result.errors.length === 0 && stringWidthsPatched < 2)
        throw new Error(`string-width: ${stringWidthsPatched} of its 2 copies patched: review bin/bundle.js`);
    });
    // bin/run.js turns zod's JIT off through the global zod keeps its settings in, before zod loads.
    b.onLoad({ filter: /zod[\\/]v4[\\/]core[\\/]core\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('export const globalConfig = globalThis.__zod_globalConfig;'))
        throw new Error('zod no longer keeps its settings in globalThis.__zod_globalConfig: review bin/run.js');
      return { contents: source, loader: 'js' };
    });
  },
};

const src = join(ROOT, 'src');
const entryPoints = [
  { in: join(src, 'cli', 'main.ts'), out: 'main' },
  { in: join(src, 'cli', 'help.ts'), out: 'help' },
  { in: join(src, 'cli', 'hooks', 'command-not-found.ts'), out: 'hooks/command-not-found' },
  // Its own file, so that whether a command loaded the emulator shows in the modules it loaded.
  { in: join(src, 'emulator', 'index.ts'), out: 'emulator' },
  // bin/run.js loads it before the CLI, for an interactive view; the commands share it through its chunk.
  { in: join(src, 'ui', 'terminal.ts'), out: 'terminal' },
  ...commandFiles(join(src, 'commands')).map((file) => ({ in: file, out: relative(src, file).replace(/\.ts$/, '') })),
];

/**
 * @oclif/core and undici's agent and request are built as CommonJS files of their own (dist/bin/vendor/), which the
 * bundle loads the first time one of its modules reads them (src/cli/vendor.ts: oclif with require(), which
 * Node.js's compile cache keeps as any module; undici as a vm.Script with a code cache of its own): the rest of the
 * bundle imports them through stand-ins (`vendorStandIns`). Their file names carry their content hash, which names
 * undici's code cache.
 */
const VENDOR_LOADER = join(src, 'cli', 'vendor.ts');
const UNDICI_PARTS = { 'undici/lib/dispatcher/agent.js': 'Agent', 'undici/lib/api/api-request.js': 'request' };
const vendorEntries = {
  name: 'vendor-entries',
  setup(b) {
    b.onResolve({ filter: /^docs-vendor:undici$/ }, () => ({ path: 'undici', namespace: 'docs-vendor-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'docs-vendor-entry' }, () => ({
      contents: `module.exports = { ${Object.entries(UNDICI_PARTS)
        .map(([path, name]) => `${name}: require(${JSON.stringify(path)})`)
        .join(', ')} };`,
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};
const vendorFiles = {};
const vendorStandIns = {
  name: 'vendor-stand-ins',
  setup(b) {
    b.onResolve({ filter: /^(@oclif\/core|undici)(\/|$)/ }, (args) => {
      if (args.importer.includes(`${'/'}node_modules${'/'}`)) return undefined;
      // Anything else of these packages would bundle a second copy of them beside the scripts.
      if (args.path !== '@oclif/core' && !UNDICI_PARTS[args.path])
        throw new Error(`${args.path}: oclif and undici come from their vendor scripts: add it there in bin/bundle.js`);
      return { path: args.path, namespace: 'docs-vendor' };
    });
    b.onLoad({ filter: /.*/, namespace: 'docs-vendor' }, (args) => {
      const [file, part] = args.path === '@oclif/core' ? [vendorFiles.oclif, ''] : [vendorFiles.undici, `.${UNDICI_PARTS[args.path]}`];
      return {
        contents: `module.exports = require(${JSON.stringify(VENDOR_LOADER)}).loadVendor(${JSON.stringify(file)})${part};`,
        loader: 'js',
        resolveDir: ROOT,
      };
    });
  },
};

// What the vendor scripts and the bundle are built alike with.
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces need the mappings only; the sources' text would make every --debug run read megabytes.
  sourcesContent: false,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  // React's production build: the development one checks and warns at every render, and loads slower. oclif reads
  // it too, to decide whether to warn of a command that did not parse its flags.
  define: { 'process.env.NODE_ENV': '"production"' },
};

rmSync(OUT, { recursive: true, force: true });
const vendor = await build({
  ...common,
  entryPoints: [
    { in: join(ROOT, 'node_modules', '@oclif', 'core', 'lib', 'index.js'), out: 'oclif' },
    { in: 'docs-vendor:undici', out: 'undici' },
  ],
  outdir: join(OUT, 'vendor'),
  entryNames: '[name]-[hash]',
  // The metafile's paths (read below) are relative to it.
  absWorkingDir: ROOT,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  metafile: true,
  plugins: [vendorEntries, externals],
});
for (const [file, output] of Object.entries(vendor.metafile.outputs)) {
  if (!output.entryPoint) continue;
  const name = file.split('/').at(-1);
  vendorFiles[name.replace(/-[A-Z0-9]+\.cjs$/, '')] = name;
}
if (!vendorFiles.oclif || !vendorFiles.undici) throw new Error(`vendor scripts not found in ${JSON.stringify(vendorFiles)}`);
/**
 * Fewer chunks for what most commands share. esbuild's code splitting puts each module in the chunk of the exact set
 * of entry points that reach it (each module loaded with import() counts as an entry too), so ~150 entries cut the
 * code they share into dozens of small chunks: a request loaded 35, and each ES module costs the loader 0.15–0.2 ms
 * (resolve, read, link, evaluate, its compile cache entry) besides its own code. A first pass (nothing written)
 * reads the import graph; the modules of ours that half the commands or more import (statically, directly or not)
 * are split in two tiers (`tiers` below), and each tier is imported by every entry it may be added to, so that its
 * modules have one set of entries and esbuild puts them in one chunk. An entry loads no package more for it, only
 * some small modules of ours it did not use. test/e2e/startup.test.ts checks that the config commands, the help and
 * the terminal that bin/run.js loads first for a view still load no zod.
 */
const CORE_SHARE = 0.5;
const graph = await build({
  ...common,
  entryPoints,
  outdir: OUT,
  splitting: true,
  format: 'esm',
  write: false,
  metafile: true,
  absWorkingDir: ROOT,
  plugins: [vendorStandIns, externals],
});
const inputPath = (file) => relative(ROOT, file).split('\\').join('/');
/** The modules `files` import statically, directly or not, themselves included (paths as the metafile has them). */
function closure(files) {
  const seen = new Set();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const edge of graph.metafile.inputs[file]?.imports ?? [])
      if (edge.kind === 'import-statement' && !edge.external) stack.push(edge.path);
  }
  return seen;
}
const commandEntries = entryPoints.filter((entry) => entry.in.startsWith(join(src, 'commands')));
const reached = new Map();
for (const entry of commandEntries) for (const file of closure([inputPath(entry.in)])) reached.set(file, (reached.get(file) ?? 0) + 1);
const coreFiles = [...reached]
  .filter(([file, count]) => count >= commandEntries.length * CORE_SHARE && file.startsWith('src/') && !file.startsWith('src/commands/'))
  .map(([file]) => file)
  .sort();
if (coreFiles.length < 20) throw new Error(`docs-core: only ${coreFiles.length} modules shared by half the commands: review bin/bundle.js`);
const dynamicTargets = Object.values(graph.metafile.inputs).flatMap((input) =>
  input.imports.filter((edge) => edge.kind === 'dynamic-import' && edge.path.startsWith('src/')).map((edge) => edge.path),
);
const importers = [...new Set([...entryPoints.map((entry) => inputPath(entry.in)), ...dynamicTargets])].filter(
  (file) => file !== inputPath(join(src, 'ui', 'terminal.ts')) && !coreFiles.includes(file),
);
const packagesOf = (files) => [...closure(files)].filter((file) => file.startsWith('node_modules/'));
const corePackages = packagesOf(coreFiles);
const loadsPackages = new Set(coreFiles.filter((file) => packagesOf([file]).length > 0));
/**
 * Two tiers. `docs-base`: the shared modules that load no package (errors, output, profiles, flags), added to every
 * entry but the terminal; `docs-core`: the rest (the schemas' helpers, the operation's definition, and zod), added
 * where every package they load (zod) loads already.
 */
const tiers = [
  { name: 'docs-base', files: coreFiles.filter((file) => !loadsPackages.has(file)), importers: new Set(importers) },
  {
    name: 'docs-core',
    files: coreFiles.filter((file) => loadsPackages.has(file)),
    importers: new Set(
      importers.filter((file) => {
        const reaches = closure([file]);
        return corePackages.every((pkg) => reaches.has(pkg));
      }),
    ),
  },
];
for (const tier of tiers)
  if (tier.files.length < 3 || tier.importers.size < commandEntries.length / 2)
    throw new Error(`${tier.name}: ${tier.files.length} modules for ${tier.importers.size} entries: review bin/bundle.js`);
const sharedCore = {
  name: 'shared-core',
  setup(b) {
    b.onResolve({ filter: /^docs-(base|core)$/ }, (args) => ({ path: args.path, namespace: 'docs-core' }));
    b.onLoad({ filter: /.*/, namespace: 'docs-core' }, (args) => ({
      contents: tiers
        .find((tier) => tier.name === args.path)
        .files.map((file) => `import ${JSON.stringify(join(ROOT, file))};`)
        .join('\n'),
      loader: 'js',
      resolveDir: ROOT,
    }));
    b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
      const file = inputPath(args.path);
      const added = tiers.filter((tier) => tier.importers.has(file)).map((tier) => `import '${tier.name}';\n`);
      if (added.length === 0) return undefined;
      return { contents: `${readFileSync(args.path, 'utf8')}\n${added.join('')}`, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};
await build({
  ...common,
  entryPoints,
  outdir: OUT,
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  // .mjs: Node.js knows an .mjs file is an ES module without looking for the package.json that says so, which it
  // did for each of the ~30 files a command loads (2–3% of `docs spaces get`, back to back).
  outExtension: { '.js': '.mjs' },
  plugins: [sharedCore, vendorStandIns, externals],
  // Bundled CommonJS (oclif, undici) calls require() and reads __dirname; ESM has neither.
  banner: {
    js: [
      "import { createRequire as __docsRequire } from 'node:module';",
      "import { fileURLToPath as __docsPath } from 'node:url';",
      'const require = __docsRequire(import.meta.url);',
      'const __filename = __docsPath(import.meta.url);',
      "const __dirname = __docsPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
});
