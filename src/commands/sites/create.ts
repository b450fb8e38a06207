import { Flags } from '@oclif/core';
import { sites } from '../../api/operations/sites.js';
import { SITE_NEW_SPACE_OPTIONS } from '../../api/schemas/site.js';
import { DocsCommand, dryRunFlag, field, fieldsFromFlags, orgFlag } from '../../cli/index.js';
import { siteRow } from '../../cli/format/sites.js';

const op = sites.create;

export default class SitesCreate extends DocsCommand<typeof SitesCreate> {
  static override operations = [sites.create];
  static override summary = 'Create a site';
  static override description = [
    'The site is of type basic unless --type says otherwise. Add existing spaces with --space (repeatable),',
    'or let the site create its own space with --new-space sample (sample pages) or --new-space empty.',
  ].join('\n');
  static override examples = [
    {
      description: 'A site of two existing spaces',
      command: '<%= config.bin %> sites create --title "Developer Docs"\n--space space_guides --space space_api',
    },
    {
      description: 'A new site with a new space of sample content',
      command: '<%= config.bin %> sites create --title "Help Center" --new-space sample',
    },
    {
      description: 'Keep the id for a script (piped output is id, type, visibility, title)',
      command: 'site=$(<%= config.bin %> sites create --title "Docs" | cut -f1)',
    },
  ];
  static override flags = {
    org: orgFlag(),
    title: field.string(op.body, 'title', { description: 'Title of the site' }),
    type: field.option(op.body, 'type', { description: 'Site type (default: basic)' }),
    visibility: field.option(op.body, 'visibility', { description: 'Who can read the published site' }),
    space: Flags.string({
      description: 'Id of a space to add to the site (repeatable)',
      helpValue: '<space-id>',
      multiple: true,
      exclusive: ['new-space'],
    }),
    'new-space': Flags.string({
      description: 'Create a new space for the site, with sample pages or empty',
      options: [...SITE_NEW_SPACE_OPTIONS],
      exclusive: ['space'],
    }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const { space, 'new-space': newSpace } = this.flags;
    const body = { ...fieldsFromFlags(op.body, this.flags), ...(space ? { spaces: space } : newSpace ? { spaces: newSpace } : {}) };
    const organizationId = await this.org();
    const site = await this.send(op, { organizationId, body });
    this.output.done(
      `Created site "${site.title}" (id ${site.id}, ${site.siteSpaces ?? 0} site space${site.siteSpaces === 1 ? '' : 's'})`,
      site,
      siteRow,
    );
  }
}
