import { siteSpaces } from '../../../api/operations/site-spaces.js';
import { field, fieldsFromFlags, listFlags, orgFlag } from '../../../cli/index.js';
import { siteSpaceColumns } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSpaces.list;

export default class SitesSpacesList extends SiteCommand<typeof SitesSpacesList> {
  static override operations = [siteSpaces.list];
  static override summary = 'List the site spaces of a site';
  static override description =
    'A site space places a space on the site, at a path, in a section or at the root level. --default shows only the default one, --no-default the others.';
  static override examples = [
    '<%= config.bin %> sites spaces list site_abc',
    { description: 'The default site space, as JSON', command: '<%= config.bin %> sites spaces list site_abc --default --json' },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    default: field.boolean(op.query, 'default', { description: 'Only the default site space (--no-default: only the others)' }),
    'share-key': field.string(op.query, 'shareKey', {
      description: 'Share key of a share-link site (resolves published URLs)',
      helpValue: '<key>',
    }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const site = this.site();
    await this.list(
      op,
      { organizationId, siteId: site, query: fieldsFromFlags(op.query, this.flags) },
      siteSpaceColumns,
      'No site spaces.',
    );
  }
}
