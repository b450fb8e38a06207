import { comments } from '../../api/operations/comments.js';
import { commentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, spaceFlag } from '../../cli/index.js';
import { commentFields, showPosted } from '../../cli/format/comments.js';
import { commentArg, documentFormat } from '../../cli/flags/comments.js';
import { crFlag } from '../../cli/flags/common.js';

export default class CommentsGet extends ContentCommand<typeof CommentsGet> {
  static override operations = [commentTwins.get.space, commentTwins.get.changeRequest];
  static override summary = 'Show a comment and its text';
  static override description = 'Comment ids come from `docs comments list`; add --cr for a comment of a change request.';
  static override examples = [
    '<%= config.bin %> comments get cm_abc',
    '<%= config.bin %> comments get cm_abc --cr 42 --space sp_abc --json',
  ];
  static override args = { comment: commentArg() };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    format: field.option(comments.get.query, 'format', { description: 'Format of the body (default: markdown)' }),
  };

  async run(): Promise<void> {
    const scope = this.scope();
    const commentId = this.subject('comment', this.args.comment);
    const comment = await this.sendIn(commentTwins.get, scope, { commentId, query: { format: documentFormat(this.flags.format) } });
    showPosted(this.output, comment, commentFields);
  }
}
