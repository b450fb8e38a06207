import { Flags } from '@oclif/core';
import { members } from '../../api/operations/members.js';
import { DocsCommand, dryRunFlag, orgFlag } from '../../cli/index.js';
import { memberLabel, memberRow } from '../../cli/format/members.js';
import { memberArg, ROLE_OR_GUEST, roleFromFlag } from '../../cli/flags/members.js';
import { roleLabel } from '../../cli/format/organizations.js';

export default class MembersEdit extends DocsCommand<typeof MembersEdit> {
  static override operations = [members.update, members.list];
  static override summary = "Change a member's role in an organization";
  static override description =
    'guest removes the role (the member then reaches only what is shared with them). An organization keeps at least one admin.';
  static override examples = [
    '<%= config.bin %> members edit usr_abc --role review',
    '<%= config.bin %> members edit tim@acme.test --role guest',
  ];
  static override args = { user: memberArg() };
  static override flags = {
    org: orgFlag(),
    role: Flags.string({ description: 'New role (guest: no role)', options: [...ROLE_OR_GUEST], required: true, helpValue: '<role>' }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const organizationId = await this.org();
    const userId = await this.member(organizationId, this.args.user);
    const member = await this.send(members.update, { organizationId, userId, body: { role: roleFromFlag(this.flags.role) } });
    const now = member.role === null ? 'is now a guest' : `now has the ${roleLabel(member.role)} role`;
    this.output.done(`${memberLabel(member)} ${now} in organization ${organizationId}`, member, memberRow);
  }
}
