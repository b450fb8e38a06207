import { Args } from '@oclif/core';
import { contentTwins } from '../../api/operations/twins.js';
import { changeRequestEntry, withoutCr } from '../../cli/content-command.js';
import { changeRequestArg } from '../../cli/index.js';
import SpacesPage from '../spaces/page.js';

export default class CrPage extends changeRequestEntry(SpacesPage) {
  static override operations = [contentTwins.getPage.changeRequest];
  static override summary = 'Print a page of a change request: its markdown (default) or its document';
  static override description =
    'The same as `docs spaces page PAGE --cr CR`. Page ids come from `docs cr pages CR`; --json prints the API object.';
  static override examples = [
    '<%= config.bin %> cr page 42 pg_abc > page.md',
    { description: 'The structured document', command: '<%= config.bin %> cr page 42 pg_abc --format document' },
  ];
  static override args = { cr: changeRequestArg(), page: Args.string({ description: 'Page id', required: true }) };
  static override flags = withoutCr(SpacesPage.flags);
}
