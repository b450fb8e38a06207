import { Args, Flags } from '@oclif/core';
import { siteSpaces } from '../../../api/operations/site-spaces.js';
import { dryRunFlag, orgFlag } from '../../../cli/index.js';
import { siteSpaceRow } from '../../../cli/format/sites.js';
import { movePosition, siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSpacesMove extends SiteCommand<typeof SitesSpacesMove> {
  static override operations = [siteSpaces.move];
  static override summary = 'Move a site space before or after another one';
  static override description =
    'The neighbour must be a site space of the same section (or of the root level). Give both --before and --after to place it between two adjacent site spaces.';
  static override examples = ['<%= config.bin %> sites spaces move site_abc sitesp_v2 --before sitesp_v1'];
  static override args = { site: siteArg(), 'site-space': Args.string({ description: 'Id of the site space to move' }) };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    before: Flags.string({ description: 'Put it just before this site space', helpValue: '<site-space-id>' }),
    after: Flags.string({ description: 'Put it just after this site space', helpValue: '<site-space-id>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const position = movePosition(this.flags, (siteSpace) => ({ type: 'site-space' as const, siteSpace }));
    const organizationId = await this.org();
    const { site: siteId, part } = this.sitePart('site space', this.args['site-space']);
    const ss = await this.send(siteSpaces.move, {
      organizationId,
      siteId,
      siteSpaceId: part,
      body: { position },
    });
    const where = position.before ? `before ${this.flags.before}` : `after ${this.flags.after}`;
    this.output.done(`Moved site space ${ss.id} ${where}`, ss, siteSpaceRow);
  }
}
