import type { Command, Config } from '@oclif/core';
import type { Operation, OperationItem, OperationResult } from '../api/operation.js';
import type { Twin } from '../api/operations/twins.js';
import { inScope, scopeOf, type Scope, type ScopeRest } from '../api/scope.js';
import { DocsCommand, type Confirmation } from './base-command.js';
import type { Columns } from './output.js';

/**
 * The base of commands that read or change the content or comments of a space or, with `--cr`
 * (or the change request argument of `docs cr pages 42`), of a change request. A command says
 * once what it calls, by its pair of operations (api/operations/twins.ts); the scope picks one.
 */
export abstract class ContentCommand<T extends typeof Command = typeof Command> extends DocsCommand<T> {
  // oclif's manifest collects statics up the class chain only while each class has statics of its
  // own: without one here, a `cr …` entry (two levels below) would lose the global flags.
  static override baseFlags = DocsCommand.baseFlags;

  /** The space (argument, --space, the profile's) and the change request of `--cr` or of the `cr` argument. */
  protected scope(spaceArg?: string): Scope {
    const spaceId = this.space(spaceArg);
    const cr = (this.args as { cr?: string }).cr ?? (this.flags as { cr?: string }).cr;
    return scopeOf(spaceId, cr === undefined ? undefined : this.subject('change request', cr));
  }

  /** One call of the space operation, or of its change request twin. */
  protected sendIn<S extends Operation, C extends Operation>(
    twin: Twin<S, C>,
    scope: Scope,
    params: ScopeRest<S>,
    options?: { confirm?: Confirmation; progress?: string },
  ): Promise<OperationResult<S>> {
    const [op, all] = inScope(twin, scope, params);
    return this.send(op, all, options);
  }

  /** A paginated list of the space, or of its change request twin (--limit, --all as `list`). */
  protected listIn<S extends Operation, C extends Operation>(
    twin: Twin<S, C>,
    scope: Scope,
    params: ScopeRest<S>,
    columns: Columns<OperationItem<S>>,
    empty?: string,
  ): Promise<void> {
    const [op, all] = inScope(twin, scope, params);
    return this.list(op, all, columns, empty);
  }
}

/** A content command class with its own run, whatever its flags and arguments. */
type EntryBase = Omit<typeof ContentCommand, 'prototype'> & (new (argv: string[], config: Config) => { run(): Promise<unknown> });

/**
 * The base of a `cr …` content entry (`docs cr pages 42`): the `spaces …` command itself, same run
 * and flags, so the two cannot drift. Typed loosely so that the entry can declare its own arguments
 * (the change request first, which `scope()` reads instead of --cr) and its flags without --cr.
 */
export function changeRequestEntry(command: abstract new (argv: string[], config: Config) => ContentCommand): EntryBase {
  return command as unknown as EntryBase;
}

/** A `spaces …` command's flags for its `cr …` entry: all but --cr, which the argument replaces. */
export function withoutCr<F extends { cr: unknown }>(flags: F): Omit<F, 'cr'> {
  const { cr: _cr, ...rest } = flags;
  return rest;
}
