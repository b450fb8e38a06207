import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { comments } from '../../api/operations/comments.js';
import { DocsCommand, dryRunFlag, spaceFlag } from '../../cli/index.js';
import { commentRow, crFlag } from '../../cli/views/comments.js';

export default class CommentsResolve extends DocsCommand<typeof CommentsResolve> {
  static override operations = [comments.update, changeRequestComments.update];
  static override summary = 'Mark a comment as resolved';
  static override description = 'Anyone who may comment may resolve; `docs comments reopen` undoes it.';
  static override examples = ['<%= config.bin %> comments resolve cm_abc', '<%= config.bin %> comments resolve cm_abc --cr 42 --json'];
  static override args = { comment: Args.string({ description: 'Comment id', required: true }) };
  static override flags = { space: spaceFlag(), cr: crFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const spaceId = this.space();
    const cr = this.flags.cr === undefined ? undefined : this.about('change request', this.flags.cr);
    const commentId = this.about('comment', this.args.comment);
    const body = { resolved: true };
    const comment =
      cr === undefined
        ? await this.send(comments.update, { spaceId, commentId, body })
        : await this.send(changeRequestComments.update, { spaceId, changeRequestId: cr, commentId, body });
    this.output.done(`Resolved comment ${comment.id} (status ${comment.status ?? 'unknown'})`, comment, commentRow);
  }
}
