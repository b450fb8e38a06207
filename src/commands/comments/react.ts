import { Flags } from '@oclif/core';
import { commentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { dryRunFlag, spaceFlag, UsageError } from '../../cli/index.js';
import { commentRow, reactionsText } from '../../cli/format/comments.js';
import { commentArg } from '../../cli/flags/comments.js';
import { crFlag } from '../../cli/flags/common.js';

export default class CommentsReact extends ContentCommand<typeof CommentsReact> {
  static override operations = [commentTwins.update.space, commentTwins.update.changeRequest];
  static override summary = 'Add or remove your emoji reactions on a comment';
  static override description =
    'Both flags repeat; reactions on replies are changed with `docs comments replies edit --add-reaction/--remove-reaction`.';
  static override examples = [
    '<%= config.bin %> comments react cm_abc --add 👍',
    {
      description: 'Swap one reaction for another on a change request comment',
      command: '<%= config.bin %> comments react cm_abc --cr 42 --add 🎉 --remove 👍',
    },
  ];
  static override args = { comment: commentArg() };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    add: Flags.string({ description: 'Emoji to add (repeatable)', helpValue: '<emoji>', multiple: true }),
    remove: Flags.string({ description: 'Emoji to remove (repeatable)', helpValue: '<emoji>', multiple: true }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const { add, remove } = this.flags;
    if (!add?.length && !remove?.length) throw new UsageError('nothing to change: pass --add <emoji> and/or --remove <emoji>');
    const blank = [...(add ?? []), ...(remove ?? [])].some((e) => e.trim() === '');
    if (blank) throw new UsageError('--add and --remove take an emoji, not an empty value');
    const scope = this.scope();
    const commentId = this.subject('comment', this.args.comment);
    const body = { ...(add?.length ? { addedReactions: add } : {}), ...(remove?.length ? { removedReactions: remove } : {}) };
    const comment = await this.sendIn(commentTwins.update, scope, { commentId, body });
    const now = reactionsText(comment);
    this.output.done(`Reactions on comment ${comment.id}: ${now === '' ? 'none' : now}`, comment, commentRow);
  }
}
