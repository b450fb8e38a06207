import { Args, Flags } from '@oclif/core';
import { commentTwins } from '../../api/operations/twins.js';
import type { PostCommentBody } from '../../api/schemas/comment.js';
import { ContentCommand } from '../../cli/content-command.js';
import { dryRunFlag, field, spaceFlag, UsageError } from '../../cli/index.js';
import { commentRow } from '../../cli/format/comments.js';
import { bodyFromFlags, commentFlagsOf } from '../../cli/flags/comments.js';
import { crFlag } from '../../cli/flags/common.js';
import { bodyOrEditor } from '../../cli/editor.js';
import { scopeLabel } from '../../api/scope.js';

const op = commentTwins.create.space;

export default class CommentsCreate extends ContentCommand<typeof CommentsCreate> {
  static override operations = [commentTwins.create.space, commentTwins.create.changeRequest];
  static override summary = 'Post a comment on a space or a change request';
  static override description = [
    'The text is markdown, from --body or a file (--body-file, - for stdin); on a terminal without either, $VISUAL or $EDITOR opens to write it.',
    "--page attaches it to a page (ids from `docs spaces pages`), --node to a block of that page. With --cr, the comment goes on the change request's content.",
  ].join('\n');
  static override examples = [
    {
      description: 'On a page of the default space',
      command: '<%= config.bin %> comments create --page pg_abc\n--body "The screenshot is outdated."',
    },
    {
      description: 'On change request 42, the text from a file',
      command: '<%= config.bin %> comments create --cr 42 --body-file review.md',
    },
    {
      description: 'Keep the id (piped output is id, status, replies, author)',
      command: 'id=$(echo "Looks good" | <%= config.bin %> comments create sp_abc --body-file -\n| cut -f1)',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    body: commentFlagsOf.body(),
    'body-file': commentFlagsOf.bodyFile(),
    page: field.string(op.body, 'page', { description: 'Page the comment is about', helpValue: '<page-id>' }),
    node: field.string(op.body, 'node', { description: 'Block (node) of the page the comment is about', helpValue: '<node-id>' }),
    'table-cell': Flags.string({ description: 'Cell of a table block the comment is about', helpValue: '<record>:<definition>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    // On a terminal, without --body or --body-file, the text is written in $VISUAL/$EDITOR.
    const text = await bodyOrEditor(await bodyFromFlags(this.flags, this.io.stdin), this.output.isJson, 'the comment', this.io);
    const body: PostCommentBody = { body: text };
    if (this.flags.page !== undefined) body.page = this.flags.page;
    if (this.flags.node !== undefined) body.node = this.flags.node;
    const cell = this.flags['table-cell'];
    if (cell !== undefined) {
      const [record, definition, ...rest] = cell.split(':');
      if (!record || !definition || rest.length > 0) throw new UsageError(`--table-cell must be <record>:<definition>, got "${cell}"`);
      body.tableCell = { record, definition };
    }
    const scope = this.scope(this.args.space);
    const comment = await this.sendIn(commentTwins.create, scope, { body });
    const where = scopeLabel(scope);
    this.output.done(`Posted comment ${comment.id} on ${where}`, comment, commentRow);
  }
}
