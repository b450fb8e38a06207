import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestArg, DocsCommand, field, fieldsFromFlags, spaceFlag } from '../../cli/index.js';

const op = changeRequests.getPdf;

export default class CrPdf extends DocsCommand<typeof CrPdf> {
  static override operations = [changeRequests.getPdf];
  static override summary = 'Print a URL to a PDF export of a change request';
  static override description =
    'Prints only the URL, so it can be fetched directly (`curl -o cr.pdf "$(docs cr pdf 42)"`). The export covers the change request\'s content; with --page PAGE --only, that page alone.';
  static override examples = [
    '<%= config.bin %> cr pdf 42',
    { description: 'Download it', command: 'curl -o cr-42.pdf "$(<%= config.bin %> cr pdf 42)"' },
    { description: 'Only one page', command: '<%= config.bin %> cr pdf 42 --page pg_abc --only' },
  ];
  static override args = { cr: changeRequestArg() };
  static override flags = {
    space: spaceFlag(),
    page: field.string(op.query, 'page', { description: 'Page id (with --only, the only page exported)', helpValue: '<page-id>' }),
    only: field.boolean(op.query, 'only', { description: 'Export only the page given with --page' }),
  };

  async run(): Promise<void> {
    const spaceId = this.space();
    const changeRequestId = this.subject('change request', this.args.cr);
    const pdf = await this.send(op, { spaceId, changeRequestId, query: fieldsFromFlags(op.query, this.flags) });
    if (this.output.isJson) this.output.json(pdf);
    else this.output.line(pdf.url);
  }
}
