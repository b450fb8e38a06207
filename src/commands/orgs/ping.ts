import { members } from '../../api/operations/members.js';
import type { PingResult } from '../../api/schemas/member.js';
import { DocsCommand, dryRunFlag, orgFlag } from '../../cli/index.js';

/** The contract names the claims `serviceVisitorClaims`, the spec `gitbookVisitorClaims`. */
const claimsOf = (r: PingResult): string | undefined => r.serviceVisitorClaims ?? r.gitbookVisitorClaims;

export default class OrgsPing extends DocsCommand<typeof OrgsPing> {
  static override operations = [members.ping];
  static override summary = "Update your last-seen time in an organization (the members list's LAST SEEN)";
  static override description = [
    'Updates your last-seen time (what `docs members list --sort lastSeenAt` orders by).',
    'The answer may carry visitor claims, a JWT for visitor-authenticated content: piped, the row is `<org id><TAB>seen<TAB><claims>`; with --json, the answer; not shown on a terminal.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> orgs ping',
    { description: 'Keep the visitor claims', command: 'claims=$(<%= config.bin %> orgs ping --org org_abc | cut -f3)' },
  ];
  static override flags = { org: orgFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const result = await this.send(members.ping, { organizationId });
    const claims = claimsOf(result);
    const note = claims && !this.output.isJson ? ' (visitor claims returned: pipe or use --json to print them)' : '';
    // Piped, the row of every change: the id first (the organization), what happened, then the claims.
    this.output.done(`Updated your last-seen time in organization ${organizationId}${note}`, result, {
      'ORG ID': () => organizationId,
      OUTCOME: () => 'seen',
      CLAIMS: claimsOf,
    });
  }
}
