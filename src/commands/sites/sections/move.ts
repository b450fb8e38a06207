import { Args, Flags } from '@oclif/core';
import { siteSections } from '../../../api/operations/site-sections.js';
import { dryRunFlag, orgFlag } from '../../../cli/index.js';
import { sectionRow } from '../../../cli/format/sites.js';
import { movePosition, siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSectionsMove extends SiteCommand<typeof SitesSectionsMove> {
  static override operations = [siteSections.move];
  static override summary = 'Move a section before or after another one';
  static override description =
    'The neighbour must be a section at the same level (the same group, or outside any group). Give both --before and --after to place it between two adjacent sections.';
  static override examples = [
    '<%= config.bin %> sites sections move site_abc sitesc_api --before sitesc_guides',
    '<%= config.bin %> sites sections move site_abc sitesc_api --after sitesc_guides',
  ];
  static override args = { site: siteArg(), section: Args.string({ description: 'Id of the section to move' }) };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    before: Flags.string({ description: 'Put it just before this section', helpValue: '<section-id>' }),
    after: Flags.string({ description: 'Put it just after this section', helpValue: '<section-id>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const position = movePosition(this.flags, (siteSection) => ({ type: 'site-section' as const, siteSection }));
    const organizationId = await this.org();
    const { site: siteId, part } = this.sitePart('site section', this.args.section);
    const section = await this.send(siteSections.move, {
      organizationId,
      siteId,
      siteSectionId: part,
      body: { position },
    });
    const where = position.before ? `before ${this.flags.before}` : `after ${this.flags.after}`;
    this.output.done(`Moved section "${section.title}" (${section.id}) ${where}`, section, sectionRow);
  }
}
