import { comments } from '../../../api/operations/comments.js';
import { commentTwins } from '../../../api/operations/twins.js';
import { ContentCommand } from '../../../cli/content-command.js';
import { field, spaceFlag } from '../../../cli/index.js';
import { replyFields, showPosted } from '../../../cli/format/comments.js';
import { commentArg, documentFormat, replyArg } from '../../../cli/flags/comments.js';
import { crFlag } from '../../../cli/flags/common.js';

export default class RepliesGet extends ContentCommand<typeof RepliesGet> {
  static override operations = [commentTwins.getReply.space, commentTwins.getReply.changeRequest];
  static override summary = 'Show a reply to a comment';
  static override description =
    "COMMENT and REPLY are ids from `docs comments replies list COMMENT`. The comment is on the space's content, or on a change request's with --cr. --format picks how the body is shown (markdown by default).";
  static override examples = [
    '<%= config.bin %> comments replies get cm_abc rp_def',
    '<%= config.bin %> comments replies get cm_abc rp_def --cr 42 --json',
  ];
  static override args = {
    comment: commentArg(),
    reply: replyArg(),
  };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    format: field.option(comments.getReply.query, 'format', { description: 'Format of the body (default: markdown)' }),
  };

  async run(): Promise<void> {
    const scope = this.scope();
    const commentId = this.subject('comment', this.args.comment);
    const commentReplyId = this.subject('comment reply', this.args.reply);
    const query = { format: documentFormat(this.flags.format) };
    const reply = await this.sendIn(commentTwins.getReply, scope, { commentId, commentReplyId, query });
    showPosted(this.output, reply, replyFields);
  }
}
