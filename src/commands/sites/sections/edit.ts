import { Args, Flags } from '@oclif/core';
import { siteSections } from '../../../api/operations/site-sections.js';
import { dryRunFlag, field, fieldsFromFlags, orgFlag, UsageError } from '../../../cli/index.js';
import { sectionRow } from '../../../cli/format/sites.js';
import { exclusiveWith, siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSections.update;
const remove = (what: string, other: string) => Flags.boolean({ description: `Remove the ${what}`, exclusive: [other] });

export default class SitesSectionsEdit extends SiteCommand<typeof SitesSectionsEdit> {
  static override operations = [siteSections.update];
  static override summary = 'Edit a section of a site';
  static override description = [
    'Changes only what is given; --remove-condition, --remove-icon and --remove-description clear a value.',
    'A condition is an adaptive-content expression deciding whether visitors see the section (see `docs sites adaptive-schema conditions`).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> sites sections edit site_abc sitesc_123 --title "Guides" --path guides',
    {
      description: 'Show the section to beta users only',
      command: '<%= config.bin %> sites sections edit site_abc sitesc_123\n--condition "visitor.claims.unsigned.isBetaUser"',
    },
  ];
  static override args = { site: siteArg(), section: Args.string({ description: 'Section id (see `docs sites sections list`)' }) };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    title: field.string(op.body, 'title', { description: 'New title' }),
    path: field.string(op.body, 'path', { description: 'Path of the section on the site' }),
    'default-site-space': field.string(op.body, 'defaultSiteSpace', {
      description: 'Site space of the section shown by default',
      helpValue: '<site-space-id>',
    }),
    condition: exclusiveWith(
      field.string(op.body, 'condition', {
        description: 'Adaptive-content expression deciding whether the section is shown',
        helpValue: '<expression>',
      }),
      'remove-condition',
    ),
    'remove-condition': remove('condition', 'condition'),
    icon: exclusiveWith(field.string(op.body, 'icon', { description: 'Icon name', helpValue: '<name>' }), 'remove-icon'),
    'remove-icon': remove('icon', 'icon'),
    description: exclusiveWith(field.string(op.body, 'description', { description: 'Description of the section' }), 'remove-description'),
    'remove-description': remove('description', 'description'),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const flags = this.flags;
    const body: Record<string, unknown> = fieldsFromFlags(op.body, flags);
    for (const name of ['condition', 'icon', 'description'] as const) if (flags[`remove-${name}`]) body[name] = null;
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: pass at least one setting (see --help)');
    const organizationId = await this.org();
    const { site: siteId, part } = this.sitePart('site section', this.args.section);
    const section = await this.send(op, { organizationId, siteId, siteSectionId: part, body });
    this.output.done(`Updated section "${section.title}" (${section.id}, path ${section.path})`, section, sectionRow);
  }
}
