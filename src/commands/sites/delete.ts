import { sites } from '../../api/operations/sites.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../cli/index.js';
import { siteArg, siteFlag, siteTarget } from '../../cli/format/sites.js';
import { Names } from '../../cli/names.js';

export default class SitesDelete extends DocsCommand<typeof SitesDelete> {
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
    const { site } = siteTarget([this.args.site], this.flags.site, this.config.bin);
    const names = new Names(() => this.client(), this.abort.signal);
    await this.send(
      sites.delete,
      { organizationId, siteId: this.about('site', site) },
      {
        confirm: {
          question: async () => `Delete ${await names.site(organizationId, site)} with its sections and site spaces (the spaces are kept)?`,
          action: `delete site ${site}`,
        },
      },
    );
    this.output.done(`Deleted site ${site}`, new NoContent(site, 'deleted'));
  }
}
