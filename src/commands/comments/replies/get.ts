import { Args } from '@oclif/core';
import { changeRequestComments } from '../../../api/operations/change-request-comments.js';
import { comments } from '../../../api/operations/comments.js';
import { DocsCommand, field, spaceFlag } from '../../../cli/index.js';
import { crFlag, documentFormat, replyFields, showPosted } from '../../../cli/format/comments.js';

export default class RepliesGet extends DocsCommand<typeof RepliesGet> {
  static override operations = [comments.getReply, changeRequestComments.getReply];
  static override summary = 'Show a reply to a comment';
  static override description =
    "COMMENT and REPLY are ids from `docs comments replies list COMMENT`. The comment is on the space's content, or on a change request's with --cr. --format picks how the body is shown (markdown by default).";
  static override examples = [
    '<%= config.bin %> comments replies get cm_abc rp_def',
    '<%= config.bin %> comments replies get cm_abc rp_def --cr 42 --json',
  ];
  static override args = {
    comment: Args.string({ description: 'Comment id', required: true }),
    reply: Args.string({ description: 'Reply id', required: true }),
  };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    format: field.option(comments.getReply.query, 'format', { description: 'Format of the body (default: markdown)' }),
  };

  async run(): Promise<void> {
    const spaceId = this.space();
    const cr = this.flags.cr === undefined ? undefined : this.about('change request', this.flags.cr);
    const commentId = this.about('comment', this.args.comment);
    const commentReplyId = this.about('comment reply', this.args.reply);
    const query = { format: documentFormat(this.flags.format) };
    const reply =
      cr === undefined
        ? await this.send(comments.getReply, { spaceId, commentId, commentReplyId, query })
        : await this.send(changeRequestComments.getReply, { spaceId, changeRequestId: cr, commentId, commentReplyId, query });
    showPosted(this.output, reply, replyFields);
  }
}
