import { Args } from '@oclif/core';

/** Arguments and flags of `docs teams …`, and what the commands make of them: request bodies, checked values. */

export const teamArg = () => Args.string({ description: 'Team id (see `docs teams list`)', required: true });
