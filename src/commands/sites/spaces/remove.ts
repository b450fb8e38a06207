import { Args } from '@oclif/core';
import { siteSpaces } from '../../../api/operations/site-spaces.js';
import { DocsCommand, dryRunFlag, NoContent, orgFlag, yesFlag } from '../../../cli/index.js';
import { siteArg, siteFlag, siteTarget } from '../../../cli/format/sites.js';

export default class SitesSpacesRemove extends DocsCommand<typeof SitesSpacesRemove> {
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
    const { site, part, hint } = siteTarget([this.args.site, this.args['site-space']], this.flags.site, this.config.bin, {
      label: 'site space',
      list: 'sites spaces list',
    });
    await this.send(
      siteSpaces.delete,
      { organizationId, siteId: this.about('site', site), siteSpaceId: this.about('site space', part, hint) },
      { confirm: { question: `Remove site space ${part} from site ${site} (the space is kept)?`, action: `remove site space ${part}` } },
    );
    this.output.done(`Removed site space ${part} from site ${site}`, new NoContent(part, 'removed'));
  }
}
