import { Args } from '@oclif/core';
import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSectionGroupsDelete extends SiteCommand<typeof SitesSectionGroupsDelete> {
  static override operations = [siteSectionGroups.delete];
  static override summary = 'Delete a section group';
  static override description =
    'The sections of the group stay in the site, where the group was. Asks for confirmation on a terminal; --yes skips it (and is required without one).';
  static override examples = [
    '<%= config.bin %> sites section-groups delete site_abc sitesg_123',
    '<%= config.bin %> sites section-groups delete site_abc sitesg_123 --yes',
  ];
  static override args = {
    site: siteArg(),
    group: Args.string({ description: 'Section group id (see `docs sites section-groups list`)' }),
  };
  static override flags = { org: orgFlag(), site: siteFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const { site, part } = this.sitePart('site section group', this.args.group);
    await this.send(
      siteSectionGroups.delete,
      { organizationId, siteId: site, siteSectionGroupId: part },
      {
        confirm: {
          question: async () => `Delete section group ${part} of ${await this.names.site(organizationId, site)} (its sections are kept)?`,
          action: `delete section group ${part}`,
        },
      },
    );
    this.output.done(`Deleted section group ${part} of site ${site}`, new NoContent(part, 'deleted'));
  }
}
