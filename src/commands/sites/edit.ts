import { Flags } from '@oclif/core';
import { sites } from '../../api/operations/sites.js';
import { dryRunFlag, field, fieldsFromFlags, orgFlag, UsageError } from '../../cli/index.js';
import { siteRow } from '../../cli/format/sites.js';
import { exclusiveWith, siteArg, siteFlag } from '../../cli/flags/sites.js';
import { SiteCommand } from '../../cli/site-command.js';

const op = sites.update;

export default class SitesEdit extends SiteCommand<typeof SitesEdit> {
  static override operations = [sites.update];
  static override summary = 'Edit the settings of a site';
  static override description = [
    'Changes only what is given. Setting --visibility publishes the site for that audience.',
    '--default-site-space is a site space id (of the root level, or of the default section when the site has sections);',
    'see `docs sites spaces list` and `docs sites sections list` for the ids.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> sites edit site_abc --title "Acme Docs" --visibility unlisted',
    {
      description: 'Serve the site under a path of your own domain',
      command: '<%= config.bin %> sites edit site_abc --proxy acme.test/docs',
    },
    {
      description: 'Turn adaptive content off and keep agents out',
      command: '<%= config.bin %> sites edit site_abc --no-adaptive-content\n--agents-context excluded',
    },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    title: field.string(op.body, 'title', { description: 'New title' }),
    visibility: field.option(op.body, 'visibility', { description: 'Who can read the published site' }),
    basename: field.string(op.body, 'basename', { description: 'Base path of the site' }),
    'agents-context': field.option(op.body, 'agentsContext', { description: 'Whether the agent may read the site' }),
    'default-site-space': field.string(op.body, 'defaultSiteSpace', {
      description: 'Site space shown by default',
      helpValue: '<site-space-id>',
    }),
    'default-site-section': field.string(op.body, 'defaultSiteSection', {
      description: 'Section shown by default',
      helpValue: '<section-id>',
    }),
    'adaptive-content': field.boolean(op.body, 'adaptiveContent', { description: 'Turn adaptive content on (--no-adaptive-content: off)' }),
    proxy: exclusiveWith(
      field.string(op.body, 'proxy', { description: 'Proxy URL: a domain with a sub-path, e.g. acme.test/docs', helpValue: '<url>' }),
      'remove-proxy',
    ),
    'remove-proxy': Flags.boolean({ description: 'Remove the proxy', exclusive: ['proxy'] }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const flags = this.flags;
    const body: Record<string, unknown> = { ...fieldsFromFlags(op.body, flags) };
    if (flags['adaptive-content'] !== undefined) body.adaptiveContent = { enabled: flags['adaptive-content'] };
    if (flags['remove-proxy']) body.proxy = null;
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: pass at least one setting (see --help)');
    const organizationId = await this.org();
    const siteId = this.site();
    const site = await this.send(op, { organizationId, siteId: siteId, body });
    this.output.done(`Updated site "${site.title}" (${site.id}, ${site.visibility}${site.published ? ', published' : ''})`, site, siteRow);
  }
}
