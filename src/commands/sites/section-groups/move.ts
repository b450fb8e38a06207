import { Args, Flags } from '@oclif/core';
import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { dryRunFlag, orgFlag } from '../../../cli/index.js';
import { sectionGroupRow } from '../../../cli/format/sites.js';
import { movePosition, siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSectionGroupsMove extends SiteCommand<typeof SitesSectionGroupsMove> {
  static override operations = [siteSectionGroups.move, siteSectionGroups.list];
  static override summary = 'Move a section group before or after a section or another group';
  static override description =
    'The neighbour is a group or a section outside any group; the command looks up which (one request listing the groups). Give both --before and --after to place it between two adjacent items.';
  static override examples = [
    '<%= config.bin %> sites section-groups move site_abc sitesg_123 --before sitesc_guides',
    '<%= config.bin %> sites section-groups move site_abc sitesg_123 --after sitesg_456',
  ];
  static override args = { site: siteArg(), group: Args.string({ description: 'Id of the section group to move' }) };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    before: Flags.string({ description: 'Put it just before this section or group', helpValue: '<id>' }),
    after: Flags.string({ description: 'Put it just after this section or group', helpValue: '<id>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    movePosition(this.flags, (id) => id);
    const organizationId = await this.org();
    const { site: siteId, part } = this.sitePart('site section group', this.args.group);
    // The API needs the neighbour's kind; ids alone do not say it.
    const groups = new Set<string>();
    for await (const g of this.api.paginate(
      siteSectionGroups.list,
      { organizationId, siteId },
      { pageSize: 100, signal: this.abort.signal },
    ))
      groups.add(g.id);
    const position = movePosition(this.flags, (id) => ({
      type: groups.has(id) ? ('site-section-group' as const) : ('site-section' as const),
      id,
    }));
    const group = await this.send(siteSectionGroups.move, {
      organizationId,
      siteId,
      siteSectionGroupId: part,
      body: { position },
    });
    const where = position.before ? `before ${this.flags.before}` : `after ${this.flags.after}`;
    this.output.done(`Moved section group "${group.title}" (${group.id}) ${where}`, group, sectionGroupRow);
  }
}
