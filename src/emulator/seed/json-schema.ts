import * as z from 'zod';
import { toJSONSchema } from '../../api/schemas/lazy.js';
import { SeedSpace } from './content.js';
import { SeedOrganization, SeedSpec } from './schema.js';
import { SeedOpenAPISpec, SeedSite, SeedTranslation } from './sites.js';

/**
 * The whole seed format in one zod schema: schema.ts leaves spaces and sites to the modules that
 * apply them (they validate their own entries), so here they are put back together for an editor.
 */
const Organization = SeedOrganization.extend({
  spaces: z.array(SeedSpace).optional(),
  sites: z.array(SeedSite).optional(),
  openapi: z.array(SeedOpenAPISpec).optional(),
  translations: z.array(SeedTranslation).optional(),
});

const FullSeed: z.ZodType = SeedSpec.extend({ organizations: z.array(Organization).min(1) });

/** The seed's JSON Schema (draft 2020-12), as `docs emulator seed schema` prints it. */
export function seedJsonSchema(): Record<string, unknown> {
  // Input side: what a file may leave out (defaults) is optional; refinements are checked at start.
  const schema = toJSONSchema(FullSeed, { io: 'input', unrepresentable: 'any' });
  return {
    $schema: schema.$schema,
    title: 'docs emulator seed',
    description:
      'Initial data of `docs emulator start --seed FILE`: users (with their tokens) and organizations with members, teams, collections, spaces (pages as markdown, files, change requests, comments), sites, OpenAPI specs and translations.',
    ...schema,
  };
}
