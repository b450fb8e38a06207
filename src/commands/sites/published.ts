import { sites } from '../../api/operations/sites.js';
import { ApiError, ExitCode } from '../../api/errors.js';
import { CommandFailure, field, fieldsFromFlags, orgFlag } from '../../cli/index.js';
import { structureColumns, structureRows } from '../../cli/format/sites.js';
import { siteArg, siteFlag } from '../../cli/flags/sites.js';
import { SiteCommand } from '../../cli/site-command.js';

const op = sites.getPublished;

export default class SitesPublished extends SiteCommand<typeof SitesPublished> {
  static override operations = [sites.getPublished, sites.get];
  static override summary = 'Show what a published site serves: its sections, groups and site spaces';
  static override description = [
    'One row per group, section and site space in reading order, with paths and published URLs.',
    'A site that is not published answers not found (exit 3). --json prints the whole published profile (site, structure, customizations).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> sites published site_abc',
    {
      description: 'The URLs of a share-link site, for one share key',
      command: '<%= config.bin %> sites published site_abc --share-key sk_123 | cut -f5',
    },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    'share-key': field.string(op.query, 'shareKey', {
      description: 'Share key of a share-link site (resolves its published URLs)',
      helpValue: '<key>',
    }),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const siteId = this.site();
    let published;
    try {
      published = await this.send(op, { organizationId, siteId: siteId, query: fieldsFromFlags(op.query, this.flags) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) await this.explainUnpublished(organizationId, siteId);
      throw err;
    }
    if (this.output.isJson) return this.output.json(published);
    const { site } = published;
    if (this.output.mode === 'table') {
      this.output.line(
        `${site.title} (${site.id}): ${site.visibility}${site.urls?.published ? `, published at ${site.urls.published}` : ''}`,
      );
      this.output.line('');
    }
    this.output.list(
      structureRows(published),
      structureColumns(this.output.mode),
      'Nothing published: the site has no sections or site spaces.',
    );
  }

  /** A 404 is also what an existing but unpublished site answers: tell the two apart (one more request). */
  private async explainUnpublished(organizationId: string, siteId: string): Promise<void> {
    const site = await this.send(sites.get, { organizationId, siteId });
    const bin = this.config.bin;
    const fix =
      (site.siteSpaces ?? 0) === 0
        ? `It has no content: add a space with \`${bin} sites spaces add ${siteId} --space <space-id>\`.`
        : `Publish it by setting its visibility: \`${bin} sites edit ${siteId} --visibility public\`.`;
    throw new CommandFailure(`site ${siteId} exists but is not published (404). ${fix}`, ExitCode.notFound);
  }
}
