import { siteSections } from '../../../api/operations/site-sections.js';
import { field, fieldsFromFlags, listFlags, orgFlag } from '../../../cli/index.js';
import { sectionColumns } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSections.list;

export default class SitesSectionsList extends SiteCommand<typeof SitesSectionsList> {
  static override operations = [siteSections.list];
  static override summary = 'List the sections of a site';
  static override description = 'In site order, with the group each belongs to and the titles of its site spaces (variants).';
  static override examples = [
    '<%= config.bin %> sites sections list site_abc',
    { description: 'Section ids only', command: '<%= config.bin %> sites sections list site_abc | cut -f1' },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    'share-key': field.string(op.query, 'shareKey', {
      description: 'Share key of a share-link site (resolves published URLs)',
      helpValue: '<key>',
    }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const site = this.site();
    await this.list(op, { organizationId, siteId: site, query: fieldsFromFlags(op.query, this.flags) }, sectionColumns, 'No sections.');
  }
}
