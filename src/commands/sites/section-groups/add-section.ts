import { Args, Flags } from '@oclif/core';
import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { dryRunFlag, orgFlag } from '../../../cli/index.js';
import { sectionGroupRow } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSectionGroupsAddSection extends SiteCommand<typeof SitesSectionGroupsAddSection> {
  static override operations = [siteSectionGroups.addSection];
  static override summary = 'Put a section in a section group';
  static override description = 'The section goes at the end of the group, leaving the group it was in, if any.';
  static override examples = [
    {
      description: 'Put the API section in a group',
      command: '<%= config.bin %> sites section-groups add-section site_abc sitesg_123\n--section sitesc_api',
    },
  ];
  static override args = {
    site: siteArg(),
    group: Args.string({ description: 'Section group id (see `docs sites section-groups list`)' }),
  };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    section: Flags.string({
      description: 'Id of the section to add (see `docs sites sections list`)',
      helpValue: '<section-id>',
      required: true,
    }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const { site: siteId, part } = this.sitePart('site section group', this.args.group);
    const group = await this.send(siteSectionGroups.addSection, {
      organizationId,
      siteId,
      siteSectionGroupId: part,
      body: { sectionId: this.flags.section },
    });
    const count = group.sections?.length ?? 0;
    this.output.done(
      `Added section ${this.flags.section} to group "${group.title}" (${group.id}, now ${count} section${count === 1 ? '' : 's'})`,
      group,
      sectionGroupRow,
    );
  }
}
