import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../api/errors.js';
import { type CheckResult, type Finding } from '../../content/check.js';
import { tsvCell, type Output } from '../output.js';
import { githubCommands, jobSummary, junitXml, sarifLog, type CheckFormat, type CheckRun } from './check-formats.js';

/**
 * The report: `--json` as `{ok, findings}`; piped, one finding per line (kind, page, message,
 * tab-separated, the page empty when the finding is about the whole, then for `cr check` where it
 * comes from: `change-request` or `primary`); on a terminal grouped by page, a finding the primary
 * content already has marked so, a warning with `!`. Returns the exit code: 8 with findings that count
 * (not warnings), so a CI step fails without parsing anything, whatever the format.
 * With `--format` (see check-formats.ts): SARIF, GitHub workflow commands (and the job summary
 * appended to the file GITHUB_STEP_SUMMARY names) or JUnit XML on stdout.
 */
export function renderCheck(
  output: Output,
  report: CheckResult,
  clean: string,
  json: boolean,
  format?: { format: CheckFormat | undefined; run: CheckRun; changeRequest: boolean; env: NodeJS.ProcessEnv },
): ExitCode | undefined {
  if (format?.format !== undefined) {
    const { run } = format;
    // Each document ends with a newline; `line` adds it back.
    const emit = (text: string) => text !== '' && output.line(text.replace(/\n$/, ''));
    if (format.format === 'sarif') emit(sarifLog(report, run));
    else if (format.format === 'junit') emit(junitXml(report, run, format.changeRequest));
    else {
      emit(githubCommands(report, run));
      const summary = format.env.GITHUB_STEP_SUMMARY;
      if (summary)
        try {
          writeFileSync(summary, jobSummary(report, run), { flag: 'a' });
        } catch (err) {
          output.warn(`Could not append to the job summary ${summary}: ${err instanceof Error ? err.message : String(err)}`);
        }
    }
    if (!report.ok) return ExitCode.findings;
    output.info(passed(report, clean));
    return undefined;
  }
  if (json || output.isJson) output.json({ ok: report.ok, findings: report.findings });
  else if (output.mode === 'tsv')
    for (const f of report.findings) output.line([f.kind, f.page ?? '', f.message, ...origin(f)].map(tsvCell).join('\t'));
  else if (report.findings.length > 0) {
    for (const [page, group] of groupByPage(report.findings)) {
      output.line(output.paint('bold', page ?? 'Change request'));
      const width = Math.max(12, ...group.map((f) => f.kind.length));
      for (const f of group) {
        const at = f.line !== undefined ? output.paint('dim', ` (line ${f.line})`) : '';
        const mark =
          f.introduced === false
            ? output.paint('dim', '·')
            : f.severity === 'warning'
              ? output.paint('yellow', '!')
              : output.paint('red', '✗');
        output.line(
          `  ${mark} ${f.kind.padEnd(width)}  ${f.message}${at}${f.introduced === false ? ` ${output.paint('dim', ALREADY)}` : ''}`,
        );
      }
    }
    const n = report.findings.length;
    const old = report.findings.filter((f) => f.introduced === false).length;
    const warnings = report.findings.filter((f) => f.severity === 'warning').length;
    const notes = [
      ...(old > 0 ? [`${old} already in primary content`] : []),
      ...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : []),
    ];
    output.line(`\n${n} finding${n === 1 ? '' : 's'}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`);
  }
  if (!report.ok) return ExitCode.findings;
  if (!json && !output.isJson) output.info(passed(report, clean));
  return undefined;
}

/** The line of a check that passes: `clean`, or how many warnings there were. */
function passed(report: CheckResult, clean: string): string {
  const n = report.findings.length;
  return n === 0 ? clean : `The check passes: ${n} warning${n === 1 ? '' : 's'}, which do not fail it.`;
}

const ALREADY = '(already in primary content)';

/** `cr check`'s fourth column: whether the change request brings the finding or the primary content has it already. */
const origin = (f: Finding): string[] => (f.introduced === undefined ? [] : [f.introduced ? 'change-request' : 'primary']);

function groupByPage(findings: readonly Finding[]): Map<string | null, Finding[]> {
  const groups = new Map<string | null, Finding[]>();
  for (const f of findings) groups.set(f.page, [...(groups.get(f.page) ?? []), f]);
  return groups;
}
