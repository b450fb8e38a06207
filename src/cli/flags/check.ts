import { Flags } from '@oclif/core';
import { CHECK_KINDS, type CheckKind } from '../../content/check.js';
import { CHECK_FORMATS } from '../format/check-formats.js';

/** Arguments and flags of `docs cr check` and `docs spaces check`, and what the commands make of them: request bodies, checked values. */

/** `--ignore KIND`, repeatable, one of the kinds the checks report. */
export const ignoreFlag = (kinds: readonly CheckKind[] = CHECK_KINDS) =>
  Flags.option({ options: kinds, multiple: true, description: 'Do not report findings of this kind (repeatable)' })();

/** `--format sarif|github|junit`: the report for a CI system instead of the table, TSV or JSON. */
export const formatFlag = () =>
  Flags.option({
    options: CHECK_FORMATS,
    exclusive: ['json', 'jq'],
    helpValue: '<format>',
    description:
      'Write the report for a CI system: sarif (SARIF 2.1.0, for GitHub code scanning), github (workflow commands, and a table in $GITHUB_STEP_SUMMARY), junit (JUnit XML)',
  })();

/** `--path-prefix DIR`: where the space's files are in the repository it syncs to. */
export const pathPrefixFlag = () =>
  Flags.string({
    helpValue: '<dir>',
    description:
      "With --format: the folder of the Git-synced repository the space's files are in (its .gitbook.yaml root), put before each path",
  });
