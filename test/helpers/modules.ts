import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BIN, ROOT, tempDir } from './e2e.js';

/**
 * What a run of `docs` loads. `preload` goes before bin/run.js (`node --import <preload>`, or in
 * NODE_OPTIONS where a test does not spawn node itself); once the process has exited, `sources()` lists
 * the files it loaded and `builtins()` Node's own modules. The CLI runs from a bundle (dist/bin), so a
 * loaded chunk is listed with the sources it holds, read from its source map; dependencies left out of
 * the bundle load from node_modules and show as they are. The bundle's vendor scripts (oclif, undici: CommonJS files
 * loaded with require(), src/cli/vendor.ts) each hold a whole package, so a script is listed with the
 * sources whose code ran: the functions V8's coverage counted, mapped back through the script's source map.
 */
export interface ModuleTrace {
  preload: string;
  sources(): string[];
  builtins(): string[];
}

interface ScriptCoverage {
  url: string;
  functions: { ranges: { startOffset: number; count: number }[] }[];
}

/** `docs <argv>` run traced (bin/run.js on this Node.js, NO_COLOR) with `env`: its trace; throws unless it exits with 0. */
export function tracedRun(argv: readonly string[], env: Record<string, string>): ModuleTrace {
  const trace = traceModules();
  const res = spawnSync(process.execPath, ['--import', trace.preload, BIN, ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env, NO_COLOR: '1' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`docs ${argv.join(' ')} exited with ${res.status}:\n${res.stderr}`);
  return trace;
}

export function traceModules(): ModuleTrace {
  const dir = tempDir();
  const log = join(dir, 'modules.log');
  const builtinLog = join(dir, 'builtins.log');
  const coverageLog = join(dir, 'vendor-coverage.json');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }\n`,
  );
  const preload = join(dir, 'preload.mjs');
  writeFileSync(
    preload,
    [
      `import { register, createRequire } from 'node:module';`,
      `import { appendFileSync, writeFileSync } from 'node:fs';`,
      `import { Session } from 'node:inspector';`,
      `register(${JSON.stringify(pathToFileURL(hooks).href)});`,
      `const require = createRequire(import.meta.url);`,
      `const session = new Session();`,
      `session.connect();`,
      `session.post('Profiler.enable');`,
      `session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });`,
      `process.on('exit', () => {`,
      `  appendFileSync(${JSON.stringify(log)}, Object.keys(require.cache).join('\\n') + '\\n');`,
      `  writeFileSync(${JSON.stringify(builtinLog)}, process.moduleLoadList.join('\\n'));`,
      // A session on the main thread answers at once.
      `  session.post('Profiler.takePreciseCoverage', (error, coverage) => {`,
      `    const vendor = error ? [] : coverage.result.filter((script) => script.url.includes('/dist/bin/vendor/'));`,
      `    writeFileSync(${JSON.stringify(coverageLog)}, JSON.stringify(vendor));`,
      `  });`,
      `});`,
    ].join('\n'),
  );
  return {
    preload,
    sources() {
      const files = new Set(
        readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((m) => (m.startsWith('file:') ? fileURLToPath(m) : m)),
      );
      const sources: string[] = [];
      for (const file of files) {
        sources.push(file);
        if (!file.startsWith(join(ROOT, 'dist', 'bin')) || !existsSync(`${file}.map`)) continue;
        // A vendor script's sources are those whose code ran (below), not every one it holds.
        if (file.startsWith(join(ROOT, 'dist', 'bin', 'vendor'))) continue;
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
        // Paths in the map are relative to the chunk; only their tail matters here.
        sources.push(...map.sources.map((s) => s.replace(/^(\.\.\/)+/, '/')));
      }
      for (const script of JSON.parse(readFileSync(coverageLog, 'utf8')) as ScriptCoverage[]) sources.push(...ranIn(script));
      return sources;
    },
    builtins: () => readFileSync(builtinLog, 'utf8').split('\n').filter(Boolean),
  };
}

/** A vendor script, and the sources of the functions of it that ran. */
function ranIn(script: ScriptCoverage): string[] {
  const path = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
  // Node.js compiles a CommonJS file as it is (its wrapper's parameters are not part of the text).
  const text = readFileSync(path, 'utf8');
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapPayload);
  const ran = new Set([path]);
  for (const { ranges } of script.functions) {
    if (ranges[0]!.count === 0) continue;
    const offset = ranges[0]!.startOffset;
    if (offset === 0) continue; // the file's own top level, which spans all of it
    const line = lineStarts.findLastIndex((start) => start <= offset);
    const column = offset - lineStarts[line]!;
    const entry = map.findEntry(line, column) as { originalSource?: string };
    // Paths in the map are relative to the script; only their tail matters here.
    if (entry.originalSource) ran.add(entry.originalSource.replace(/^(\.\.\/)+/, '/'));
  }
  return [...ran];
}
