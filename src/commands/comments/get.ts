import { Args } from '@oclif/core';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { comments } from '../../api/operations/comments.js';
import { DocsCommand, field, spaceFlag } from '../../cli/index.js';
import { commentFields, crFlag, documentFormat, showPosted } from '../../cli/format/comments.js';

export default class CommentsGet extends DocsCommand<typeof CommentsGet> {
  static override operations = [comments.get, changeRequestComments.get];
  static override summary = 'Show a comment and its text';
  static override description = 'Comment ids come from `docs comments list`; add --cr for a comment of a change request.';
  static override examples = [
    '<%= config.bin %> comments get cm_abc',
    '<%= config.bin %> comments get cm_abc --cr 42 --space sp_abc --json',
  ];
  static override args = { comment: Args.string({ description: 'Comment id', required: true }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag(),
    format: field.option(comments.get.query, 'format', { description: 'Format of the body (default: markdown)' }),
  };

  async run(): Promise<void> {
    const spaceId = this.space();
    const cr = this.flags.cr === undefined ? undefined : this.about('change request', this.flags.cr);
    const commentId = this.about('comment', this.args.comment);
    const query = { format: documentFormat(this.flags.format) };
    const comment =
      cr === undefined
        ? await this.send(comments.get, { spaceId, commentId, query })
        : await this.send(changeRequestComments.get, { spaceId, changeRequestId: cr, commentId, query });
    showPosted(this.output, comment, commentFields);
  }
}
