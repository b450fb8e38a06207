import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ScenarioBuilder, Scenarios } from './types.js';

/** Every scenario of the files in this directory, by operationId (each operation at most once). */
export async function loadScenarios(): Promise<Record<string, ScenarioBuilder>> {
  const dir = fileURLToPath(new URL('./', import.meta.url));
  const builders: Record<string, ScenarioBuilder> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'types.ts' && f !== 'index.ts').sort()) {
    const mod = (await import(/* @vite-ignore */ `${dir}${file}`)) as { scenarios?: Scenarios };
    for (const [id, builder] of Object.entries(mod.scenarios ?? {})) {
      if (builders[id]) throw new Error(`two scenarios for ${id} (${file})`);
      builders[id] = builder;
    }
  }
  return builders;
}
