import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { comments } from '../../api/operations/comments.js';
import { DocsCommand, dryRunFlag, spaceFlag } from '../../cli/index.js';
import { commentRow, crFlag } from '../../cli/views/comments.js';

export default class CommentsReopen extends DocsCommand<typeof CommentsReopen> {
  static override operations = [comments.update, changeRequestComments.update];
  static override summary = 'Reopen a resolved comment';
  static override description = 'Sets the comment back to open (the opposite of `docs comments resolve`).';
  static override examples = ['<%= config.bin %> comments reopen cm_abc', '<%= config.bin %> comments reopen cm_abc --cr 42 --json'];
  static override args = { comment: Args.string({ description: 'Comment id', required: true }) };
  static override flags = { space: spaceFlag(), cr: crFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const spaceId = this.space();
    const cr = this.flags.cr === undefined ? undefined : this.about('change request', this.flags.cr);
    const commentId = this.about('comment', this.args.comment);
    const body = { resolved: false };
    const comment =
      cr === undefined
        ? await this.send(comments.update, { spaceId, commentId, body })
        : await this.send(changeRequestComments.update, { spaceId, changeRequestId: cr, commentId, body });
    this.output.done(`Reopened comment ${comment.id} (status ${comment.status ?? 'unknown'})`, comment, commentRow);
  }
}
