import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { comments } from '../../api/operations/comments.js';
import { DocsCommand, dryRunFlag, NoContent, spaceFlag, yesFlag } from '../../cli/index.js';
import { crFlag } from '../../cli/format/comments.js';

export default class CommentsDelete extends DocsCommand<typeof CommentsDelete> {
  static override operations = [comments.delete, changeRequestComments.delete];
  static override summary = 'Delete a comment and its replies';
  static override description =
    'Only the author or an admin may. Asks for confirmation on a terminal; --yes skips it (and is required without one). Deleting a comment that does not exist succeeds (the API answers the same).';
  static override examples = [
    '<%= config.bin %> comments delete cm_abc',
    { description: 'In a script', command: '<%= config.bin %> comments delete cm_abc --cr 42 --yes' },
  ];
  static override args = { comment: Args.string({ description: 'Comment id', required: true }) };
  static override flags = { space: spaceFlag(), cr: crFlag(), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const spaceId = this.space();
    const cr = this.flags.cr === undefined ? undefined : this.about('change request', this.flags.cr);
    const commentId = this.about('comment', this.args.comment);
    const where = cr === undefined ? `space ${spaceId}` : `change request ${cr}`;
    const confirm = { question: `Delete comment ${commentId} and its replies from ${where}?`, action: `delete comment ${commentId}` };
    if (cr === undefined) await this.send(comments.delete, { spaceId, commentId }, { confirm });
    else await this.send(changeRequestComments.delete, { spaceId, changeRequestId: cr, commentId }, { confirm });
    this.output.done(`Deleted comment ${commentId} from ${where}`, new NoContent(commentId, 'deleted'));
  }
}
