import type { z } from 'zod';
import { formatFieldIssue, ValidationError, type FieldIssue } from './errors.js';

export { formatFieldIssue, ValidationError };

/**
 * Turns zod issues into one-line messages that name the field and the bound:
 * `subject: must be at most 100 characters`, `limit: must be at most 1000`.
 * The same text is used by the client (before sending), the CLI (exit 2) and the emulator (400).
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix?: string): string {
  return issues.map((issue) => formatIssue(issue, prefix)).join('; ');
}

export function formatIssue(issue: z.core.$ZodIssue, prefix?: string): string {
  return formatFieldIssue(fieldIssue(issue, prefix));
}

/** A zod issue as a FieldIssue: its path under `prefix` (`body`) and the message without the field. */
export function fieldIssue(issue: z.core.$ZodIssue, prefix?: string): FieldIssue {
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  return { path: prefix ? [prefix, ...path] : path, message: describe(issue) };
}

function unit(origin: string | undefined, n: number | bigint): string {
  if (origin === 'string') return ` character${n === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return ` item${n === 1 ? '' : 's'}`;
  return '';
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big': {
      const bound = issue.maximum as number;
      return issue.inclusive === false
        ? `must be less than ${bound}${unit(issue.origin, bound)}`
        : `must be at most ${bound}${unit(issue.origin, bound)}`;
    }
    case 'too_small': {
      const bound = issue.minimum as number;
      if (issue.origin === 'string' && bound === 1) return 'must not be empty';
      return issue.inclusive === false
        ? `must be more than ${bound}${unit(issue.origin, bound)}`
        : `must be at least ${bound}${unit(issue.origin, bound)}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue) return `must match the pattern ${String(issue.pattern)}`;
      return `must be a valid ${issue.format}`;
    case 'invalid_value':
      if (isMissing(issue)) return 'required';
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_type':
      if (isMissing(issue)) return 'required';
      return `must be ${article(issue.expected)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_union': {
      // A missing value fails every branch (an open enum, say): say so rather than list the values.
      if (issue.errors.flat().some((i) => i.path.length === 0 && isMissing(i))) return 'required';
      // Prefer the most specific branch message (a union of a value and its string form, say).
      const inner = issue.errors.flat().find((i) => i.code !== 'invalid_type');
      if (inner) return describe(inner);
      return issue.message && !issue.message.startsWith('Invalid input') ? issue.message : 'has an invalid value';
    }
    default:
      return issue.message;
  }
}

/**
 * Whether the value was absent. `input` is kept only when parsing with reportInput (validate does);
 * otherwise zod's type message tells it ("expected string, received undefined").
 */
function isMissing(issue: z.core.$ZodIssue): boolean {
  if ('input' in issue) return issue.input === undefined;
  return issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
}

function article(expected: string): string {
  if (expected === 'null' || expected === 'undefined') return expected;
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** Parse `value` with `schema`; on failure throw a ValidationError naming the field and bound. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  // reportInput lets a wrong value (null, a number...) be told apart from a missing one in messages.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => fieldIssue(issue, prefix));
  throw new ValidationError(issues.map(formatFieldIssue).join('; '), issues);
}
