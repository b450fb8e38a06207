import { sites } from '../../../api/operations/sites.js';
import { orgFlag } from '../../../cli/index.js';
import { templateConditionColumns } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesAdaptiveSchemaConditions extends SiteCommand<typeof SitesAdaptiveSchemaConditions> {
  static override operations = [sites.listAdaptiveTemplateConditions];
  static override summary = 'List the conditions suggested by the visitor schema';
  static override description =
    'Expressions generated from the adaptive-content schema, ready for `docs sites sections edit --condition` and `docs sites spaces edit --condition`.';
  static override examples = [
    '<%= config.bin %> sites adaptive-schema conditions site_abc',
    '<%= config.bin %> sites adaptive-schema conditions site_abc --json',
  ];
  static override args = { site: siteArg() };
  static override flags = { org: orgFlag(), site: siteFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const site = this.site();
    const { items } = await this.send(sites.listAdaptiveTemplateConditions, { organizationId, siteId: site });
    this.output.list(
      items,
      templateConditionColumns,
      `No conditions: the site has no adaptive-content schema (see \`${this.config.bin} sites adaptive-schema set\`).`,
    );
  }
}
