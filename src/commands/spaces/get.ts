import { Args } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, field, fieldsFromFlags, spaceFlag } from '../../cli/index.js';
import { spaceFields } from '../../cli/format/spaces.js';
import { openWeb, webFlag, webIO } from '../../cli/web.js';

const op = spaces.get;

export default class SpacesGet extends DocsCommand<typeof SpacesGet> {
  static override operations = [spaces.get];
  static override summary = 'Show a space';
  static override description =
    'The space is the argument, --space, or the profile default. Space ids come from `docs collections spaces`.';
  static override examples = [
    '<%= config.bin %> spaces get sp_abc',
    { description: 'The default space, as JSON', command: '<%= config.bin %> spaces get --json' },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    web: webFlag(),
    'share-key': field.string(op.query, 'shareKey', {
      description: 'Share key of share-link content, to resolve its published URLs',
      helpValue: '<key>',
    }),
  };

  async run(): Promise<void> {
    const spaceId = this.space(this.args.space);
    const space = await this.send(op, { spaceId, query: fieldsFromFlags(op.query, this.flags) });
    if (this.flags.web) return openWeb(space.urls?.app, `space ${spaceId}`, webIO(this.output, this.io));
    this.output.object(space, spaceFields);
  }
}
