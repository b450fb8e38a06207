import { Flags } from '@oclif/core';
import { CHECK_KINDS, type CheckKind } from '../../content/check.js';

/** Arguments and flags of `docs cr check` and `docs spaces check`, and what the commands make of them: request bodies, checked values. */

/** `--ignore KIND`, repeatable, one of the kinds the checks report. */
export const ignoreFlag = (kinds: readonly CheckKind[] = CHECK_KINDS) =>
  Flags.option({ options: kinds, multiple: true, description: 'Do not report findings of this kind (repeatable)' })();
