import { changeRequestComments } from '../../../api/operations/change-request-comments.js';
import { comments } from '../../../api/operations/comments.js';
import { ContentCommand } from '../../../cli/content-command.js';
import { dryRunFlag, spaceFlag } from '../../../cli/index.js';
import { replyRow } from '../../../cli/format/comments.js';
import { bodyFromFlags, commentArg, commentFlagsOf } from '../../../cli/flags/comments.js';
import { crFlag } from '../../../cli/flags/common.js';
import { bodyOrEditor } from '../../../cli/editor.js';

export default class RepliesCreate extends ContentCommand<typeof RepliesCreate> {
  static override operations = [comments.createReply, changeRequestComments.createReply];
  static override summary = 'Reply to a comment';
  static override description =
    'The text is markdown, from --body or a file (--body-file, - for stdin); on a terminal without either, $VISUAL or $EDITOR opens to write it. Add --cr for a comment of a change request.';
  static override examples = [
    '<%= config.bin %> comments replies create cm_abc --body "Fixed, thanks!"',
    {
      description: 'On a change request comment, from stdin',
      command: 'echo "Done in the last commit." |\n<%= config.bin %> comments replies create cm_abc --cr 42 --body-file -',
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
    // On a terminal, without --body or --body-file, the text is written in $VISUAL/$EDITOR.
    const text = await bodyOrEditor(await bodyFromFlags(this.flags, this.io.stdin), this.output.isJson, 'the reply', this.io);
    const { spaceId, changeRequestId } = this.scope();
    const commentId = this.subject('comment', this.args.comment);
    const body = { body: text };
    // Not a twin call: only the change request's reply operation takes a `format` query.
    const reply =
      changeRequestId === undefined
        ? await this.send(comments.createReply, { spaceId, commentId, body })
        : await this.send(changeRequestComments.createReply, { spaceId, changeRequestId, commentId, body, query: { format: 'markdown' } });
    this.output.done(`Replied to comment ${commentId} (reply ${reply.id})`, reply, replyRow);
  }
}
