import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Operation } from '../../src/api/operation.js';
import { areas } from '../../src/api/operations/index.js';
import { formatIssues } from '../../src/api/validation.js';
import { type JsonSchema, loadSpec, maxBranches, resolve, responseSchema, sample } from '../helpers/spec.js';

/*
 * The lenient response schemas of sites, organizations, members, SSO, translations, collections,
 * OpenAPI specifications and teams against fixtures built from the official spec: every oneOf
 * branch, with only required fields and with all of them; the fixtures themselves are checked
 * against the spec (ajv) so a wrong sample cannot make a test pass. Parsing must give back the
 * fixture unchanged: unknown fields are kept, unknown enum values pass.
 */

const { sites, siteSections, siteSectionGroups, siteSpaces, organizations, members, sso, translations, collections, openapi, teams } =
  areas;
const mine = [sites, siteSections, siteSectionGroups, siteSpaces, organizations, members, sso, translations, collections, openapi, teams];
const allMine = mine.flatMap((area) => Object.values(area as Record<string, Operation>));
const withResponse = allMine.filter((op) => op.response);

const { doc } = loadSpec();

/** Validates a value against an operation's response schema in the spec. */
const specValidator = (() => {
  // OpenAPI 3.0 lets `nullable` sit next to a `$ref` without `type`; JSON Schema (ajv) does not.
  // Without a type the schema accepts anything, null included, so the keyword can go.
  const components = structuredClone(doc.components) as JsonSchema;
  (function strip(node: unknown): void {
    if (!node || typeof node !== 'object') return;
    const n = node as JsonSchema;
    if (!Array.isArray(n) && n.nullable && !n.type) delete n.nullable;
    for (const child of Object.values(n)) strip(child);
  })(components);
  const ajv = new Ajv({ strict: false, logger: false, allErrors: false });
  // ajv-formats is CommonJS: under NodeNext its default import is the module, the plugin is `.default`.
  formats.default(ajv);
  ajv.addSchema({ $id: 'spec', components });
  return (id: string) => ajv.compile(JSON.parse(JSON.stringify(responseSchema(id)).replaceAll('"#/components/', '"spec#/components/')));
})();

type Path = (string | number)[];

/**
 * Where `value` (sampled from `schema` with `variant`) holds a value of a string enum. Walks the
 * schema the way `sample` built the value: the same oneOf branch, allOf parts on the same object.
 */
function enumPaths(schema: JsonSchema, value: unknown, variant: number, path: Path = [], out: Path[] = []): Path[] {
  const s = resolve(doc, schema);
  if (s.allOf) for (const part of s.allOf) enumPaths(part, value, variant, path, out);
  const branches = s.oneOf ?? s.anyOf;
  if (branches && branches.length > 0) enumPaths(branches[Math.min(variant, branches.length - 1)]!, value, variant, path, out);
  if (typeof value === 'string' && s.enum?.includes(value)) out.push(path);
  if (Array.isArray(value) && s.items) value.forEach((item, i) => enumPaths(s.items!, item, variant, [...path, i], out));
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      const prop = s.properties?.[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
      if (prop) enumPaths(prop, child, variant, [...path, key], out);
    }
  }
  return out;
}

function setAt(value: unknown, path: Path, to: unknown): void {
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
  (parent as Record<string | number, unknown>)[path[path.length - 1]!] = to;
}

/**
 * What the spec check sees: the block tree of a translation's `instructions` is left out. Sampled
 * blocks deep in that tree do not always satisfy the spec (ambiguous oneOfs, depth limits), and the
 * client passes the tree through untouched, so it is not what these tests are about.
 */
function checkable(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    key === 'instructions' && v !== null && typeof v === 'object' ? { ...v, nodes: [] } : v,
  );
}

function parse(op: Operation, value: unknown) {
  const result = (op.response as z.ZodType).safeParse(value);
  return { ...result, message: result.success ? '' : formatIssues(result.error.issues, 'response') };
}

const NEW_VALUE = 'value-from-a-newer-server';

describe('response schemas of sites, organizations, members, SSO, translations, collections, OpenAPI and teams', () => {
  it('has a response schema exactly where the spec answers with content', () => {
    for (const op of allMine) expect(Boolean(op.response), op.id).toBe(responseSchema(op.id) !== undefined);
    expect(withResponse.length).toBeGreaterThanOrEqual(55);
  });

  describe.each(withResponse.map((op) => [op.id, op] as const))('%s', (id, op) => {
    const schema = responseSchema(id)!;
    const variants = maxBranches(schema);
    const fixtures = Array.from({ length: variants }, (_, variant) =>
      (['required', 'full'] as const).map((mode) => ({ variant, mode, value: sample(schema, { mode, variant }) })),
    ).flat();

    it('accepts every oneOf variant of the spec, with only required fields and with all fields, unchanged', () => {
      const specValid = specValidator(id);
      for (const { variant, mode, value } of fixtures) {
        expect(
          specValid(checkable(value)),
          `fixture (variant ${variant}, ${mode}) against the spec: ${JSON.stringify(specValid.errors)}`,
        ).toBe(true);
        const result = parse(op, value);
        expect(result.message, `variant ${variant}, ${mode}`).toBe('');
        expect(result.data).toEqual(value);
      }
    });

    it('keeps unknown fields', () => {
      const fixture = sample(schema, { mode: 'full' }) as Record<string, unknown>;
      fixture.futureField = { nested: [1, 2] };
      const items = fixture.items as Record<string, unknown>[] | undefined;
      if (items?.[0]) items[0].futureItemField = 'kept';
      const result = parse(op, fixture);
      expect(result.message).toBe('');
      const data = result.data as Record<string, unknown>;
      expect(data.futureField).toEqual({ nested: [1, 2] });
      if (items?.[0]) expect((data.items as Record<string, unknown>[])[0]!.futureItemField).toBe('kept');
    });

    it('accepts values of its enums that it does not know', () => {
      let mutated = 0;
      for (const { variant, mode, value } of fixtures.filter((f) => f.mode === 'full')) {
        const paths = enumPaths(schema, value, variant);
        for (const path of paths) setAt(value, path, NEW_VALUE);
        mutated += paths.length;
        const result = parse(op, value);
        expect(result.message, `variant ${variant}, ${mode}: ${paths.map((p) => p.join('.')).join(', ')}`).toBe('');
        expect(result.data).toEqual(value);
      }
      // Every response here but a few carries an enum somewhere (`object` at least).
      const enumless = [
        'listSiteAdaptiveTemplateConditions',
        'listSSOProviderLoginsInOrganization',
        'getLatestOpenAPISpecVersionContent',
        'getOpenAPISpecVersionContentById',
        'searchOrganizationContent',
        'updateOrganizationMemberLastSeenAt',
      ];
      if (!enumless.includes(id)) expect(mutated).toBeGreaterThan(0);
    });
  });

  it('accepts the visitor claims of a ping under the contract name and the spec name', () => {
    for (const body of [
      {},
      { serviceVisitorClaims: 'jwt.a.b' },
      { gitbookVisitorClaims: 'jwt.a.b' },
      { serviceVisitorClaims: 'x', gitbookVisitorClaims: 'x' },
    ]) {
      const result = parse(members.ping, body);
      expect(result.message).toBe('');
      expect(result.data).toEqual(body);
    }
  });

  it('accepts a defaultTeam given as an id as well as a team', () => {
    const provider = sample(responseSchema('getOrganizationSAMLProviderById')!, { mode: 'full' }) as Record<string, unknown>;
    expect(parse(sso.get, { ...provider, defaultTeam: 'team1' }).message).toBe('');
  });

  it('still requires what identifies a resource and what a CLI shows', () => {
    const required: [Operation, string, string][] = [
      [sites.get, 'getSiteById', 'id'],
      [sites.get, 'getSiteById', 'title'],
      [siteSections.add, 'addSectionToSite', 'path'],
      [siteSpaces.add, 'addSpaceToSite', 'space'],
      [siteSectionGroups.create, 'addSectionGroupToSite', 'title'],
      [organizations.get, 'getOrganizationById', 'title'],
      [members.get, 'getMemberInOrganizationById', 'user'],
      [sso.get, 'getOrganizationSAMLProviderById', 'label'],
      [translations.get, 'getTranslation', 'language'],
      [collections.get, 'getCollectionById', 'id'],
      [openapi.get, 'getOpenAPISpecBySlug', 'slug'],
      [openapi.getVersionContent, 'getOpenAPISpecVersionContentById', 'url'],
      [teams.get, 'getTeamInOrganizationById', 'title'],
    ];
    for (const [op, id, field] of required) {
      const fixture = sample(responseSchema(id)!, { mode: 'full' }) as Record<string, unknown>;
      delete fixture[field];
      expect(parse(op, fixture).message, `${id} without ${field}`).toContain(`response.${field}: required`);
    }
    expect(parse(sites.list, { next: null }).message).toContain('response.items: required');
    expect(parse(sso.listLogins, { items: [{ id: 'saml1', label: 'Okta' }] }).message).toContain('response.items.0.startURL: required');
  });
});
