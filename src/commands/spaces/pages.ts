import { Args } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { contentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, fieldsFromFlags, spaceFlag } from '../../cli/index.js';
import { flattenPages, pageRowColumns, pageTreeLines } from '../../cli/format/content.js';
import { crFlag } from '../../cli/flags/common.js';

const op = content.listPages;

export default class SpacesPages extends ContentCommand<typeof SpacesPages> {
  static override operations = [contentTwins.listPages.space, contentTwins.listPages.changeRequest];
  static override summary = 'Show the page tree of a space (or of a change request)';
  static override description = [
    "On a terminal: the titles indented by nesting, with each page's path and id.",
    'Piped: one row per page in reading order (id, path, title, type). --json: the API answer, {pages} with nested pages.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces pages sp_abc',
    { description: 'The pages of change request 42', command: '<%= config.bin %> spaces pages --cr 42' },
    { description: 'Ids of every page', command: '<%= config.bin %> spaces pages | cut -f1' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    metadata: field.boolean(op.query, 'metadata', { description: 'Include mutable Git metadata (default: yes)' }),
    computed: field.boolean(op.query, 'computed', { description: 'Compute generated pages, such as OpenAPI pages (default: yes)' }),
  };

  async run(): Promise<void> {
    const tree = await this.sendIn(contentTwins.listPages, this.scope(this.args.space), { query: fieldsFromFlags(op.query, this.flags) });
    if (this.output.isJson) return this.output.json(tree);
    const rows = flattenPages(tree.pages);
    if (this.output.mode === 'tsv') return this.output.list(rows, pageRowColumns);
    if (rows.length === 0) return this.output.info('No pages.');
    const style = { bold: (t: string) => this.output.paint('bold', t), dim: (t: string) => this.output.paint('dim', t) };
    this.output.line(pageTreeLines(rows, style).join('\n'));
  }
}
