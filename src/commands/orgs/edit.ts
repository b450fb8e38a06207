import { Args, Flags } from '@oclif/core';
import { organizations } from '../../api/operations/organizations.js';
import { DocsCommand, dryRunFlag, field, fieldsFromFlags, orgFlag, UsageError } from '../../cli/index.js';
import { roleFromFlag, roleOrGuestFlag } from '../../cli/flags/members.js';
import { organizationRow } from '../../cli/format/organizations.js';

const op = organizations.update;

/** `--email-domains a.com,b.com`: the list the organization ends up with; "" empties it. */
const domainList = (value: string): string[] =>
  value
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');

export default class OrgsEdit extends DocsCommand<typeof OrgsEdit> {
  static override operations = [organizations.update];
  static override summary = 'Edit the settings of an organization';
  static override description = [
    'Only the settings given change. --email-domains replaces the whole list ("" empties it);',
    '--default-site and --logo take `none` to remove the value. Needs the admin role.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> orgs edit --title "Acme Documentation" --default-role read',
    {
      description: 'New members of these domains may join; no invite links',
      command: '<%= config.bin %> orgs edit --email-domains acme.test,docs.acme.test\n--no-invite-links',
    },
    { description: 'Send visitors to a site by default', command: '<%= config.bin %> orgs edit org_abc --default-site site_abc' },
  ];
  static override args = { org: Args.string({ description: "Organization id (default: --org or the profile's org)" }) };
  static override flags = {
    org: orgFlag(),
    title: field.string(op.body, 'title', { description: 'New title' }),
    'email-domains': Flags.string({
      description: 'Comma-separated e-mail domains whose users may join (replaces the list; "" empties it)',
      helpValue: '<domains>',
    }),
    hostname: field.string(op.body, 'hostname', { description: 'Default hostname for public content', helpValue: '<name>' }),
    'default-role': roleOrGuestFlag('Role new members get (guest: no role)'),
    'default-site': Flags.string({ description: 'Site shown by default (`none` removes it)', helpValue: '<site-id|none>' }),
    logo: Flags.string({ description: 'Logo URL (at most 2048 characters; `none` removes it)', helpValue: '<url|none>' }),
    sso: field.boolean(op.body, 'sso', { description: 'Enforce SSO for the whole organization' }),
    ai: field.boolean(op.body, 'ai', { description: 'Enable the AI features' }),
    'invite-links': field.boolean(op.body, 'inviteLinks', { description: 'Allow joining through invite links' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const { flags } = this;
    const body: Record<string, unknown> = fieldsFromFlags(op.body, flags);
    if (flags['email-domains'] !== undefined) body.emailDomains = domainList(flags['email-domains']);
    if (flags['default-role'] !== undefined) body.defaultRole = roleFromFlag(flags['default-role']);
    if (flags['default-site'] !== undefined)
      body.defaultContent = flags['default-site'] === 'none' ? null : { type: 'site', site: flags['default-site'] };
    if (flags.logo !== undefined) body.logo = flags.logo === 'none' ? null : flags.logo;
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'nothing to change: pass at least one setting (--title, --email-domains, --hostname, --default-role, --default-site, --logo, --sso, --ai, --invite-links)',
      );
    }
    const organizationId = this.args.org ? this.subject('organization', this.args.org) : await this.org();
    const org = await this.send(op, { organizationId, body });
    this.output.done(`Updated organization "${org.title}" (${org.id})`, org, organizationRow);
  }
}
