import { Args, Flags } from '@oclif/core';
import { ROLES } from '../../api/schemas/common.js';

/** Arguments and flags of `docs members …` (and the roles other topics take), and what the commands make of them: request bodies, checked values. */

/** Organization roles as a flag value, `guest` standing for the API's null. */
export const ROLE_OR_GUEST = [...ROLES, 'guest'] as const;
export const roleOrGuestFlag = (description: string) => Flags.string({ description, options: [...ROLE_OR_GUEST], helpValue: '<role>' });
export const roleFromFlag = (value: string): (typeof ROLES)[number] | null =>
  value === 'guest' ? null : (value as (typeof ROLES)[number]);

export const memberArg = () => Args.string({ description: 'User id or e-mail address of the member', required: true });
