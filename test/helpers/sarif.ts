import { readFileSync } from 'node:fs';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import type { Ajv, Options } from 'ajv';

/** The SARIF 2.1.0 JSON Schema pinned in test/fixtures/sarif (see SOURCE.md there), compiled once. */
const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as object;

// Both are CommonJS with a default export; under NodeNext the default import is the module object.
type Draft04 = new (options: Options) => Ajv;
const AjvDraft04 = ((AjvDraft04Module as unknown as { default?: Draft04 }).default ?? AjvDraft04Module) as unknown as Draft04;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// The schema's `language` pattern (`…{2}]?$`) is not a valid regular expression with the u flag; without it, it is.
const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema's complaints about a SARIF log, as readable lines; empty when it is valid. */
export function sarifErrors(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
