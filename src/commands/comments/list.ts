import { Args, Flags } from '@oclif/core';
import { comments } from '../../api/operations/comments.js';
import { commentTwins } from '../../api/operations/twins.js';
import { ContentCommand } from '../../cli/content-command.js';
import { field, fieldsFromFlags, listFlags, spaceFlag } from '../../cli/index.js';
import { commentColumns } from '../../cli/format/comments.js';
import { documentFormat } from '../../cli/flags/comments.js';
import { crFlag } from '../../cli/flags/common.js';

const op = comments.list;

export default class CommentsList extends ContentCommand<typeof CommentsList> {
  static override operations = [commentTwins.list.space, commentTwins.list.changeRequest];
  static override summary = 'List the comments of a space or of a change request';
  static override description = [
    "Shows open and resolved comments, newest first, with bodies as markdown. With --cr, the change request's comments instead of the space's.",
    'The space is the argument, --space, or the profile default; the ids shown are what the other `comments` commands take.',
  ].join('\n');
  static override examples = [
    { description: 'Open comments of the default space', command: '<%= config.bin %> comments list --status open' },
    {
      description: 'Comments of change request 42 on one page, oldest first',
      command: '<%= config.bin %> comments list --cr 42 --page-id pg_abc --order asc',
    },
    {
      description: 'Everything two people wrote, as JSON',
      command: '<%= config.bin %> comments list sp_abc --author usr_a --author usr_b --all --json',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    cr: crFlag('comments'),
    status: field.option(op.query, 'status', { description: 'Only comments in this state (default: all)' }),
    order: field.option(op.query, 'order', { description: 'Order by posting date (default: desc)' }),
    'page-id': field.string(op.query, 'targetPage', { description: 'Only comments on this page', helpValue: '<page-id>' }),
    author: Flags.string({ description: 'Only comments posted by this user id (repeatable)', helpValue: '<user-id>', multiple: true }),
    format: field.option(op.query, 'format', { description: 'Format of the bodies (default: markdown)' }),
    ...listFlags(),
  };

  async run(): Promise<void> {
    const { author } = this.flags;
    const query = {
      ...fieldsFromFlags(op.query, this.flags),
      ...(this.flags['page-id'] !== undefined ? { targetPage: this.flags['page-id'] } : {}),
      ...(author !== undefined ? { authors: author } : {}),
      format: documentFormat(this.flags.format),
    };
    await this.listIn(commentTwins.list, this.scope(this.args.space), { query }, commentColumns, 'No comments.');
  }
}
