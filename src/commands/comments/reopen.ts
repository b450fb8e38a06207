import { CommentStatusCommand } from '../../cli/comment-status-command.js';

export default class CommentsReopen extends CommentStatusCommand {
  static override summary = 'Reopen a resolved comment';
  static override description = 'Sets the comment back to open (the opposite of `docs comments resolve`).';
  static override examples = ['<%= config.bin %> comments reopen cm_abc', '<%= config.bin %> comments reopen cm_abc --cr 42 --json'];
  protected readonly resolved = false;
  protected readonly verb = 'Reopened';
}
