import { Args } from '@oclif/core';
import { siteSpaces } from '../../../api/operations/site-spaces.js';
import { dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

export default class SitesSpacesRemove extends SiteCommand<typeof SitesSpacesRemove> {
  static override operations = [siteSpaces.delete];
  static override summary = 'Remove a space from a site (the space itself is kept)';
  static override description =
    'Deletes the site space (the placement) and nothing else: the space and its content stay. Asks for confirmation on a terminal; --yes skips it (and is required without one).';
  // The old name, still accepted so scripts keep working; `remove` says what happens.
  static override hiddenAliases = ['sites:spaces:delete'];
  static override examples = [
    '<%= config.bin %> sites spaces remove site_abc sitesp_123',
    '<%= config.bin %> sites spaces remove site_abc sitesp_123 --yes',
  ];
  static override args = { site: siteArg(), 'site-space': Args.string({ description: 'Site space id (see `docs sites spaces list`)' }) };
  static override flags = { org: orgFlag(), site: siteFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const { site, part } = this.sitePart('site space', this.args['site-space']);
    await this.send(
      siteSpaces.delete,
      { organizationId, siteId: site, siteSpaceId: part },
      { confirm: { question: `Remove site space ${part} from site ${site} (the space is kept)?`, action: `remove site space ${part}` } },
    );
    this.output.done(`Removed site space ${part} from site ${site}`, new NoContent(part, 'removed'));
  }
}
