import { Args } from '@oclif/core';

/** Arguments and flags of `docs spaces file`, `docs cr file` and `docs spaces file-backlinks`, and what the commands make of them: request bodies, checked values. */

export const fileArg = () => Args.string({ description: 'File id', required: true });
