import { changeRequestComments } from '../../../api/operations/change-request-comments.js';
import { DocsCommand, field, listFlags, spaceFlag } from '../../../cli/index.js';
import { replyColumns } from '../../../cli/format/comments.js';
import { commentArg, documentFormat, unsupported } from '../../../cli/flags/comments.js';
import { crFlag } from '../../../cli/flags/common.js';

const op = changeRequestComments.listReplies;

export default class RepliesList extends DocsCommand<typeof RepliesList> {
  static override operations = [changeRequestComments.listReplies];
  static override summary = 'List the replies to a comment of a change request';
  static override description = [
    'Needs --cr: the API lists replies only for comments of change requests.',
    'For a space comment, `docs comments get` shows how many replies it has and `docs comments replies get` shows one.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> comments replies list cm_abc --cr 42',
    '<%= config.bin %> comments replies list cm_abc --cr 42 --all --json',
  ];
  static override args = { comment: commentArg() };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    format: field.option(op.query, 'format', { description: 'Format of the bodies (default: markdown)' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    if (this.flags.cr === undefined) {
      throw unsupported(
        'list the replies of a space comment (only of change request comments, with --cr)',
        `\`${this.config.bin} comments get ${this.args.comment}\` shows how many there are`,
      );
    }
    const spaceId = this.space();
    const changeRequestId = this.subject('change request', this.flags.cr);
    const commentId = this.subject('comment', this.args.comment);
    await this.list(
      op,
      { spaceId, changeRequestId, commentId, query: { format: documentFormat(this.flags.format) } },
      replyColumns,
      'No replies.',
    );
  }
}
