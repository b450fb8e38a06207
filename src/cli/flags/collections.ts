import { Args, Flags } from '@oclif/core';
import { DEFAULT_LEVELS, type ContentPosition } from '../../api/schemas/space.js';
import { UsageError } from '../errors.js';

/** Arguments and flags of `docs collections …`, and of `docs spaces move` and `docs spaces edit` (where a space goes, its default level), and what the commands make of them: request bodies, checked values. */

/** `--default-level`: a role, `inherit` (from the parent collection) or `guest` (sent as null). */
export const defaultLevelFlag = (what: string) =>
  Flags.string({
    description: `Default access level of the ${what}: a role, inherit (from the parent collection) or guest (sent as null)`,
    options: [...DEFAULT_LEVELS, 'guest'],
  });

export const defaultLevelValue = (flag: string | undefined): string | null | undefined => (flag === 'guest' ? null : flag);

/* ---------- move ---------- */

type Kind = 'space' | 'collection';

const pointerHelp = (bare: Kind) => `a space or collection of the same parent, as space:<id> or collection:<id> (a bare id is a ${bare})`;

/** The flags of a move: the new parent, or the top level, and/or a neighbour to go before or after. */
export const moveFlags = (moving: Kind) => ({
  parent: Flags.string({ description: 'Collection to move into', helpValue: '<collection-id>', exclusive: ['top-level'] }),
  'top-level': Flags.boolean({ description: 'Move out of any collection, to the top level of the organization', exclusive: ['parent'] }),
  before: Flags.string({ description: `Place just before this neighbour: ${pointerHelp(moving)}`, helpValue: '<[kind:]id>' }),
  after: Flags.string({ description: `Place just after this neighbour: ${pointerHelp(moving)}`, helpValue: '<[kind:]id>' }),
});

export type Pointer = NonNullable<ContentPosition['before']>;

/** `space:abc` → `{type: 'space', space: 'abc'}`; a bare id is of the kind being moved. */
export function parsePointer(text: string, flag: string, bare: Kind): Pointer {
  const m = /^(space|collection):(.*)$/.exec(text);
  const kind = (m?.[1] as Kind | undefined) ?? bare;
  const id = m ? (m[2] ?? '') : text;
  if (id === '') throw new UsageError(`--${flag} needs an id after "${kind}:" (for example ${kind}:abc123)`);
  return kind === 'space' ? { type: 'space', space: id } : { type: 'collection', collection: id };
}

export interface MoveFlagValues {
  parent?: string;
  'top-level'?: boolean;
  before?: string;
  after?: string;
}

/** The move body from the flags; at least one is needed, or there is nothing to do. */
export function moveBody(flags: MoveFlagValues, moving: Kind): { parent?: string | null; position?: ContentPosition } {
  const body: { parent?: string | null; position?: ContentPosition } = {};
  if (flags.parent !== undefined) body.parent = flags.parent;
  if (flags['top-level']) body.parent = null;
  const position: ContentPosition = {};
  if (flags.before !== undefined) position.before = parsePointer(flags.before, 'before', moving);
  if (flags.after !== undefined) position.after = parsePointer(flags.after, 'after', moving);
  if (position.before || position.after) body.position = position;
  if (Object.keys(body).length === 0)
    throw new UsageError('nothing to do: pass --parent <collection-id>, --top-level, --before and/or --after');
  return body;
}

export const collectionArg = () => Args.string({ description: 'Collection id', required: true });
