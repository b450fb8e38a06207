import { Flags } from '@oclif/core';
import { siteSections } from '../../../api/operations/site-sections.js';
import { dryRunFlag, field, orgFlag } from '../../../cli/index.js';
import { sectionRow } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSections.add;

export default class SitesSectionsAdd extends SiteCommand<typeof SitesSectionsAdd> {
  static override operations = [siteSections.add];
  static override summary = 'Add a section to a site';
  static override description =
    'The section starts with one site space: the space given with --space. Add more variants with `docs sites spaces add --section`.';
  static override examples = [
    '<%= config.bin %> sites sections add site_abc --space space_api --title "API reference"',
    {
      description: 'Keep the new section id (piped output is id, path, title)',
      command: 'section=$(<%= config.bin %> sites sections add site_abc --space space_api | cut -f1)',
    },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    space: Flags.string({ description: 'Id of the space the section shows', helpValue: '<space-id>', required: true }),
    title: field.string(op.body, 'title', { description: "Title of the section (default: the space's title)" }),
    icon: field.string(op.body, 'icon', { description: 'Icon name', helpValue: '<name>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const { space, title, icon } = this.flags;
    const organizationId = await this.org();
    const site = this.site();
    const body = { spaceId: space, ...(title !== undefined ? { title } : {}), ...(icon !== undefined ? { icon } : {}) };
    const section = await this.send(op, { organizationId, siteId: site, body });
    this.output.done(`Added section "${section.title}" (${section.id}, path ${section.path}) to site ${site}`, section, sectionRow);
  }
}
