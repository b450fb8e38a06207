import { Flags } from '@oclif/core';
import { sites } from '../../api/operations/sites.js';
import { SITE_TYPES } from '../../api/schemas/site.js';
import { DocsCommand, field, fieldsFromFlags, listFlags, orgFlag } from '../../cli/index.js';
import { siteColumns } from '../../cli/format/sites.js';

const op = sites.list;

export default class SitesList extends DocsCommand<typeof SitesList> {
  static override operations = [sites.list];
  static override summary = 'List the sites of an organization';
  static override description =
    'Every site unless filtered. The organization is --org, the profile default, or the only one the token sees.';
  static override examples = [
    '<%= config.bin %> sites list',
    { description: 'Published sites that show a given space', command: '<%= config.bin %> sites list --space space_abc --published' },
    { description: 'Premium and ultimate sites, as JSON', command: '<%= config.bin %> sites list --type premium --type ultimate --json' },
  ];
  static override flags = {
    org: orgFlag(),
    space: field.string(op.query, 'space', { description: 'Only sites that include this space id', helpValue: '<space-id>' }),
    title: field.string(op.query, 'title', { description: 'Only sites whose title contains this text' }),
    published: field.boolean(op.query, 'published', { description: 'Only published sites (--no-published: only unpublished ones)' }),
    type: Flags.string({ description: 'Only sites of this type (repeatable)', options: [...SITE_TYPES], multiple: true }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const params = { organizationId: await this.org(), query: fieldsFromFlags(op.query, this.flags) };
    await this.list(op, params, siteColumns, 'No sites.');
  }
}
