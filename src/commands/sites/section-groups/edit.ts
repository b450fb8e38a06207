import { Args, Flags } from '@oclif/core';
import { siteSectionGroups } from '../../../api/operations/site-section-groups.js';
import { dryRunFlag, field, fieldsFromFlags, orgFlag, UsageError } from '../../../cli/index.js';
import { sectionGroupRow } from '../../../cli/format/sites.js';
import { exclusiveWith, siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSectionGroups.update;

export default class SitesSectionGroupsEdit extends SiteCommand<typeof SitesSectionGroupsEdit> {
  static override operations = [siteSectionGroups.update];
  static override summary = 'Edit the title or icon of a section group';
  static override description =
    'Takes SITE GROUP, or --site SITE and GROUP (ids from `docs sites section-groups list`). Pass --title and/or --icon; --remove-icon clears the icon. Sections are moved in and out with `docs sites section-groups add-section` and `remove-section`.';
  static override examples = [
    {
      description: 'A new title',
      command: '<%= config.bin %> sites section-groups edit site_abc sitesg_123\n--title "Developer resources"',
    },
    '<%= config.bin %> sites section-groups edit site_abc sitesg_123 --remove-icon',
  ];
  static override args = {
    site: siteArg(),
    group: Args.string({ description: 'Section group id (see `docs sites section-groups list`)' }),
  };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    title: field.string(op.body, 'title', { description: 'New title' }),
    icon: exclusiveWith(field.string(op.body, 'icon', { description: 'Icon name', helpValue: '<name>' }), 'remove-icon'),
    'remove-icon': Flags.boolean({ description: 'Remove the icon', exclusive: ['icon'] }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const body: Record<string, unknown> = fieldsFromFlags(op.body, this.flags);
    if (this.flags['remove-icon']) body.icon = null;
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: pass --title, --icon or --remove-icon');
    const organizationId = await this.org();
    const { site: siteId, part } = this.sitePart('site section group', this.args.group);
    const group = await this.send(op, { organizationId, siteId, siteSectionGroupId: part, body });
    this.output.done(`Updated section group "${group.title}" (${group.id})`, group, sectionGroupRow);
  }
}
