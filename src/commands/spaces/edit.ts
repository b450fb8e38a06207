import { Args, Flags } from '@oclif/core';
import { spaces } from '../../api/operations/spaces.js';
import { DocsCommand, dryRunFlag, field, spaceFlag, UsageError } from '../../cli/index.js';
import { defaultLevelFlag, defaultLevelValue } from '../../cli/flags/collections.js';
import { spaceRow, spaceTitle } from '../../cli/format/spaces.js';

const op = spaces.update;

export default class SpacesEdit extends DocsCommand<typeof SpacesEdit> {
  static override operations = [spaces.update];
  static override summary = 'Edit the title, emoji or icon, edit mode, default level or language of a space';
  static override description =
    'Only the fields given change. A space shows an emoji or an icon: setting one replaces the other, --remove-icon removes both.';
  static override examples = [
    '<%= config.bin %> spaces edit sp_abc --title "Getting started" --emoji 🚀',
    { description: 'Lock all edits of the default space', command: '<%= config.bin %> spaces edit --edit-mode locked' },
    {
      description: 'Members without a role of their own inherit it from the collection',
      command: '<%= config.bin %> spaces edit sp_abc --default-level inherit',
    },
  ];
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    title: field.string(op.body, 'title', { description: 'New title' }),
    emoji: field.string(op.body, 'emoji', { description: 'Emoji shown with the title (replaces an icon)', helpValue: '<emoji>' }),
    icon: field.string(op.body, 'icon', { description: 'URL of an icon image (replaces the emoji)', helpValue: '<url>' }),
    'remove-icon': Flags.boolean({ description: 'Remove the emoji and the icon', exclusive: ['emoji', 'icon'] }),
    'edit-mode': field.option(op.body, 'editMode', { description: 'live: members edit directly; locked: all edits are locked' }),
    'default-level': defaultLevelFlag('space'),
    language: field.option(op.body, 'language', { description: 'Language of the content' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const f = this.flags;
    if (f.emoji !== undefined && f.icon !== undefined)
      throw new UsageError('--emoji and --icon cannot be used together: a space shows one or the other');
    const body: Record<string, unknown> = {};
    if (f.title !== undefined) body.title = f.title;
    if (f.emoji !== undefined) body.emoji = f.emoji;
    if (f.icon !== undefined) body.icon = f.icon;
    if (f['remove-icon']) Object.assign(body, { emoji: null, icon: null });
    if (f['edit-mode'] !== undefined) body.editMode = f['edit-mode'];
    if (f['default-level'] !== undefined) body.defaultLevel = defaultLevelValue(f['default-level']);
    if (f.language !== undefined) body.language = f.language;
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'nothing to change: pass --title, --emoji, --icon, --remove-icon, --edit-mode, --default-level and/or --language',
      );
    }
    const spaceId = this.space(this.args.space);
    const space = await this.send(op, { spaceId, body });
    this.output.done(`Updated space ${spaceTitle(space)} (${space.id})`, space, spaceRow);
  }
}
