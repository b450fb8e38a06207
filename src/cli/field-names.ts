import type { FieldIssue } from '../api/errors.js';
import { kebabCase } from './flags/common.js';

/**
 * How a command's request fields are named on its command line. By default a field is the flag of
 * the same name (`body.agentTaskId` → `--agent-task-id`, `limit` → `--limit`), or the flag or
 * argument without its `Id` (`spaceId` → `--space`); `fields` lists the exceptions the command
 * declares, by field path without `body.`/`query.` (`{ id: 'template' }` → `--template`).
 */
export interface CommandNames {
  /** Flag names of the command (`subject`, `space`). */
  flags?: readonly string[];
  /** Argument names of the command (`changeRequest`), shown as `CHANGE_REQUEST`. */
  args?: readonly string[];
  /** Field path → flag or argument name, where the default guess is wrong. */
  fields?: Readonly<Record<string, string>>;
}

export const argLabel = (name: string): string => kebabCase(name).replace(/-/g, '_').toUpperCase();

/** `--template`, `CHANGE_REQUEST`: what the user typed for the field at `path`, or undefined when nothing names it. */
export function optionFor(path: readonly (string | number)[], names: CommandNames): string | undefined {
  const flags = new Set(names.flags ?? []);
  const args = new Set(names.args ?? []);
  const label = (name: string): string | undefined =>
    flags.has(kebabCase(name)) ? `--${kebabCase(name)}` : args.has(name) ? argLabel(name) : undefined;
  // A query parameter's path is its name alone (`limit`), so `['query']` is the search parameter itself.
  const inRequest = path.length > 1 && (path[0] === 'body' || path[0] === 'query') ? path.slice(1) : path;
  const field = inRequest.map(String).join('.');
  const declared = names.fields?.[field];
  if (declared !== undefined) return label(declared);
  if (inRequest.length === 0) return undefined;
  // Array positions (`body.pages.0.title`) name no flag of their own: the field holding them does.
  const named = inRequest.filter((p): p is string => typeof p === 'string' && !/^\d+$/.test(p));
  const leaf = named.at(-1) ?? field;
  const candidates = [named.join('-'), leaf, leaf.replace(/Id$/, '')];
  for (const candidate of candidates) {
    const found = label(candidate);
    if (found) return found;
  }
  return undefined;
}

/**
 * One line for the problems, in the command's vocabulary: `--subject must be at most 100 characters`,
 * `CHANGE_REQUEST is required`; a field no option names keeps its path (`body.other: required`).
 */
export function describeIssues(issues: readonly FieldIssue[], names: CommandNames): string {
  return issues
    .map((issue) => {
      const option = optionFor(issue.path, names);
      if (!option) return `${issue.path.length === 0 ? 'value' : issue.path.join('.')}: ${issue.message}`;
      return issue.message === 'required' ? `${option} is required` : `${option} ${issue.message}`;
    })
    .join('; ');
}
