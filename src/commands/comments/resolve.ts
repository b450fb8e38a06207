import { CommentStatusCommand } from '../../cli/comment-status-command.js';

export default class CommentsResolve extends CommentStatusCommand {
  static override summary = 'Mark a comment as resolved';
  static override description = 'Anyone who may comment may resolve; `docs comments reopen` undoes it.';
  static override examples = ['<%= config.bin %> comments resolve cm_abc', '<%= config.bin %> comments resolve cm_abc --cr 42 --json'];
  protected readonly resolved = true;
  protected readonly verb = 'Resolved';
}
