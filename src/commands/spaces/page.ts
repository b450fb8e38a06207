import { Args, Flags } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { contentTwins } from '../../api/operations/twins.js';
import { DOCUMENT_FORMATS } from '../../api/schemas/comment.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, spaceFlag } from '../../cli/index.js';
import { crFlag } from '../../cli/flags/common.js';
import { mayBePageId, resolvePage, unlessNotFound } from '../../cli/pages.js';
import { markdownOf, scopeLabel } from '../../api/scope.js';

const op = content.getPage;

export default class SpacesPage extends ContentCommand<typeof SpacesPage> {
  static override operations = [
    contentTwins.getPage.space,
    contentTwins.getPage.changeRequest,
    contentTwins.listPages.space,
    contentTwins.listPages.changeRequest,
  ];
  static override summary = 'Print a page: its markdown (default) or its document';
  static override description = [
    'Writes the page content to stdout as it is, ready to pipe or redirect: markdown by default, the JSON document with --format document.',
    'The page is its id or its path (installation/macos, as `docs spaces pages` shows it): an id is read in one request, a path through the page tree; an unknown one lists the paths nearby (exit 3).',
    '--json prints the API object (title, path, layout, ...).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces page installation/macos',
    { description: 'Save the version in change request 42', command: '<%= config.bin %> spaces page pg_abc --cr 42 > page.md' },
    { description: 'The structured document', command: '<%= config.bin %> spaces page pg_abc --format document' },
  ];
  static override args = { page: Args.string({ description: 'Page path (installation/macos) or id', required: true }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    format: Flags.string({ description: 'Content to print', options: [...DOCUMENT_FORMATS], default: 'markdown' }),
    evaluated: field.boolean(op.query, 'evaluated', { description: 'Evaluate expressions and variables in the content (default: no)' }),
    metadata: field.boolean(op.query, 'metadata', { description: 'Include mutable Git metadata (default: yes)' }),
    computed: field.boolean(op.query, 'computed', { description: 'Compute generated content (default: yes)' }),
  };

  async run(): Promise<void> {
    const scope = this.scope();
    const { format, evaluated, metadata, computed } = this.flags;
    const query = {
      format: format as 'markdown' | 'document',
      ...(evaluated !== undefined ? { evaluated } : {}),
      ...(metadata !== undefined ? { metadata } : {}),
      ...(computed !== undefined ? { computed } : {}),
    };
    const arg = this.args.page;
    // An id costs one request. The tree (the whole space's pages) is listed only for a path, or when no
    // page has that id: then the argument may be a one-segment path, and a miss lists the paths nearby.
    let page = mayBePageId(arg) ? await this.sendIn(contentTwins.getPage, scope, { pageId: arg, query }).catch(unlessNotFound) : undefined;
    if (page === undefined) {
      const tree = await this.sendIn(contentTwins.listPages, scope, {});
      const pageId = this.subject('page', resolvePage(tree.pages, arg, scopeLabel(scope)).id);
      page = await this.sendIn(contentTwins.getPage, scope, { pageId, query });
    }
    const pageId = page.id;
    if (this.output.isJson) return this.output.json(page);
    const body = format === 'document' ? (page as { document?: unknown }).document : markdownOf(page);
    if (body === undefined) {
      this.output.info(`Page ${pageId} ("${page.title}") is of type ${page.type}: it has no ${format} content.`);
      return;
    }
    // As stored: one trailing newline, so `> page.md` round-trips.
    if (typeof body === 'string') this.output.line(body.replace(/\n$/, ''));
    else this.output.json(body);
  }
}
