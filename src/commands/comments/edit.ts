import { commentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { dryRunFlag, spaceFlag, UsageError } from '../../cli/index.js';
import { commentRow } from '../../cli/format/comments.js';
import { bodyFromFlags, commentArg, commentFlagsOf } from '../../cli/flags/comments.js';
import { crFlag } from '../../cli/flags/common.js';

export default class CommentsEdit extends ContentCommand<typeof CommentsEdit> {
  static override operations = [commentTwins.update.space, commentTwins.update.changeRequest];
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
  static override args = { comment: commentArg() };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    body: commentFlagsOf.body(),
    'body-file': commentFlagsOf.bodyFile(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const text = await bodyFromFlags(this.flags, this.io.stdin);
    if (!text) throw new UsageError('nothing to change: pass --body "<markdown>" or --body-file <file|->');
    const scope = this.scope();
    const commentId = this.subject('comment', this.args.comment);
    const body = { body: text };
    const comment = await this.sendIn(commentTwins.update, scope, { commentId, body });
    this.output.done(`Updated comment ${comment.id}`, comment, commentRow);
  }
}
