import { Flags } from '@oclif/core';
import { sites } from '../../../api/operations/sites.js';
import { SiteAdaptiveJsonSchemaInput } from '../../../api/schemas/site.js';
import { formatIssues } from '../../../api/validation.js';
import { dryRunFlag, orgFlag, readTextArg, UsageError } from '../../../cli/index.js';
import { siteArg, siteFlag } from '../../../cli/flags/sites.js';
import { SiteCommand } from '../../../cli/site-command.js';

const op = sites.updateAdaptiveSchema;

/** Top-level claims plus the unsigned ones. */
const claimCount = (schema: SiteAdaptiveJsonSchemaInput): number => {
  const { unsigned, ...signed } = schema.properties;
  return Object.keys(signed).length + Object.keys(unsigned?.properties ?? {}).length;
};

export default class SitesAdaptiveSchemaSet extends SiteCommand<typeof SitesAdaptiveSchemaSet> {
  static override operations = [sites.updateAdaptiveSchema];
  static override summary = 'Replace the visitor schema of adaptive content';
  static override description = [
    'Reads a JSON Schema (draft-07) of the visitor attributes from a file, or stdin with --file -: an object with',
    '`properties` (each claim a type and a description; unsigned claims under `properties.unsigned`) and `additionalProperties: false`.',
    'The output of `docs sites adaptive-schema get` (with or without --json) is accepted as is. The schema is checked before sending.',
  ].join('\n');
  static override examples = [
    '<%= config.bin %> sites adaptive-schema set site_abc --file schema.json',
    {
      description: 'From stdin',
      command:
        'printf %s \'{"type":"object","additionalProperties":false,\'\n\'"properties":{"isBetaUser":{"type":"boolean",\'\n\'"description":"In the beta program"}}}\' |\n<%= config.bin %> sites adaptive-schema set site_abc --file -',
    },
  ];
  static override args = { site: siteArg() };
  static override flags = {
    org: orgFlag(),
    site: siteFlag(),
    file: Flags.string({ char: 'f', description: 'JSON Schema file, or - for stdin', helpValue: '<path|->', required: true }),
    'dry-run': dryRunFlag(),
  };

  async run(): Promise<void> {
    const jsonSchema = await this.readSchema(this.flags.file);
    const organizationId = await this.org();
    const site = this.site();
    const result = await this.send(op, { organizationId, siteId: site, body: { jsonSchema } });
    const claims = claimCount(jsonSchema);
    this.output.done(`Set the adaptive-content schema of site ${site} (${claims} claim${claims === 1 ? '' : 's'})`, result, {
      SITE: () => site,
      UPDATED: 'updatedAt',
    });
  }

  private async readSchema(source: string): Promise<SiteAdaptiveJsonSchemaInput> {
    const name = source === '-' ? 'stdin' : source;
    const text = await readTextArg('file', source, this.io.stdin);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`--file ${name} is not valid JSON: ${(err as Error).message}`);
    }
    // `adaptive-schema get --json` wraps the schema in the API object.
    if (typeof value === 'object' && value !== null && 'jsonSchema' in value && !('type' in value)) value = value.jsonSchema;
    const parsed = SiteAdaptiveJsonSchemaInput.safeParse(value);
    if (!parsed.success) throw new UsageError(`the schema in ${name} is not valid: ${formatIssues(parsed.error.issues)}`);
    return parsed.data;
  }
}
