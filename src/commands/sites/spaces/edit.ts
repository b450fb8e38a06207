import { Args, Flags } from '@oclif/core';
import { siteSpaces } from '../../../api/operations/site-spaces.js';
import { dryRunFlag, field, fieldsFromFlags, orgFlag, UsageError } from '../../../cli/index.js';
import { siteSpaceRow } from '../../../cli/format/sites.js';
import { exclusiveWith, siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = siteSpaces.update;

export default class SitesSpacesEdit extends SiteCommand<typeof SitesSpacesEdit> {
  static override operations = [siteSpaces.update];
  static override summary = 'Edit the path, condition or space of a site space';
  static override description =
    'Changes only what is given. --space points the site space at other content (same place on the site); --remove-condition shows it to every visitor.';
  static override examples = [
    '<%= config.bin %> sites spaces edit site_abc sitesp_123 --path v2',
    {
      description: 'Show it only to beta users',
      command: '<%= config.bin %> sites spaces edit site_abc sitesp_123\n--condition "visitor.claims.unsigned.isBetaUser"',
    },
  ];
  static override args = { site: siteArg(), 'site-space': Args.string({ description: 'Site space id (see `docs sites spaces list`)' }) };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    path: field.string(op.body, 'path', { description: 'Path of the space on the site' }),
    condition: exclusiveWith(
      field.string(op.body, 'condition', {
        description: 'Adaptive-content expression deciding whether it is shown',
        helpValue: '<expression>',
      }),
      'remove-condition',
    ),
    'remove-condition': Flags.boolean({ description: 'Remove the condition', exclusive: ['condition'] }),
    space: Flags.string({ description: 'Id of the space it should show instead', helpValue: '<space-id>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const flags = this.flags;
    const body: Record<string, unknown> = fieldsFromFlags(op.body, flags);
    if (flags.space !== undefined) body.spaceId = flags.space;
    if (flags['remove-condition']) body.condition = null;
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: pass --path, --condition, --remove-condition or --space');
    const organizationId = await this.org();
    const { site: siteId, part } = this.sitePart('site space', this.args['site-space']);
    const ss = await this.send(op, { organizationId, siteId, siteSpaceId: part, body });
    this.output.done(`Updated site space ${ss.id} (path ${ss.path}, space ${ss.space.id})`, ss, siteSpaceRow);
  }
}
