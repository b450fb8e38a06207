import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { listFlags, orgFlag } from '../../../cli/index.js';
import { sectionGroupColumns } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSectionGroups.list;

export default class SitesSectionGroupsList extends SiteCommand<typeof SitesSectionGroupsList> {
  static override operations = [siteSectionGroups.list];
  static override summary = 'List the section groups of a site';
  static override description = 'Groups gather sections under one heading of the site navigation; each row names the sections in it.';
  static override examples = [
    '<%= config.bin %> sites section-groups list site_abc',
    '<%= config.bin %> sites section-groups list site_abc --json',
  ];
  static override args = { site: siteArg() };
  static override flags = { org: orgFlag(), site: siteFlag(), ...listFlags() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const site = this.site();
    await this.list(op, { organizationId, siteId: site }, sectionGroupColumns, 'No section groups.');
  }
}
