import { Args } from '@oclif/core';
import { commentTwins } from '../api/operations/twins.js';
import { ContentCommand } from './content-command.js';
import { crFlag, dryRunFlag, spaceFlag } from './flags/common.js';
import { commentRow } from './format/comments.js';

/**
 * `docs comments resolve` and `docs comments reopen`: one command that sets a comment's `resolved`;
 * each entry (src/commands/comments/) only names the value and its own help.
 */
export abstract class CommentStatusCommand extends ContentCommand<typeof CommentStatusCommand> {
  static override operations = [commentTwins.update.space, commentTwins.update.changeRequest];
  static override args = { comment: Args.string({ description: 'Comment id', required: true }) };
  static override flags = { space: spaceFlag(), cr: crFlag('comments'), 'dry-run': dryRunFlag() };

  /** The value sent, and the verb of the answer. */
  protected abstract readonly resolved: boolean;
  protected abstract readonly verb: string;

  async run(): Promise<void> {
    const scope = this.scope();
    const commentId = this.subject('comment', this.args.comment);
    const comment = await this.sendIn(commentTwins.update, scope, { commentId, body: { resolved: this.resolved } });
    this.output.done(`${this.verb} comment ${comment.id} (status ${comment.status ?? 'unknown'})`, comment, commentRow);
  }
}
