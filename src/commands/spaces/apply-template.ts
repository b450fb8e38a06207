import { Args, Flags } from '@oclif/core';
import { content } from '../../api/operations/content.js';
import { CONTENT_REF_KINDS } from '../../api/schemas/content-ref.js';
import type { ApplyTemplateBody } from '../../api/schemas/content.js';
import { DocsCommand, dryRunFlag, NoContent, spaceFlag, UsageError, yesFlag } from '../../cli/index.js';
import { crFlag } from '../../cli/flags/common.js';
import { contentBefore, pagesAfter, pagesText } from '../../cli/replace-content.js';
import { scopeOperations } from '../../api/scope.js';

const op = content.applyTemplate;

/** The field holding the reference, by kind (`file` → `file`, `openapi` → `spec`). */
const REF_FIELD: Record<string, string> = { openapi: 'spec', 'reusable-content': 'reusableContent' };

/** `logo=file:file_abc` → `['logo', {kind: 'file', file: 'file_abc'}]`. */
function contentRef(text: string): [string, Record<string, string>] {
  const m = /^([^=]+)=([a-z-]+):(.+)$/.exec(text);
  if (!m || !(CONTENT_REF_KINDS as readonly string[]).includes(m[2] ?? '')) {
    throw new UsageError(
      `--content-ref "${text}" is not <name>=<kind>:<id>, where kind is one of ${CONTENT_REF_KINDS.join(', ')} (for example logo=file:file_abc)`,
    );
  }
  const [, name = '', kind = '', value = ''] = m;
  return [name, { kind, [REF_FIELD[kind] ?? kind]: value }];
}

export default class SpacesApplyTemplate extends DocsCommand<typeof SpacesApplyTemplate> {
  static override operations = [content.applyTemplate, ...scopeOperations];
  static override summary = 'Apply a template to a space';
  static override description = [
    "Adds the template's pages after the space's existing pages. --content-ref fills a reference the template asks for.",
    'Templates apply to the primary content only: there is no change request variant (--cr exits 2).',
    'Asks first on a terminal, naming the space and its page count; --yes skips it (and is required without one).',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> spaces apply-template sp_abc --template product-docs',
    {
      description: 'With the logo the template references',
      command: '<%= config.bin %> spaces apply-template --template knowledge-base\n--content-ref logo=file:file_abc',
    },
  ];
  static override fieldNames = { id: 'template' };
  static override args = { space: Args.string({ description: "Space id (default: --space or the profile's space)" }) };
  static override flags = {
    space: spaceFlag(),
    template: Flags.string({ description: 'Id of the template', helpValue: '<id>', required: true }),
    'content-ref': Flags.string({
      description: 'A reference the template uses: <name>=<kind>:<id>, e.g. logo=file:file_abc (repeatable)',
      helpValue: '<name=kind:id>',
      multiple: true,
    }),
    cr: crFlag(),
    yes: yesFlag(),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    if (this.flags.cr) {
      throw new UsageError(
        'templates apply to the primary content of a space only: the API has no change request variant. Drop --cr, or import content into the change request with `docs spaces import --cr`',
      );
    }
    const spaceId = this.space(this.args.space);
    const refs = (this.flags['content-ref'] ?? []).map(contentRef);
    const body = { id: this.flags.template, ...(refs.length > 0 ? { params: { contentRefs: Object.fromEntries(refs) } } : {}) };
    const before = this.flags['dry-run'] ? undefined : await contentBefore(this.api, { spaceId }, this.abort.signal);
    await this.send(
      op,
      { spaceId, body: body as ApplyTemplateBody },
      before
        ? {
            confirm: {
              question: `Apply template ${this.flags.template} to ${before.label} (${pagesText(before.pages)})? Its pages are added after them.`,
              action: `apply template ${this.flags.template} to space ${spaceId}`,
            },
          }
        : {},
    );
    const changed = before ? ` (${await pagesAfter(this.api, before, this.abort.signal)})` : '';
    this.output.done(`Applied template ${this.flags.template} to space ${spaceId}${changed}`, new NoContent(spaceId, 'applied'));
  }
}
