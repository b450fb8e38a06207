import { sites } from '../../api/operations/sites.js';
import { orgFlag } from '../../cli/index.js';
import { siteFields } from '../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../cli/flags/sites.js';
import { openWeb, webFlag, webIO } from '../../cli/web.js';
import { SiteCommand } from '../../cli/site-command.js';

export default class SitesGet extends SiteCommand<typeof SitesGet> {
  static override operations = [sites.get];
  static override summary = 'Show a site';
  static override description =
    'The site is the argument or --site (`docs sites list` shows the ids). Shows its type, visibility, whether it is published, its site spaces, hostname and basename, proxy, adaptive content, and its published and app URLs.';
  static override examples = ['<%= config.bin %> sites get site_abc', '<%= config.bin %> sites get --site site_abc --org org_acme --json'];
  static override args = { site: siteArg() };
  static override flags = { org: orgFlag(), site: siteFlag(), web: webFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const site = this.site();
    const found = await this.send(sites.get, { organizationId, siteId: site });
    if (this.flags.web) return openWeb(found.urls?.app, `site ${site}`, webIO(this.output, this.io));
    this.output.object(found, siteFields);
  }
}
