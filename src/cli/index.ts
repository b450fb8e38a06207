/**
 * What a command needs, from one import. A command is a class over DocsCommand: statics for help,
 * args and flags; `run()` maps them to ONE client call and says how to render the result.
 *
 *   import { changeRequests } from '../../api/operations/change-requests.js';
 *   import { changeRequestArg, changeRequestFields, DocsCommand, spaceFlag } from '../../cli/index.js';
 *
 *   export default class CrGet extends DocsCommand<typeof CrGet> {
 *     static override summary = 'Show a change request';
 *     static override examples = ['<%= config.bin %> cr get 42'];
 *     static override args = { cr: changeRequestArg() };
 *     static override flags = { space: spaceFlag() };
 *
 *     async run(): Promise<void> {
 *       const cr = await this.send(changeRequests.get, { spaceId: this.space(), changeRequestId: this.subject('change request', this.args.cr) });
 *       this.output.object(cr, changeRequestFields);
 *     }
 *   }
 *
 * - Body/query flags: `field.string|option|integer|boolean(op.body, 'name', {description})` (help shows
 *   the contract's bound), then `fieldsFromFlags(op.body, this.flags)` builds the body.
 * - Lists: `...listFlags()` and `await this.list(op, params, columns)` (--limit, --all, JSON lines).
 * - Changes: `this.output.done(message, resource, keyColumns)` (id first), or `done(message, new NoContent(id, 'deleted'))`
 *   for a 204 (the rule is in output.ts); add `'dry-run': dryRunFlag()`.
 * - Destructive: `yes: yesFlag()` and `this.send(op, params, { confirm: { question, action } })`; the question
 *   names things with `this.names` (`Delete ${await this.names.space(id)}?`, read only when it is asked).
 * - What the command is about: `this.space(arg)`, `await this.org()`, `await this.member(organizationId, idOrEmail)`;
 *   `this.subject(kind, id)` registers any other for 404 messages (hints in subjects.ts).
 * - Calls beside the command's own (a lookup, paging by hand): `this.api.call(op, params, { signal: this.abort.signal })`,
 *   `this.api.paginate(…)` with the same signal, so that Ctrl-C stops them.
 *   The `content/` tools take the typed client: `await this.client()`, loaded on first use; the Ink views take `this.api`.
 * - Space or change request content (`--cr`): extend ContentCommand (content-command.ts) and call the pair of
 *   api/operations/twins.ts with `this.sendIn(contentTwins.getPage, this.scope(), params)` or `this.listIn(...)`.
 * - A body field under another flag name (`body.id` as `--template`): `static override fieldNames = { id: 'template' }`,
 *   so that a 400 about it names the flag (field-names.ts).
 * - Failures: throw UsageError (2), AuthError (4) or CommandFailure(message, code); everything else is
 *   mapped by the base class to one line on stderr and the exit code of src/api/errors.ts.
 */
export { DocsCommand, type BaseArgs, type BaseFlags, type Confirmation } from './base-command.js';
export { AuthError, CancelledError, CommandFailure, UsageError } from './errors.js';
export {
  changeRequestArg,
  DEFAULT_LIMIT,
  dryRunFlag,
  field,
  fieldsFromFlags,
  kebabCase,
  listFlags,
  orgFlag,
  spaceFlag,
  yesFlag,
} from './flags/common.js';
export { readTextArg } from './input.js';
export { NoContent, Output, type Columns } from './output.js';
export { SUBJECT_HINTS } from './subjects.js';
export { changeRequestColumns, changeRequestFields, changeRequestLabel, changeRequestRow } from './format/change-requests.js';
