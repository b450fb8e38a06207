import { Args, Flags } from '@oclif/core';
import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSectionGroupsRemoveSection extends SiteCommand<typeof SitesSectionGroupsRemoveSection> {
  static override operations = [siteSectionGroups.removeSection];
  static override summary = 'Take a section out of a section group';
  static override description =
    'The section stays in the site, right after the group. Succeeds also when the section was not in the group. Asks for confirmation on a terminal; --yes skips it (and is required without one).';
  static override examples = [
    {
      description: 'Take the API section out of a group, with no prompt',
      command: '<%= config.bin %> sites section-groups remove-section site_abc sitesg_123\n--section sitesc_api --yes',
    },
  ];
  static override args = {
    site: siteArg(),
    group: Args.string({ description: 'Section group id (see `docs sites section-groups list`)' }),
  };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    section: Flags.string({ description: 'Id of the section to take out', helpValue: '<section-id>', required: true }),
    yes: yesFlag(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const section = this.flags.section;
    const organizationId = await this.org();
    const { site, part } = this.sitePart('site section group', this.args.group);
    await this.send(
      siteSectionGroups.removeSection,
      {
        organizationId,
        siteId: site,
        siteSectionGroupId: part,
        siteSectionId: section,
      },
      {
        confirm: {
          question: `Take section ${section} out of group ${part} (the section stays in the site)?`,
          action: `remove section ${section} from group ${part}`,
        },
      },
    );
    this.output.done(`Took section ${section} out of group ${part}`, new NoContent(section, 'removed'));
  }
}
