import { Flags } from '@oclif/core';
import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { dryRunFlag, field, fieldsFromFlags, orgFlag } from '../../../cli/index.js';
import { sectionGroupRow } from '../../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSectionGroups.create;

export default class SitesSectionGroupsCreate extends SiteCommand<typeof SitesSectionGroupsCreate> {
  static override operations = [siteSectionGroups.create];
  static override summary = 'Create a section group in a site';
  static override description =
    'The group goes at the end of the site navigation, holding the sections given with --section (repeatable), in that order.';
  static override examples = [
    {
      description: 'A group of two sections',
      command: '<%= config.bin %> sites section-groups create site_abc --title Products\n--section sitesc_guides --section sitesc_api',
    },
    {
      description: 'An empty group, keeping its id',
      command: 'group=$(<%= config.bin %> sites section-groups create site_abc --title Resources\n| cut -f1)',
    },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    title: field.string(op.body, 'title', { description: 'Title of the group', required: true }),
    icon: field.string(op.body, 'icon', { description: 'Icon name', helpValue: '<name>' }),
    section: Flags.string({ description: 'Id of a section to put in the group (repeatable)', helpValue: '<section-id>', multiple: true }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const section = this.flags.section;
    const organizationId = await this.org();
    const site = this.site();
    // oclif enforces --title; the schema would name it too.
    const body = { ...fieldsFromFlags(op.body, this.flags), title: this.flags.title ?? '', ...(section ? { sections: section } : {}) };
    const group = await this.send(op, { organizationId, siteId: site, body });
    const count = group.sections?.length ?? 0;
    this.output.done(
      `Created section group "${group.title}" (${group.id}) with ${count} section${count === 1 ? '' : 's'} in site ${site}`,
      group,
      sectionGroupRow,
    );
  }
}
