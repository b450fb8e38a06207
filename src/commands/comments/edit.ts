import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { comments } from '../../api/operations/comments.js';
import { DocsCommand, dryRunFlag, spaceFlag, UsageError } from '../../cli/index.js';
import { bodyFromFlags, commentFlagsOf, commentRow, crFlag } from '../../cli/format/comments.js';

export default class CommentsEdit extends DocsCommand<typeof CommentsEdit> {
  static override operations = [comments.update, changeRequestComments.update];
  static override summary = 'Change the text of a comment';
  static override description =
    'Replaces the body with new markdown (--body, or --body-file, - for stdin). Only the author or an admin may. To resolve, reopen or react, see `docs comments resolve|reopen|react`.';
  static override examples = [
    '<%= config.bin %> comments edit cm_abc --body "The screenshot on step 2 is outdated."',
    {
      description: 'A comment of change request 42, from an editor',
      command: 'vi note.md && <%= config.bin %> comments edit cm_abc --cr 42 --body-file note.md',
    },
  ];
  static override args = { comment: Args.string({ description: 'Comment id', required: true }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    body: commentFlagsOf.body(),
    'body-file': commentFlagsOf.bodyFile(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const text = await bodyFromFlags(this.flags);
    if (!text) throw new UsageError('nothing to change: pass --body "<markdown>" or --body-file <file|->');
    const spaceId = this.space();
    const cr = this.flags.cr === undefined ? undefined : this.about('change request', this.flags.cr);
    const commentId = this.about('comment', this.args.comment);
    const body = { body: text };
    const comment =
      cr === undefined
        ? await this.send(comments.update, { spaceId, commentId, body })
        : await this.send(changeRequestComments.update, { spaceId, changeRequestId: cr, commentId, body });
    this.output.done(`Updated comment ${comment.id}`, comment, commentRow);
  }
}
