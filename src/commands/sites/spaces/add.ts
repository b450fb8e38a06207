import { Flags } from '@oclif/core';
import { siteSpaces } from '../../../api/operations/site-spaces.js';
import { dryRunFlag, orgFlag } from '../../../cli/index.js';
import { siteSpaceRow } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSpacesAdd extends SiteCommand<typeof SitesSpacesAdd> {
  static override operations = [siteSpaces.add];
  static override summary = 'Add a space to a site';
  static override description =
    'The space goes to --section (as another variant of it), else to the default section, or to the root level when the site has no sections.';
  static override examples = [
    '<%= config.bin %> sites spaces add site_abc --space space_handbook',
    {
      description: 'As a variant of a section, keeping the site space id',
      command: 'ss=$(<%= config.bin %> sites spaces add site_abc --space space_v2\n--section sitesc_api | cut -f1)',
    },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    space: Flags.string({ description: 'Id of the space to add', helpValue: '<space-id>', required: true }),
    section: Flags.string({ description: 'Section to add it to (default: the default section, if any)', helpValue: '<section-id>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const { space, section } = this.flags;
    const organizationId = await this.org();
    const site = this.site();
    const ss = await this.send(siteSpaces.add, {
      organizationId,
      siteId: site,
      body: { spaceId: space, ...(section !== undefined ? { sectionId: section } : {}) },
    });
    this.output.done(
      `Added space ${ss.space.id} to site ${site} as site space ${ss.id} (path ${ss.path}${ss.section ? `, section ${ss.section}` : ''})`,
      ss,
      siteSpaceRow,
    );
  }
}
