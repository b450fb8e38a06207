import type { EmulatorContext, Handlers } from '../types.js';
import { badRequest, listed, notFound } from '../types.js';
import type { MemberRole } from '../access.js';
import { presentTeam, type TeamDoc } from '../domain/organizations.js';

/**
 * SAML providers. A provider is `pending` until its identity provider is fully described
 * (`entityID`, `certificate` and `ssoURL` all set), then `active`; only active providers appear in
 * the SSO login infos. The service-provider side (`service`) is derived from the emulator's URL.
 */
export interface SamlProviderDoc {
  id: string;
  object: 'saml-provider';
  organization: string;
  label: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string;
  defaultRole: MemberRole;
  createdAt: string;
}

type SamlInput = Partial<Pick<SamlProviderDoc, 'label' | 'entityID' | 'certificate' | 'ssoURL' | 'defaultTeam' | 'defaultRole'>>;

export const UNSET_SSO_URL = 'about:blank';

const isActive = (p: SamlProviderDoc) => !!(p.entityID && p.certificate && p.ssoURL);

function serviceUrls(ctx: EmulatorContext, p: SamlProviderDoc) {
  const base = `${ctx.baseUrl}/sso/saml/${p.organization}/${p.id}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

function presentProvider(ctx: EmulatorContext, p: SamlProviderDoc, callerId: string) {
  const team = p.defaultTeam ? ctx.store.get<TeamDoc>('team', p.defaultTeam) : undefined;
  return {
    object: 'saml-provider' as const,
    id: p.id,
    label: p.label,
    // The spec requires these three, and ssoURL must be a URI: an unconfigured provider shows the
    // empty document's URI and empty strings (its status says it is pending).
    ssoURL: p.ssoURL ?? UNSET_SSO_URL,
    entityID: p.entityID ?? '',
    certificate: p.certificate ?? '',
    ...(team ? { defaultTeam: presentTeam(ctx, team, callerId) } : {}),
    defaultRole: p.defaultRole,
    createdAt: p.createdAt,
    status: isActive(p) ? ('active' as const) : ('pending' as const),
    service: serviceUrls(ctx, p),
    urls: { location: `${ctx.baseUrl}/v1/orgs/${p.organization}/saml/${p.id}` },
  };
}

function getProvider(ctx: EmulatorContext, orgId: string, id: string): SamlProviderDoc {
  const p = ctx.store.get<SamlProviderDoc>('samlProvider', id);
  if (!p || p.organization !== orgId) throw notFound('SAML provider');
  return p;
}

function checkTeam(ctx: EmulatorContext, orgId: string, teamId: string | undefined): void {
  if (teamId === undefined) return;
  const team = ctx.store.get<TeamDoc>('team', teamId);
  if (!team || team.organization !== orgId) throw badRequest(`body.defaultTeam: no team "${teamId}" in this organization`);
}

export function insertSamlProvider(
  ctx: EmulatorContext,
  orgId: string,
  input: SamlInput & { id?: string; label: string },
): SamlProviderDoc {
  const doc: SamlProviderDoc = {
    id: input.id ?? ctx.store.newId('saml'),
    object: 'saml-provider',
    organization: orgId,
    label: input.label,
    // New SSO members read by default: the least a member role gives.
    defaultRole: input.defaultRole === undefined ? 'read' : input.defaultRole,
    createdAt: ctx.now().toISOString(),
  };
  if (input.entityID !== undefined) doc.entityID = input.entityID;
  if (input.certificate !== undefined) doc.certificate = input.certificate;
  if (input.ssoURL !== undefined) doc.ssoURL = input.ssoURL;
  if (input.defaultTeam !== undefined) doc.defaultTeam = input.defaultTeam;
  return ctx.store.insert('samlProvider', doc, orgId);
}

export const ssoHandlers = {
  listSAMLProvidersInOrganizationById: ({ ctx, caller, params, query: q }) => {
    const page = ctx.store.list<SamlProviderDoc>('samlProvider', { parent: params.organizationId, page: q.page, limit: q.limit });
    return listed(page, (p) => presentProvider(ctx, p, caller.userId));
  },

  createOrganizationSAMLProvider: ({ ctx, caller, params, body: input }) => {
    checkTeam(ctx, params.organizationId, input.defaultTeam);
    const doc = insertSamlProvider(ctx, params.organizationId, input);
    const presented = presentProvider(ctx, doc, caller.userId);
    return { status: 201, body: presented, headers: { location: presented.urls.location } };
  },

  getOrganizationSAMLProviderById: ({ ctx, caller, params }) => ({
    status: 200,
    body: presentProvider(ctx, getProvider(ctx, params.organizationId, params.samlProviderId), caller.userId),
  }),

  updateOrganizationSAMLProvider: ({ ctx, caller, params, body: input }) => {
    const current = getProvider(ctx, params.organizationId, params.samlProviderId);
    checkTeam(ctx, params.organizationId, input.defaultTeam);
    const next: SamlProviderDoc = { ...current };
    for (const key of ['label', 'entityID', 'certificate', 'ssoURL', 'defaultTeam'] as const) {
      const value = input[key];
      if (value !== undefined) next[key] = value;
    }
    if (input.defaultRole !== undefined) next.defaultRole = input.defaultRole;
    ctx.store.put('samlProvider', next);
    return { status: 200, body: presentProvider(ctx, next, caller.userId) };
  },

  deleteOrganizationSAMLProvider: ({ ctx, params }) => {
    const p = ctx.store.get<SamlProviderDoc>('samlProvider', params.samlProviderId);
    if (p && p.organization === params.organizationId) ctx.store.delete('samlProvider', p.id);
    return { status: 204 };
  },

  listSSOProviderLoginsInOrganization: ({ ctx, params }) => {
    const items = ctx.store
      .all<SamlProviderDoc>('samlProvider', params.organizationId)
      .filter(isActive)
      .map((p) => ({ id: p.id, label: p.label, startURL: serviceUrls(ctx, p).startURL }));
    return { status: 200, body: { items } };
  },
} satisfies Partial<Handlers>;
