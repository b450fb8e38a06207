import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, tempDir } from './e2e.js';

/**
 * What a run of `docs` loads. `preload` goes before bin/run.js (`node --import <preload>`, or in
 * NODE_OPTIONS where a test does not spawn node itself); once the process has exited, `sources()` lists
 * the files it loaded and `builtins()` Node's own modules. The CLI runs from a bundle (dist/bin), so a
 * loaded chunk is listed with the sources it holds, read from its source map; dependencies left out of
 * the bundle load from node_modules and show as they are.
 */
export interface ModuleTrace {
  preload: string;
  sources(): string[];
  builtins(): string[];
}

export function traceModules(): ModuleTrace {
  const dir = tempDir();
  const log = join(dir, 'modules.log');
  const builtinLog = join(dir, 'builtins.log');
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
      `register(${JSON.stringify(pathToFileURL(hooks).href)});`,
      `const require = createRequire(import.meta.url);`,
      `process.on('exit', () => {`,
      `  appendFileSync(${JSON.stringify(log)}, Object.keys(require.cache).join('\\n') + '\\n');`,
      `  writeFileSync(${JSON.stringify(builtinLog)}, process.moduleLoadList.join('\\n'));`,
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
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
        // Paths in the map are relative to the chunk; only their tail matters here.
        sources.push(...map.sources.map((s) => s.replace(/^(\.\.\/)+/, '/')));
      }
      return sources;
    },
    builtins: () => readFileSync(builtinLog, 'utf8').split('\n').filter(Boolean),
  };
}
