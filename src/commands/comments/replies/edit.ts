import { Flags } from '@oclif/core';
import { comments } from '../../../api/operations/comments.js';
import type { UpdateCommentReplyBody } from '../../../api/schemas/comment.js';
import { DocsCommand, dryRunFlag, spaceFlag, UsageError } from '../../../cli/index.js';
import { reactionsText, replyRow } from '../../../cli/format/comments.js';
import { bodyFromFlags, commentArg, commentFlagsOf, replyArg, unsupported } from '../../../cli/flags/comments.js';
import { crFlag } from '../../../cli/flags/common.js';

export default class RepliesEdit extends DocsCommand<typeof RepliesEdit> {
  static override operations = [comments.updateReply];
  static override summary = 'Change the text of a reply, or your reactions on it';
  static override description = [
    'Space comments only: the API has no operation to edit a reply in a change request (--cr exits 2).',
    'Changing the text is for its author or an admin; anyone who may comment may react.',
  ].join('\n');
  static override examples = [
    { description: 'A new text', command: '<%= config.bin %> comments replies edit cm_abc rp_def\n--body "Fixed in the latest revision."' },
    { description: 'React to a reply', command: '<%= config.bin %> comments replies edit cm_abc rp_def --add-reaction 👍' },
  ];
  static override args = {
    comment: commentArg(),
    reply: replyArg(),
  };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    body: commentFlagsOf.body(),
    'body-file': commentFlagsOf.bodyFile(),
    'add-reaction': Flags.string({ description: 'Emoji to add (repeatable)', helpValue: '<emoji>', multiple: true }),
    'remove-reaction': Flags.string({ description: 'Emoji to remove (repeatable)', helpValue: '<emoji>', multiple: true }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    if (this.flags.cr !== undefined)
      throw unsupported('edit a reply to a change request comment', 'replies can be edited on space comments only');
    const body: UpdateCommentReplyBody = {};
    const text = await bodyFromFlags(this.flags, this.io.stdin);
    if (text) body.body = text;
    const added = this.flags['add-reaction'];
    const removed = this.flags['remove-reaction'];
    if (added?.length) body.addedReactions = added;
    if (removed?.length) body.removedReactions = removed;
    if (Object.keys(body).length === 0)
      throw new UsageError('nothing to change: pass --body, --body-file, --add-reaction or --remove-reaction');
    const spaceId = this.space();
    const commentId = this.subject('comment', this.args.comment);
    const commentReplyId = this.subject('comment reply', this.args.reply);
    const reply = await this.send(comments.updateReply, { spaceId, commentId, commentReplyId, body });
    const reactions = reactionsText(reply);
    this.output.done(`Updated reply ${reply.id}${reactions ? ` (reactions: ${reactions})` : ''}`, reply, replyRow);
  }
}
