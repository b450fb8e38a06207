import type { Scenarios, World } from './types.js';

/** A team without owners, so that only the minimum role decides (the access matrix adds an owner where it tests one). */
async function ownerlessTeam({ admin, demo }: World): Promise<string> {
  const res = await admin('PUT', `/v1/orgs/${demo.org}/teams`, { body: { title: 'Matrix team', members: [demo.users.edit] } });
  if (res.status !== 201) throw new Error(`cannot create a team: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** Organizations, members, SSO, collections and teams: a successful call of each, on the demo seed. */
export const scenarios: Scenarios = {
  listOrganizationsForAuthenticatedUser: () => ({ params: {} }),
  getOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org } }),
  updateOrganizationById: ({ demo }) => ({
    params: { organizationId: demo.org },
    body: { title: 'Acme Documentation', defaultContent: { type: 'site', site: demo.site } },
  }),
  deleteOrganizationInviteById: ({ demo }) => ({ params: { organizationId: demo.org, inviteId: demo.invite } }),
  searchOrganizationContent: ({ demo }) => ({ params: { organizationId: demo.org }, query: { query: 'install' } }),
  getOrganizationsForEmailDomain: () => ({ params: { emailDomain: 'acme.test' } }),

  listMembersInOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org }, query: { limit: 5 } }),
  getMemberInOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org, userId: demo.users.edit } }),
  removeMemberFromOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org, userId: 'usr_frances' } }),
  updateMemberInOrganizationById: ({ demo }) => ({
    params: { organizationId: demo.org, userId: 'usr_frances' },
    body: { role: 'comment' },
  }),
  updateOrganizationMemberLastSeenAt: ({ demo }) => ({ params: { organizationId: demo.org } }),
  setUserAsSSOMemberForOrganization: ({ demo }) => ({ params: { organizationId: demo.org, userId: demo.users.read } }),
  listSpacesForOrganizationMember: ({ demo }) => ({ params: { organizationId: demo.org, userId: demo.users.edit } }),
  listTeamsForOrganizationMember: ({ demo }) => ({ params: { organizationId: demo.org, userId: demo.users.create } }),

  listSAMLProvidersInOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org } }),
  createOrganizationSAMLProvider: ({ demo }) => ({
    params: { organizationId: demo.org },
    body: {
      label: 'Azure AD',
      entityID: 'https://sts.example/entity',
      ssoURL: 'https://login.example/saml2',
      certificate: 'MIIC',
      defaultTeam: demo.teams.reviewers,
      defaultRole: 'comment',
    },
  }),
  getOrganizationSAMLProviderById: ({ demo }) => ({ params: { organizationId: demo.org, samlProviderId: demo.samlProvider } }),
  deleteOrganizationSAMLProvider: ({ demo }) => ({ params: { organizationId: demo.org, samlProviderId: demo.samlProvider } }),
  updateOrganizationSAMLProvider: ({ demo }) => ({
    params: { organizationId: demo.org, samlProviderId: demo.samlProvider },
    body: { label: 'Okta SSO' },
  }),
  listSSOProviderLoginsInOrganization: ({ demo }) => ({ params: { organizationId: demo.org } }),

  getCollectionById: ({ demo }) => ({ params: { collectionId: demo.collections.guides } }),
  deleteCollectionById: ({ demo }) => ({ params: { collectionId: demo.collections.api } }),
  updateCollectionById: ({ demo }) => ({
    params: { collectionId: demo.collections.guides },
    body: { title: 'How-to guides', description: 'Step by step' },
  }),
  listSpacesInCollectionById: ({ demo }) => ({ params: { collectionId: demo.collections.guides } }),
  moveCollection: ({ demo }) => ({ params: { collectionId: demo.collections.api }, body: { parent: demo.collections.internal } }),
  transferCollection: ({ demo, store, caller }) => {
    // The receiving organization must count the caller among its admins.
    const id = `${demo.otherOrg}:${caller.userId}`;
    if (!store.get('member', id))
      store.insert(
        'member',
        { id, organization: demo.otherOrg, userId: caller.userId, role: 'admin', joinedAt: '2025-01-01T00:00:00.000Z' },
        demo.otherOrg,
      );
    return { params: { collectionId: demo.collections.api }, body: { organization: demo.otherOrg } };
  },
  listCollectionsInOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org }, query: { nested: false } }),
  createCollection: ({ demo }) => ({
    params: { organizationId: demo.org },
    body: { title: 'Runbooks', parent: demo.collections.internal },
  }),

  listTeamsInOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org } }),
  createOrganizationTeam: ({ demo }) => ({ params: { organizationId: demo.org }, body: { title: 'Support', members: [demo.users.read] } }),
  getTeamInOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org, teamId: demo.teams.writers } }),
  removeTeamFromOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org, teamId: demo.teams.reviewers } }),
  updateTeamInOrganizationById: async (world) => ({
    params: { organizationId: world.demo.org, teamId: await ownerlessTeam(world) },
    body: { title: 'Review board' },
  }),
  listTeamMembersInOrganizationById: ({ demo }) => ({ params: { organizationId: demo.org, teamId: demo.teams.writers } }),
  updateMembersInOrganizationTeam: async (world) => ({
    params: { organizationId: world.demo.org, teamId: await ownerlessTeam(world) },
    body: { add: ['tim@acme.test'], remove: [world.demo.users.edit] },
  }),
  addMemberToOrganizationTeamById: async (world) => ({
    params: { organizationId: world.demo.org, teamId: await ownerlessTeam(world), userId: world.demo.users.read },
    body: { role: 'owner' },
  }),
  deleteMemberFromOrganizationTeamById: async (world) => ({
    params: { organizationId: world.demo.org, teamId: await ownerlessTeam(world), userId: world.demo.users.edit },
  }),
};
