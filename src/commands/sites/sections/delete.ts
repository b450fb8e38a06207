import { Args } from '@oclif/core';
import { siteSections } from '../../../api/operations/site-sections.js';
import { dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSectionsDelete extends SiteCommand<typeof SitesSectionsDelete> {
  static override operations = [siteSections.delete];
  static override summary = 'Delete a section of a site';
  static override description =
    'Removes the section and its site spaces from the site (the spaces are kept). Asks for confirmation on a terminal; --yes skips it (and is required without one).';
  static override examples = [
    '<%= config.bin %> sites sections delete site_abc sitesc_123',
    '<%= config.bin %> sites sections delete --site site_abc sitesc_123 --yes',
  ];
  static override args = { site: siteArg(), section: Args.string({ description: 'Section id (see `docs sites sections list`)' }) };
  static override flags = { org: orgFlag(), site: siteFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const { site, part } = this.sitePart('site section', this.args.section);
    await this.send(
      siteSections.delete,
      { organizationId, siteId: site, siteSectionId: part },
      {
        confirm: {
          question: async () =>
            `Delete section ${part} of ${await this.names.site(organizationId, site)} with its site spaces (the spaces are kept)?`,
          action: `delete section ${part}`,
        },
      },
    );
    this.output.done(`Deleted section ${part} of site ${site}`, new NoContent(part, 'deleted'));
  }
}
