import { commentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { dryRunFlag, NoContent, spaceFlag, yesFlag } from '../../cli/index.js';
import { commentArg } from '../../cli/flags/comments.js';
import { crFlag } from '../../cli/flags/common.js';
import { scopeLabel } from '../../api/scope.js';

export default class CommentsDelete extends ContentCommand<typeof CommentsDelete> {
  static override operations = [commentTwins.delete.space, commentTwins.delete.changeRequest];
  static override summary = 'Delete a comment and its replies';
  static override description =
    'Only the author or an admin may. Asks for confirmation on a terminal; --yes skips it (and is required without one). Deleting a comment that does not exist succeeds (the API answers the same).';
  static override examples = [
    '<%= config.bin %> comments delete cm_abc',
    { description: 'In a script', command: '<%= config.bin %> comments delete cm_abc --cr 42 --yes' },
  ];
  static override args = { comment: commentArg() };
  static override flags = { space: spaceFlag(), cr: crFlag('comments'), yes: yesFlag(), 'dry-run': dryRunFlag() };

  async run(): Promise<void> {
    const scope = this.scope();
    const commentId = this.subject('comment', this.args.comment);
    const where = scopeLabel(scope);
    const confirm = { question: `Delete comment ${commentId} and its replies from ${where}?`, action: `delete comment ${commentId}` };
    await this.sendIn(commentTwins.delete, scope, { commentId }, { confirm });
    this.output.done(`Deleted comment ${commentId} from ${where}`, new NoContent(commentId, 'deleted'));
  }
}
