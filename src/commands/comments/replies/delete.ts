import { comments } from '../../../api/operations/comments.js';
import { DocsCommand, dryRunFlag, NoContent, spaceFlag, yesFlag } from '../../../cli/index.js';
import { commentArg, replyArg, unsupported } from '../../../cli/flags/comments.js';
import { crFlag } from '../../../cli/flags/common.js';

export default class RepliesDelete extends DocsCommand<typeof RepliesDelete> {
  static override operations = [comments.deleteReply];
  static override summary = 'Delete a reply to a comment';
  static override description = [
    'Space comments only: the API has no operation to delete a reply in a change request (--cr exits 2).',
    'Asks for confirmation on a terminal; --yes skips it (and is required without one).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> comments replies delete cm_abc rp_def',
    '<%= config.bin %> comments replies delete cm_abc rp_def --space sp_abc --yes',
  ];
  static override args = {
    comment: commentArg(),
    reply: replyArg(),
  };
  static override flags = { space: spaceFlag(), cr: crFlag('comments'), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    if (this.flags.cr !== undefined)
      throw unsupported('delete a reply to a change request comment', 'replies can be deleted on space comments only');
    const spaceId = this.space();
    const commentId = this.subject('comment', this.args.comment);
    const commentReplyId = this.subject('comment reply', this.args.reply);
    await this.send(
      comments.deleteReply,
      { spaceId, commentId, commentReplyId },
      {
        confirm: {
          question: async () => `Delete reply ${commentReplyId} to comment ${commentId} in ${await this.names.space(spaceId)}?`,
          action: `delete reply ${commentReplyId}`,
        },
      },
    );
    this.output.done(`Deleted reply ${commentReplyId} to comment ${commentId}`, new NoContent(commentReplyId, 'deleted'));
  }
}
