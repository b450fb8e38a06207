import { Flags } from '@oclif/core';
import { ExitCode } from '../../api/errors.js';
import { CHECK_KINDS, type CheckKind, type CheckResult, type Finding } from '../../content/check.js';
import { tsvCell, type Output } from '../output.js';

/** `--ignore KIND`, repeatable, one of the kinds the checks report. */
export const ignoreFlag = (kinds: readonly CheckKind[] = CHECK_KINDS) =>
  Flags.option({ options: kinds, multiple: true, description: 'Do not report findings of this kind (repeatable)' })();

/**
 * The report: `--json` as `{ok, findings}`; piped, one finding per line (kind, page, message,
 * tab-separated, the page empty when the finding is about the whole); on a terminal grouped by
 * page. Findings set exit code 8, so a CI step fails without parsing anything.
 */
export function renderCheck(output: Output, report: CheckResult, clean: string, json: boolean): void {
  if (json || output.isJson) output.json(report);
  else if (output.mode === 'tsv') for (const f of report.findings) output.line([f.kind, f.page ?? '', f.message].map(tsvCell).join('\t'));
  else if (report.findings.length > 0) {
    for (const [page, group] of groupByPage(report.findings)) {
      output.line(output.paint('bold', page ?? 'Change request'));
      for (const f of group) output.line(`  ${output.paint('red', '✗')} ${f.kind.padEnd(12)}  ${f.message}`);
    }
    const n = report.findings.length;
    output.line(`\n${n} finding${n === 1 ? '' : 's'}`);
  }
  if (!report.ok) process.exitCode = ExitCode.findings;
  else if (!json && !output.isJson) output.info(clean);
}

function groupByPage(findings: readonly Finding[]): Map<string | null, Finding[]> {
  const groups = new Map<string | null, Finding[]>();
  for (const f of findings) groups.set(f.page, [...(groups.get(f.page) ?? []), f]);
  return groups;
}
