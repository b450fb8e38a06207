import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { comments } from '../../api/operations/comments.js';
import { DocsCommand } from '../base-command.js';
import { dryRunFlag, spaceFlag } from '../flags.js';
import { commentRow, crFlag } from './comments.js';

/**
 * `docs comments resolve` and `docs comments reopen`: one command that sets a comment's `resolved`;
 * each entry (src/commands/comments/) only names the value and its own help.
 */
export abstract class CommentStatusCommand extends DocsCommand<typeof CommentStatusCommand> {
  static override operations = [comments.update, changeRequestComments.update];
  static override args = { comment: Args.string({ description: 'Comment id', required: true }) };
  static override flags = { space: spaceFlag(), cr: crFlag(), 'dry-run': dryRunFlag() };

  /** The value sent, and the verb of the answer. */
  protected abstract readonly resolved: boolean;
  protected abstract readonly verb: string;

  async run(): Promise<void> {
    const spaceId = this.space();
    const cr = this.flags.cr === undefined ? undefined : this.about('change request', this.flags.cr);
    const commentId = this.about('comment', this.args.comment);
    const body = { resolved: this.resolved };
    const comment =
      cr === undefined
        ? await this.send(comments.update, { spaceId, commentId, body })
        : await this.send(changeRequestComments.update, { spaceId, changeRequestId: cr, commentId, body });
    this.output.done(`${this.verb} comment ${comment.id} (status ${comment.status ?? 'unknown'})`, comment, commentRow);
  }
}
