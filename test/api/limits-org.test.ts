import { describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import type { Operation } from '../../src/api/operation.js';
import { areas } from '../../src/api/operations/index.js';
import { SiteHostnameInput } from '../../src/api/schemas/site.js';
import { validate, ValidationError } from '../../src/api/validation.js';
import { type BoundRow, declaredBounds, type Params, rows as R, withValue } from '../helpers/bounds.js';

/*
 * Every bound of the sites, organization, member, SSO, translation, collection, OpenAPI and team
 * operations: the value at the bound is accepted by the client, the value just past it is rejected
 * before anything is sent, with a message naming the field and the bound. The numbers and values
 * below are copied from the contract (Limits table, resources, endpoints) and the spec where the
 * contract is silent (CONTRACT-NOTES §3, §7), not from the code under test.
 */

const { sites, siteSections, siteSectionGroups, siteSpaces, organizations, members, sso, translations, collections, openapi, teams } =
  areas;
const AREAS = {
  sites,
  siteSections,
  siteSectionGroups,
  siteSpaces,
  organizations,
  members,
  sso,
  translations,
  collections,
  openapi,
  teams,
};

const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'];
const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'];
const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'];
const LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PROXY = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

/** A URL of exactly n characters. */
const urlOf = (n: number) => `https://example.com/${'a'.repeat(n - 20)}`;
/** A proxy URL (domain and sub-path) of exactly n characters. */
const proxyOf = (n: number) => `docs.example.com/${'a'.repeat(n - 17)}`;

const org = { organizationId: 'org1' };
const site = { ...org, siteId: 'site1' };
const doc = { object: 'document', data: {}, nodes: [] };
const jsonSchema = {
  type: 'object',
  properties: {
    isBeta: { type: 'boolean', description: 'Visitor joined the beta' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { plan: { type: 'string', description: 'Plan', enum: ['free', 'pro'] } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

/** A row for an operation whose body as a whole is required. */
function bodyRequired(op: Operation, base: Params): BoundRow {
  const { body: _body, ...rest } = base;
  return { name: `${op.id} body required`, op, at: [base], past: rest, messages: ['body: required'], bound: 'body required' };
}

function siteRows(): BoundRow[] {
  const create = { ...org, body: {} };
  const update = { ...site, body: {} };
  const schema = { ...site, body: { jsonSchema } };
  const op = sites.updateAdaptiveSchema;
  return [
    R.oneOf(sites.list, { ...org, query: {} }, 'query.type', [...SITE_TYPES, ['basic', 'premium']], ['basic', 'gold']),
    R.minLength(sites.create, create, 'body.title', 2),
    R.maxLength(sites.create, create, 'body.title', 128),
    R.oneOf(sites.create, create, 'body.type', SITE_TYPES, 'gold'),
    R.oneOf(sites.create, create, 'body.visibility', SITE_VISIBILITIES, 'private'),
    R.oneOf(sites.create, create, 'body.spaces', ['sample', 'empty', ['space1', 'space2']], 'full'),
    R.notNull(sites.create, create, 'body.title', 'Docs'),
    bodyRequired(sites.update, update),
    R.minLength(sites.update, update, 'body.title', 2),
    R.maxLength(sites.update, update, 'body.title', 128),
    R.notNull(sites.update, update, 'body.title', 'Docs'),
    R.oneOf(sites.update, update, 'body.visibility', SITE_VISIBILITIES, 'in-collection'),
    R.minLength(sites.update, update, 'body.basename', 1),
    R.maxLength(sites.update, update, 'body.basename', 100),
    R.oneOf(sites.update, update, 'body.agentsContext', ['excluded', 'included'], 'partial'),
    R.required(sites.update, withValue(update, 'body.adaptiveContent', { enabled: true }), 'body.adaptiveContent.enabled'),
    R.maxLength(sites.update, update, 'body.proxy', 512, { make: proxyOf }),
    R.pattern(sites.update, update, 'body.proxy', PROXY, ['example.com/docs', 'a.docs.example.io/v1/api'], 'example.com'),
    R.nullable(sites.update, update, 'body.proxy'),
    bodyRequired(op, schema),
    R.required(op, schema, 'body.jsonSchema'),
    R.required(op, schema, 'body.jsonSchema.type'),
    R.required(op, schema, 'body.jsonSchema.properties'),
    R.required(op, schema, 'body.jsonSchema.additionalProperties'),
    R.required(op, schema, 'body.jsonSchema.properties.unsigned.type'),
    R.required(op, schema, 'body.jsonSchema.properties.unsigned.description'),
    R.required(op, schema, 'body.jsonSchema.properties.unsigned.properties'),
    R.required(op, schema, 'body.jsonSchema.properties.unsigned.additionalProperties'),
    // Claims sit under names the site chooses (map keys).
    R.required(op, schema, 'body.jsonSchema.properties.isBeta.description', { as: 'body.jsonSchema.properties.*.description' }),
    R.required(op, schema, 'body.jsonSchema.properties.unsigned.properties.plan.description', {
      as: 'body.jsonSchema.properties.unsigned.properties.*.description',
    }),
    R.oneOf(op, schema, 'body.jsonSchema.properties.isBeta.type', ['boolean', 'number', 'string'], 'date', {
      as: 'body.jsonSchema.properties.*.type',
      message: "Invalid discriminator value. Expected 'boolean' | 'string' | 'number' | 'array' | 'object'",
    }),
  ];
}

function sectionRows(): BoundRow[] {
  const add = { ...site, body: { spaceId: 'space1' } };
  const update = { ...site, siteSectionId: 'sec1', body: {} };
  const move = { ...site, siteSectionId: 'sec1', body: { position: { before: { type: 'site-section', siteSection: 'sec2' } } } };
  return [
    bodyRequired(siteSections.add, add),
    R.required(siteSections.add, add, 'body.spaceId'),
    R.minLength(siteSections.add, add, 'body.title', 2),
    R.maxLength(siteSections.add, add, 'body.title', 128),
    R.nullable(siteSections.add, add, 'body.title'),
    R.maxLength(siteSections.add, add, 'body.icon', 50),
    R.nullable(siteSections.add, add, 'body.icon'),
    bodyRequired(siteSections.update, update),
    R.minLength(siteSections.update, update, 'body.title', 2),
    R.maxLength(siteSections.update, update, 'body.title', 128),
    R.notNull(siteSections.update, update, 'body.title', 'Guides'),
    R.minLength(siteSections.update, update, 'body.path', 1),
    R.maxLength(siteSections.update, update, 'body.path', 100),
    R.minLength(siteSections.update, update, 'body.condition', 1),
    R.maxLength(siteSections.update, update, 'body.condition', 1024),
    R.nullable(siteSections.update, update, 'body.condition'),
    R.maxLength(siteSections.update, update, 'body.icon', 50),
    R.nullable(siteSections.update, update, 'body.icon'),
    R.maxLength(siteSections.update, update, 'body.description', 256),
    R.nullable(siteSections.update, update, 'body.description'),
    R.required(siteSections.move, move, 'body.position.before.type'),
    R.required(siteSections.move, move, 'body.position.before.siteSection'),
    R.required(
      siteSections.move,
      withValue(move, 'body.position', { after: { type: 'site-section', siteSection: 'sec0' } }),
      'body.position.after.type',
    ),
    R.required(
      siteSections.move,
      withValue(move, 'body.position', { after: { type: 'site-section', siteSection: 'sec0' } }),
      'body.position.after.siteSection',
    ),
  ];
}

function groupRows(): BoundRow[] {
  const group = { ...site, siteSectionGroupId: 'grp1' };
  const create = { ...site, body: { title: 'Products' } };
  const update = { ...group, body: {} };
  const move = {
    ...group,
    body: { position: { before: { type: 'site-section', id: 'sec1' }, after: { type: 'site-section-group', id: 'grp2' } } },
  };
  return [
    bodyRequired(siteSectionGroups.create, create),
    R.required(siteSectionGroups.create, create, 'body.title'),
    R.minLength(siteSectionGroups.create, create, 'body.title', 1),
    R.maxLength(siteSectionGroups.create, create, 'body.title', 100),
    R.maxLength(siteSectionGroups.create, create, 'body.icon', 50),
    R.nullable(siteSectionGroups.create, create, 'body.icon'),
    bodyRequired(siteSectionGroups.update, update),
    R.minLength(siteSectionGroups.update, update, 'body.title', 1),
    R.maxLength(siteSectionGroups.update, update, 'body.title', 100),
    R.maxLength(siteSectionGroups.update, update, 'body.icon', 50),
    R.nullable(siteSectionGroups.update, update, 'body.icon'),
    bodyRequired(siteSectionGroups.addSection, { ...group, body: { sectionId: 'sec1' } }),
    R.required(siteSectionGroups.addSection, { ...group, body: { sectionId: 'sec1' } }, 'body.sectionId'),
    R.oneOf(siteSectionGroups.move, move, 'body.position.before.type', ['site-section', 'site-section-group'], 'site-space'),
    R.oneOf(siteSectionGroups.move, move, 'body.position.after.type', ['site-section', 'site-section-group'], 'site-space'),
    R.required(siteSectionGroups.move, move, 'body.position.before.type'),
    R.required(siteSectionGroups.move, move, 'body.position.after.type'),
    R.required(siteSectionGroups.move, move, 'body.position.before.id'),
    R.required(siteSectionGroups.move, move, 'body.position.after.id'),
  ];
}

function siteSpaceRows(): BoundRow[] {
  const add = { ...site, body: { spaceId: 'space1' } };
  const update = { ...site, siteSpaceId: 'ss1', body: {} };
  const move = {
    ...site,
    siteSpaceId: 'ss1',
    body: { position: { before: { type: 'site-space', siteSpace: 'ss2' }, after: { type: 'site-space', siteSpace: 'ss0' } } },
  };
  return [
    bodyRequired(siteSpaces.add, add),
    R.required(siteSpaces.add, add, 'body.spaceId'),
    bodyRequired(siteSpaces.update, update),
    R.minLength(siteSpaces.update, update, 'body.path', 1),
    R.maxLength(siteSpaces.update, update, 'body.path', 100),
    R.minLength(siteSpaces.update, update, 'body.condition', 1),
    R.maxLength(siteSpaces.update, update, 'body.condition', 1024),
    R.nullable(siteSpaces.update, update, 'body.condition'),
    R.required(siteSpaces.move, move, 'body.position.before.type'),
    R.required(siteSpaces.move, move, 'body.position.after.type'),
    R.required(siteSpaces.move, move, 'body.position.before.siteSpace'),
    R.required(siteSpaces.move, move, 'body.position.after.siteSpace'),
  ];
}

function organizationRows(): BoundRow[] {
  const update = { ...org, body: {} };
  const withContent = withValue(update, 'body.defaultContent', { type: 'site', site: 'site1' });
  const search = { ...org, query: { query: 'install' } };
  const member = { ...org, userId: 'user1' };
  return [
    bodyRequired(organizations.update, update),
    R.minLength(organizations.update, update, 'body.title', 2),
    R.maxLength(organizations.update, update, 'body.title', 255),
    R.minLength(organizations.update, update, 'body.hostname', 3),
    R.maxLength(organizations.update, update, 'body.hostname', 32),
    R.oneOf(organizations.update, update, 'body.defaultRole', [...ROLES, null], 'guest'),
    R.nullable(organizations.update, update, 'body.defaultRole'),
    R.nullable(organizations.update, update, 'body.defaultContent'),
    R.required(organizations.update, withContent, 'body.defaultContent.type'),
    R.required(organizations.update, withContent, 'body.defaultContent.site'),
    R.maxLength(organizations.update, update, 'body.logo', 2048, { make: urlOf }),
    R.url(organizations.update, update, 'body.logo'),
    R.nullable(organizations.update, update, 'body.logo'),
    R.required(organizations.search, search, 'query.query'),
    R.maxLength(organizations.search, search, 'query.query', 512),
    R.oneOf(members.list, { ...org, query: {} }, 'query.order', ['asc', 'desc'], 'up'),
    R.oneOf(members.list, { ...org, query: {} }, 'query.role', [...ROLES, 'guest'], 'owner'),
    R.oneOf(members.list, { ...org, query: {} }, 'query.sort', ['joinedAt', 'lastSeenAt'], 'createdAt'),
    R.oneOf(members.listSpaces, { ...member, query: {} }, 'query.order', ['asc', 'desc'], 'up'),
    bodyRequired(members.update, { ...member, body: { role: 'read' } }),
    R.oneOf(members.update, { ...member, body: {} }, 'body.role', [...ROLES, null], 'guest'),
    R.nullable(members.update, { ...member, body: {} }, 'body.role'),
  ];
}

function ssoRows(): BoundRow[] {
  const create = { ...org, body: { label: 'Okta' } };
  const update = { ...org, samlProviderId: 'saml1', body: {} };
  return [create, update]
    .flatMap((base) => {
      const op = base === create ? sso.create : sso.update;
      return [
        bodyRequired(op, base),
        R.minLength(op, base, 'body.label', 1),
        R.maxLength(op, base, 'body.label', 30),
        R.maxLength(op, base, 'body.entityID', 1024),
        R.maxLength(op, base, 'body.certificate', 10000),
        R.maxLength(op, base, 'body.ssoURL', 2048, { make: urlOf }),
        R.url(op, base, 'body.ssoURL'),
        R.oneOf(op, base, 'body.defaultRole', [...ROLES, null], 'guest'),
        R.nullable(op, base, 'body.defaultRole'),
      ];
    })
    .concat([R.required(sso.create, create, 'body.label')]);
}

function translationRows(): BoundRow[] {
  const create = { ...org, body: { source: { space: 'space1', language: 'en' }, language: 'fr', instructions: doc } };
  const update = { ...org, translationId: 'tr1', body: { instructions: doc } };
  return [
    bodyRequired(translations.create, create),
    R.required(translations.create, create, 'body.language'),
    R.oneOf(translations.create, create, 'body.language', LANGUAGES, 'fr-ca'),
    R.required(translations.create, create, 'body.source'),
    R.required(translations.create, create, 'body.source.space'),
    R.required(translations.create, create, 'body.source.language'),
    R.oneOf(translations.create, create, 'body.source.language', LANGUAGES, 'english'),
    R.required(translations.create, create, 'body.instructions.object'),
    R.required(translations.create, create, 'body.instructions.data'),
    R.required(translations.create, create, 'body.instructions.nodes'),
    bodyRequired(translations.update, update),
    R.required(translations.update, update, 'body.instructions'),
    R.required(translations.update, update, 'body.instructions.object'),
    R.required(translations.update, update, 'body.instructions.data'),
    R.required(translations.update, update, 'body.instructions.nodes'),
  ];
}

function collectionRows(): BoundRow[] {
  const update = { collectionId: 'col1', body: {} };
  const move = {
    collectionId: 'col1',
    body: { position: { before: { type: 'space', space: 'sp1' }, after: { type: 'collection', collection: 'col2' } } },
  };
  const moveSpaces = withValue(move, 'body.position', {
    before: { type: 'collection', collection: 'col3' },
    after: { type: 'space', space: 'sp2' },
  });
  const pointerType = { message: "Invalid discriminator value. Expected 'space' | 'collection'" };
  return [
    bodyRequired(collections.update, update),
    R.maxLength(collections.update, update, 'body.title', 50),
    R.maxLength(collections.update, update, 'body.description', 100),
    R.oneOf(collections.update, update, 'body.defaultLevel', [...ROLES, 'inherit', null], 'guest'),
    R.nullable(collections.update, update, 'body.defaultLevel'),
    R.maxLength(collections.create, { ...org, body: {} }, 'body.title', 50),
    bodyRequired(collections.move, move),
    {
      name: 'moveCollection body needs parent or position',
      op: collections.move,
      at: [{ collectionId: 'col1', body: { parent: 'col2' } }, move],
      past: { collectionId: 'col1', body: {} },
      messages: ['body: must have at least 1 property'],
    },
    R.nullable(collections.move, move, 'body.parent'),
    R.required(collections.move, move, 'body.position.before.type', pointerType),
    R.required(collections.move, move, 'body.position.after.type', pointerType),
    R.required(collections.move, moveSpaces, 'body.position.before.collection'),
    R.required(collections.move, move, 'body.position.before.space'),
    R.required(collections.move, move, 'body.position.after.collection'),
    R.required(collections.move, moveSpaces, 'body.position.after.space'),
    bodyRequired(collections.transfer, { collectionId: 'col1', body: { organization: 'org2' } }),
    R.required(collections.transfer, { collectionId: 'col1', body: { organization: 'org2' } }, 'body.organization'),
  ];
}

function openapiRows(): BoundRow[] {
  const create = { ...org, body: { slug: 'petstore', source: { url: 'https://example.com/openapi.yaml' } } };
  const put = { ...org, specSlug: 'petstore', body: { source: { text: 'openapi: 3.0.0' } } };
  const patch = { ...org, specSlug: 'petstore', body: { visibility: 'public' } };
  const sourceRows = (op: Operation, base: Params) => [
    R.required(op, base, 'body.source'),
    R.maxLength(op, withValue(base, 'body.source', {}), 'body.source.url', 2048, { make: urlOf }),
    R.url(op, withValue(base, 'body.source', {}), 'body.source.url'),
    R.minLength(op, withValue(base, 'body.source', {}), 'body.source.text', 1),
    {
      name: `${op.id} source is a url or a text, not both`,
      op,
      at: [withValue(base, 'body.source', { url: 'https://example.com/a' }), withValue(base, 'body.source', { text: 'openapi: 3.1.0' })],
      past: withValue(base, 'body.source', { url: 'https://example.com/a', text: 'openapi: 3.1.0' }),
      messages: ['body.source: must have exactly one of url, text'],
    },
  ];
  return [
    bodyRequired(openapi.create, create),
    R.required(openapi.create, create, 'body.slug'),
    R.minLength(openapi.create, create, 'body.slug', 1, { make: (n) => 'a'.repeat(n) }),
    R.maxLength(openapi.create, create, 'body.slug', 100, { make: (n) => 'a'.repeat(n) }),
    R.pattern(openapi.create, create, 'body.slug', SLUG, ['petstore', 'pet-store-2', '0'], 'Pet_Store'),
    {
      ...R.pattern(openapi.create, create, 'body.slug', SLUG, ['a-b'], 'a--b'),
      name: 'createOpenAPISpec body.slug no empty segment',
      bound: undefined,
    },
    {
      ...R.pattern(openapi.create, create, 'body.slug', SLUG, ['a'], 'a-'),
      name: 'createOpenAPISpec body.slug no trailing dash',
      bound: undefined,
    },
    ...sourceRows(openapi.create, create),
    bodyRequired(openapi.createOrUpdate, put),
    ...sourceRows(openapi.createOrUpdate, put),
    bodyRequired(openapi.update, patch),
    R.required(openapi.update, patch, 'body.visibility'),
    R.oneOf(openapi.update, patch, 'body.visibility', ['private', 'public'], 'unlisted'),
  ];
}

function teamRows(): BoundRow[] {
  const create = { ...org, body: { title: 'Writers', members: ['user1'] } };
  const update = { ...org, teamId: 'team1', body: { title: 'Writers' } };
  const members = {
    ...org,
    teamId: 'team1',
    body: { add: ['user1'], remove: ['ada@example.com'], memberships: { user1: { role: 'owner' } } },
  };
  return [
    bodyRequired(teams.create, create),
    R.required(teams.create, create, 'body.title'),
    R.minLength(teams.create, create, 'body.title', 1),
    R.maxLength(teams.create, create, 'body.title', 64),
    bodyRequired(teams.update, update),
    R.required(teams.update, update, 'body.title'),
    R.minLength(teams.update, update, 'body.title', 1),
    R.maxLength(teams.update, update, 'body.title', 64),
    bodyRequired(teams.updateMembers, members),
    R.oneOf(teams.updateMembers, members, 'body.memberships.user1.role', ['owner', 'member'], 'admin', { as: 'body.memberships.*.role' }),
    R.required(teams.updateMembers, members, 'body.memberships.user1.role', { as: 'body.memberships.*.role' }),
    R.oneOf(teams.addMember, { ...org, teamId: 'team1', userId: 'user1', body: {} }, 'body.role', ['owner', 'member'], 'admin'),
  ];
}

/** Page size on every paginated operation of these areas. */
function limitRows(): BoundRow[] {
  const params: Record<string, string> = {
    organizationId: 'org1',
    siteId: 'site1',
    userId: 'user1',
    teamId: 'team1',
    collectionId: 'col1',
    specSlug: 'petstore',
  };
  return Object.values(AREAS)
    .flatMap((ops) => Object.values(ops as Record<string, Operation>))
    .filter((op) => op.paginated)
    .flatMap((op) => {
      const base: Params = Object.fromEntries(op.pathParams.map((p) => [p, params[p]]));
      // The organization search also needs its required `query` text.
      base.query = op.id === 'searchOrganizationContent' ? { query: 'install' } : {};
      return R.limit(op, base);
    });
}

const table: BoundRow[] = [
  ...siteRows(),
  ...sectionRows(),
  ...groupRows(),
  ...siteSpaceRows(),
  ...organizationRows(),
  ...ssoRows(),
  ...translationRows(),
  ...collectionRows(),
  ...openapiRows(),
  ...teamRows(),
  ...limitRows(),
];

const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });

function rejection(op: Operation, params: Params): Error | undefined {
  try {
    client.prepare(op, params);
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

describe('request bounds of the site, organization, member, SSO, translation, collection, OpenAPI and team operations', () => {
  it.each(table.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    for (const params of row.at) expect(rejection(row.op, params)).toBeUndefined();
    const err = rejection(row.op, row.past);
    expect(err).toBeInstanceOf(ValidationError);
    for (const text of row.messages) expect(err!.message).toContain(text);
  });

  it('has a row for every bound the request schemas declare', () => {
    const covered = new Set(table.filter((r) => r.bound).map((r) => `${r.op.id} ${r.bound}`));
    const declared = Object.values(AREAS)
      .flatMap((ops) => Object.values(ops as Record<string, Operation>))
      .flatMap((op) => declaredBounds(op).map((b) => `${op.id} ${b}`));
    expect(declared.filter((b) => !covered.has(b))).toEqual([]);
    // And no row claims a bound the schemas do not have (a typo would make it vacuous).
    const declaredSet = new Set(declared);
    expect([...covered].filter((b) => !b.includes('*') && !declaredSet.has(b))).toEqual([]);
  });

  it('bounds a site hostname (set outside the API, checked where stored): at most 512 characters, pattern', () => {
    /** A hostname of exactly n characters: 10-character labels, then a last label. */
    const host = (n: number) => `${'abcdefghi.'.repeat(50)}${'z'.repeat(n - 500)}`;
    expect(validate(SiteHostnameInput, host(512), 'hostname')).toBe(host(512));
    expect(() => validate(SiteHostnameInput, host(513), 'hostname')).toThrow('hostname: must be at most 512 characters');
    for (const good of ['docs.example.com', 'a.b.io', 'my-docs.example.co.uk']) expect(validate(SiteHostnameInput, good)).toBe(good);
    for (const bad of ['example.com', 'Docs.Example.com', '-docs.example.com', 'docs.example.c']) {
      expect(() => validate(SiteHostnameInput, bad, 'hostname')).toThrow('hostname: must match the pattern');
    }
  });

  it('checks every paginated operation of these areas', () => {
    const paginated = Object.values(AREAS)
      .flatMap((ops) => Object.values(ops as Record<string, Operation>))
      .filter((op) => op.paginated);
    expect(paginated.length).toBeGreaterThanOrEqual(17);
    for (const op of paginated) expect(table.some((r) => r.op === op && r.messages.includes('limit: must be at most 1000'))).toBe(true);
  });
});
