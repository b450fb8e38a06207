import { Args } from '@oclif/core';
import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';
import { siteArg, siteFlag, siteTarget } from '../../../cli/format/sites.js';
import { Names } from '../../../cli/names.js';

export default class SitesSectionGroupsDelete extends DocsCommand<typeof SitesSectionGroupsDelete> {
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
    const { site, part, hint } = siteTarget([this.args.site, this.args.group], this.flags.site, this.config.bin, {
      label: 'section group',
      list: 'sites section-groups list',
    });
    const names = new Names(() => this.client(), this.abort.signal);
    await this.send(
      siteSectionGroups.delete,
      { organizationId, siteId: this.about('site', site), siteSectionGroupId: this.about('site section group', part, hint) },
      {
        confirm: {
          question: async () => `Delete section group ${part} of ${await names.site(organizationId, site)} (its sections are kept)?`,
          action: `delete section group ${part}`,
        },
      },
    );
    this.output.done(`Deleted section group ${part} of site ${site}`, new NoContent(part, 'deleted'));
  }
}
