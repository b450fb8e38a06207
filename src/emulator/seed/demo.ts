import type { SeedSpec } from './schema.js';

/**
 * `--seed demo`: "Acme Docs" with a member of every role (each with a readable token), teams,
 * nested collections, spaces with nested pages and files, a site with sections, a change request
 * with comments; and "Globex", administered by Ada too (so transfers can be tried) and by its own
 * admin, whose token sees only Globex (for checks across organizations). Ids and tokens are fixed
 * (comments, replies, site sections and site spaces included) so tests, the README, the commands'
 * examples and users' scripts can name them.
 */

export const DEMO = {
  org: 'org_acme',
  otherOrg: 'org_globex',
  tokens: {
    admin: 'demo-admin-token',
    create: 'demo-create-token',
    review: 'demo-review-token',
    edit: 'demo-edit-token',
    comment: 'demo-comment-token',
    read: 'demo-read-token',
    guest: 'demo-guest-token',
    otherAdmin: 'demo-other-admin-token',
  },
  users: {
    admin: 'usr_ada',
    create: 'usr_grace',
    review: 'usr_alan',
    edit: 'usr_katherine',
    comment: 'usr_margaret',
    read: 'usr_tim',
    guest: 'usr_barbara',
    otherAdmin: 'usr_dennis',
  },
  teams: { writers: 'team_writers', reviewers: 'team_reviewers' },
  collections: { product: 'col_product', guides: 'col_guides', api: 'col_api', internal: 'col_internal', globex: 'col_globex_ops' },
  spaces: { guides: 'space_guides', api: 'space_api', handbook: 'space_handbook', globex: 'space_globex_runbooks' },
  site: 'site_docs',
  samlProvider: 'saml_okta',
  invite: 'invite_acme_writers',
} as const;

const u = DEMO.users;

export const demoSeed: SeedSpec = {
  users: [
    { id: u.admin, displayName: 'Ada Lovelace', email: 'ada@acme.test', tokens: [DEMO.tokens.admin] },
    { id: u.create, displayName: 'Grace Hopper', email: 'grace@acme.test', tokens: [DEMO.tokens.create] },
    { id: u.review, displayName: 'Alan Turing', email: 'alan@acme.test', tokens: [DEMO.tokens.review] },
    { id: u.edit, displayName: 'Katherine Johnson', email: 'katherine@acme.test', tokens: [DEMO.tokens.edit] },
    { id: u.comment, displayName: 'Margaret Hamilton', email: 'margaret@acme.test', tokens: [DEMO.tokens.comment] },
    { id: u.read, displayName: 'Tim Berners-Lee', email: 'tim@acme.test', tokens: [DEMO.tokens.read] },
    { id: u.guest, displayName: 'Barbara Liskov', email: 'barbara@partner.test', tokens: [DEMO.tokens.guest] },
    { id: 'usr_edsger', displayName: 'Edsger Dijkstra', email: 'edsger@acme.test' },
    { id: 'usr_frances', displayName: 'Frances Allen', email: 'frances@acme.test' },
    { id: u.otherAdmin, displayName: 'Dennis Ritchie', email: 'dennis@globex.test', tokens: [DEMO.tokens.otherAdmin] },
  ],
  organizations: [
    {
      id: DEMO.org,
      title: 'Acme Docs',
      type: 'business',
      plan: 'pro_2024',
      useCase: 'productDocs',
      hostname: 'acme',
      emailDomains: ['acme.test'],
      defaultRole: 'read',
      inviteLinks: true,
      createdAt: '2024-01-08T09:00:00.000Z',
      members: [
        { user: u.admin, role: 'admin', joinedAt: '2024-01-08T09:00:00.000Z', lastSeenAt: '2025-06-02T08:30:00.000Z' },
        { user: u.create, role: 'create', joinedAt: '2024-01-09T10:00:00.000Z', lastSeenAt: '2025-06-01T16:05:00.000Z' },
        { user: u.review, role: 'review', joinedAt: '2024-02-12T11:00:00.000Z', lastSeenAt: '2025-05-28T13:45:00.000Z' },
        { user: u.edit, role: 'edit', joinedAt: '2024-03-04T12:00:00.000Z', lastSeenAt: '2025-06-02T07:10:00.000Z' },
        { user: 'usr_edsger', role: 'edit', joinedAt: '2024-03-18T12:00:00.000Z' },
        { user: u.comment, role: 'comment', joinedAt: '2024-04-22T13:00:00.000Z', lastSeenAt: '2025-04-30T09:00:00.000Z' },
        { user: u.read, role: 'read', joinedAt: '2024-05-06T14:00:00.000Z' },
        { user: 'usr_frances', role: 'read', joinedAt: '2024-06-10T14:00:00.000Z', sso: true },
        { user: u.guest, role: null, joinedAt: '2024-09-16T15:00:00.000Z' },
      ],
      teams: [
        {
          id: DEMO.teams.writers,
          title: 'Technical Writers',
          createdAt: '2024-01-10T09:00:00.000Z',
          members: [{ user: u.create, role: 'owner' }, { user: u.edit }, { user: 'usr_edsger' }],
        },
        {
          id: DEMO.teams.reviewers,
          title: 'Reviewers',
          createdAt: '2024-02-12T12:00:00.000Z',
          members: [{ user: u.review, role: 'owner' }, { user: u.comment }],
        },
      ],
      collections: [
        {
          id: DEMO.collections.product,
          title: 'Product',
          description: 'Everything customers read',
          collections: [
            { id: DEMO.collections.guides, title: 'Guides', description: 'Tutorials and how-to guides' },
            { id: DEMO.collections.api, title: 'API Reference' },
          ],
        },
        { id: DEMO.collections.internal, title: 'Internal', description: 'For Acme employees only', defaultLevel: 'read' },
      ],
      samlProviders: [
        {
          id: DEMO.samlProvider,
          label: 'Okta',
          entityID: 'http://www.okta.com/exk1acme',
          ssoURL: 'https://acme.okta.example/app/acme/exk1acme/sso/saml',
          certificate: '-----BEGIN CERTIFICATE-----\nMIIDpDCCAoygAwIBAgIGAYacme\n-----END CERTIFICATE-----',
          defaultTeam: DEMO.teams.writers,
          defaultRole: 'read',
        },
      ],
      invites: [DEMO.invite],
      spaces: [
        {
          id: DEMO.spaces.guides,
          title: 'Getting Started',
          emoji: '🚀',
          parent: DEMO.collections.guides,
          visibility: 'public',
          pages: [
            {
              id: 'page_welcome',
              title: 'Welcome',
              markdown: 'Acme helps teams ship documentation. Start with the [quickstart](quickstart.md).\n',
            },
            {
              id: 'page_quickstart',
              title: 'Quickstart',
              markdown:
                'Install the CLI, sign in, and publish your first page in five minutes.\n\n## Sign in\n\nRun `acme login` and paste your token.\n',
            },
            {
              id: 'page_installation',
              title: 'Installation',
              markdown: 'Acme runs on macOS and Linux.\n',
              pages: [
                { id: 'page_install_macos', title: 'macOS', markdown: 'Install with Homebrew: `brew install acme`.\n' },
                { id: 'page_install_linux', title: 'Linux', markdown: 'Download the tarball and add `acme` to your PATH.\n' },
              ],
            },
            {
              id: 'page_configuration',
              title: 'Configuration',
              markdown: 'Settings live in `~/.acme/config.toml`. See the [logo guidelines](../assets/logo.svg).\n',
            },
          ],
          files: [
            {
              id: 'file_logo',
              name: 'logo.svg',
              contentType: 'image/svg+xml',
              content:
                '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#e4572e"/></svg>',
            },
          ],
          changeRequests: [
            {
              id: 'cr_windows',
              subject: 'Document Windows installation',
              createdBy: u.edit,
              status: 'open',
              pages: [
                {
                  parent: 'page_installation',
                  title: 'Windows',
                  markdown: 'Install with winget: `winget install Acme.Cli`.\n',
                },
              ],
              comments: [
                {
                  id: 'cm_msi',
                  postedBy: u.review,
                  body: { markdown: 'Can we also mention the MSI installer?' },
                  replies: [{ id: 'rp_msi', postedBy: u.edit, body: { markdown: 'Good idea, adding it.' } }],
                },
              ],
            },
          ],
          comments: [
            {
              id: 'cm_screenshot',
              postedBy: u.comment,
              page: 'page_quickstart',
              body: { markdown: 'The sign-in step could show a screenshot.' },
            },
          ],
        },
        {
          id: DEMO.spaces.api,
          title: 'API Reference',
          emoji: '📡',
          parent: DEMO.collections.api,
          visibility: 'public',
          pages: [
            { id: 'page_api_overview', title: 'Overview', markdown: 'The Acme API speaks JSON over HTTPS.\n' },
            {
              id: 'page_api_auth',
              title: 'Authentication',
              markdown: 'Send `Authorization: Bearer <token>` with every request.\n',
            },
          ],
        },
        {
          id: DEMO.spaces.handbook,
          title: 'Employee Handbook',
          emoji: '📘',
          parent: DEMO.collections.internal,
          visibility: 'private',
          pages: [
            { id: 'page_handbook_intro', title: 'Introduction', markdown: 'How we work at Acme.\n' },
            {
              id: 'page_benefits',
              title: 'Benefits',
              markdown: 'An overview of what Acme offers.\n',
              pages: [
                { id: 'page_health', title: 'Health', markdown: 'Health insurance covers you and your family.\n' },
                { id: 'page_vacation', title: 'Vacation', markdown: 'Twenty-five days of paid vacation a year.\n' },
              ],
            },
            { id: 'page_security', title: 'Security', markdown: 'Use the password manager and enable two-factor sign-in.\n' },
          ],
        },
      ],
      sites: [
        {
          id: DEMO.site,
          title: 'Acme Documentation',
          visibility: 'public',
          published: true,
          sections: [
            { id: 'sitesc_guides', title: 'Guides', siteSpaces: [{ id: 'sitesp_guides', space: DEMO.spaces.guides }] },
            { id: 'sitesc_api', title: 'API', siteSpaces: [{ id: 'sitesp_api', space: DEMO.spaces.api }] },
          ],
        },
      ],
    },
    {
      id: DEMO.otherOrg,
      title: 'Globex Corporation',
      type: 'business',
      plan: 'free_2024',
      emailDomains: ['globex.test'],
      createdAt: '2024-02-01T09:00:00.000Z',
      members: [
        { user: u.otherAdmin, role: 'admin', joinedAt: '2024-02-01T09:00:00.000Z' },
        { user: u.admin, role: 'admin', joinedAt: '2024-02-01T09:00:00.000Z' },
      ],
      collections: [{ id: DEMO.collections.globex, title: 'Operations' }],
      spaces: [
        {
          id: DEMO.spaces.globex,
          title: 'Runbooks',
          emoji: '🛠️',
          pages: [{ id: 'page_globex_oncall', title: 'On-call', markdown: 'Page the platform team first.\n' }],
        },
      ],
    },
  ],
};
