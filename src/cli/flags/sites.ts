import { Args, Flags } from '@oclif/core';
import { UsageError } from '../errors.js';

/** Arguments and flags of `docs sites …` (a site, or a site and a part of it), and what the commands make of them: request bodies, checked values. */

export const siteArg = () => Args.string({ description: 'Site id (or --site); see `docs sites list`' });
export const siteFlag = () => Flags.string({ description: 'Site id, instead of the SITE argument', helpValue: '<id>' });

/** A schema-derived flag (`field.*`) that cannot be combined with the given flags. */
export const exclusiveWith = <F extends object>(flag: F, ...others: string[]): F => Object.assign(flag, { exclusive: others });

/** The `position` of the move operations, from `--before <id>` / `--after <id>`. */
export function movePosition<P>(flags: { before?: string; after?: string }, pointer: (id: string) => P): { before?: P; after?: P } {
  if (flags.before === undefined && flags.after === undefined)
    throw new UsageError('nowhere to move to: pass --before <id> and/or --after <id>');
  return {
    ...(flags.before !== undefined ? { before: pointer(flags.before) } : {}),
    ...(flags.after !== undefined ? { after: pointer(flags.after) } : {}),
  };
}
