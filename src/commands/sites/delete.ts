import { sites } from '../../api/operations/sites.js';
import { dryRunFlag, NoContent, orgFlag, yesFlag } from '../../cli/index.js';
import { siteArg, siteFlag } from '../../cli/flags/sites.js';
import { SiteCommand } from '../../cli/site-command.js';

export default class SitesDelete extends SiteCommand<typeof SitesDelete> {
  static override operations = [sites.delete];
  static override summary = 'Delete a site';
  static override description =
    'Removes the site with its sections, groups and site spaces; the spaces themselves are kept. Asks for confirmation on a terminal; --yes skips it (and is required without one). Deleting a site that does not exist succeeds.';
  static override examples = [
    '<%= config.bin %> sites delete site_abc',
    { description: 'In CI', command: '<%= config.bin %> sites delete site_abc --yes' },
  ];
  static override args = { site: siteArg() };
  static override flags = { org: orgFlag(), site: siteFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const site = this.site();
    await this.send(
      sites.delete,
      { organizationId, siteId: site },
      {
        confirm: {
          question: async () =>
            `Delete ${await this.names.site(organizationId, site)} with its sections and site spaces (the spaces are kept)?`,
          action: `delete site ${site}`,
        },
      },
    );
    this.output.done(`Deleted site ${site}`, new NoContent(site, 'deleted'));
  }
}
