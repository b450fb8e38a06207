import { createHash } from 'node:crypto';
import type { Page } from '../../api/schemas/content.js';
import type { CheckKind, CheckResult, Finding } from '../../content/check.js';
import { flattenTree } from '../../content/page-tree.js';
import { planLayout, SUMMARY_FILE } from '../../content/pull.js';

/**
 * The report of `docs cr check` and `docs spaces check` in the formats CI systems read:
 * - `sarif`: SARIF 2.1.0, for GitHub code scanning (`github/codeql-action/upload-sarif`) and
 *   other SARIF viewers: one rule per kind of finding, one result per finding;
 * - `github`: GitHub Actions workflow commands (`::error file=…,title=…::…`), one per finding,
 *   and a table of the findings appended to the job summary (`$GITHUB_STEP_SUMMARY`);
 * - `junit`: JUnit XML, for GitLab's and Jenkins' test reports: one test case per page checked,
 *   one failure per finding.
 * Each finding is located by the file its page has in the Git Sync layout (`docs spaces pull`'s
 * paths, `planLayout`); a finding about the change request as a whole, or on a page without a
 * file, is located at SUMMARY.md, the layout's table of contents. A finding about a link carries
 * the line of the file where the link is (SARIF's region, GitHub's `line=`), when it was found in
 * the page's markdown. A warning (a permanent redirect, an unverified external link without
 * --strict-external) is SARIF level `warning`, a `::warning` command, and in JUnit a line of its
 * test case's `<system-out>`, not a failure: it does not fail the check.
 * The output depends on the findings and the page tree only: no time, no run id, and findings
 * in a fixed order, so the same content gives the same bytes.
 */

export const CHECK_FORMATS = ['sarif', 'github', 'junit'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export interface CheckRun {
  /** The command as run, e.g. `docs cr check 3`: names the JUnit suite and the job summary's heading. */
  title: string;
  /** The kinds the command reports, in this order: SARIF's rules. */
  kinds: readonly CheckKind[];
  /** JUnit's classname: the space id, or `space/change request` for `cr check`. */
  scope: string;
  /** The CLI's version (SARIF's tool driver). */
  version: string;
  /** The page tree checked; undefined when the check failed before reading it. */
  tree: readonly Page[] | undefined;
  /** Put before each file path: the folder of the repository the space syncs to, when it is not the root. */
  pathPrefix?: string;
}

/** What each kind of finding means, for SARIF's rules and the job summary. */
export const KIND_HELP: Readonly<Record<CheckKind, { name: string; short: string; help: string }>> = {
  'broken-link': {
    name: 'BrokenLink',
    short: 'A link whose target does not exist',
    help: 'The link points to a page, file or anchor that does not exist in the space. Change the link or restore its target.',
  },
  'broken-anchor': {
    name: 'BrokenAnchor',
    short: 'A link to a heading that does not exist',
    help: "The link's anchor (#…) names no heading of the target page (anchors are GitHub-style slugs of the headings, repeats numbered -1, -2…, or an id set by hand). Change the anchor or the heading.",
  },
  'empty-page': {
    name: 'EmptyPage',
    short: 'A document page without content',
    help: 'The page has a title but no content. Write it, or remove the page.',
  },
  outdated: {
    name: 'OutdatedChangeRequest',
    short: 'The change request is behind the primary content',
    help: 'The primary content changed since the change request was opened. Update it (docs cr update-branch) and check again; it may conflict.',
  },
  'open-comment': {
    name: 'OpenComment',
    short: 'A comment on the change request that is not resolved',
    help: 'Resolve the comment, or answer it, before merging the change request.',
  },
  'external-broken': {
    name: 'BrokenExternalLink',
    short: 'An external link that does not work',
    help: 'The URL answers 404, 410 or another client error, or its host does not exist. Change the link or remove it.',
  },
  'external-redirect': {
    name: 'PermanentlyRedirectedLink',
    short: 'An external link that redirects permanently',
    help: 'The URL answers with a permanent redirect (301 or 308). Link to where it redirects instead.',
  },
  'external-unverified': {
    name: 'UnverifiedExternalLink',
    short: 'An external link that could not be verified',
    help: 'The host timed out, rate-limited the check, refused access or answered with a server error. Check the link by hand; it fails the check only with --strict-external.',
  },
};

/** The level of a finding: `warning` for one that does not fail the check. */
const levelOf = (f: Finding): 'error' | 'warning' => (f.severity === 'warning' ? 'warning' : 'error');

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const ALREADY = '(already in primary content)';

/** One finding with where it is: its page's file in the Git Sync layout (SUMMARY.md when it has none). */
interface Located extends Finding {
  file: string;
}

/**
 * Each page's path, as the report names it (`flattenTree`'s), to its file in the Git Sync layout,
 * in reading order; `documents` only: the pages with content (a group's file has none).
 */
function filesByPath(tree: readonly Page[], documents = false): Map<string, string> {
  const paths = new Map(flattenTree(tree).map((p) => [p.id, p.path]));
  const files = new Map<string, string>();
  for (const { path, page } of planLayout(tree).files) {
    const at = paths.get(page.id);
    if (at !== undefined && !files.has(at) && (!documents || page.type === 'document')) files.set(at, path);
  }
  return files;
}

const prefixed = (prefix: string | undefined, file: string) => (prefix ? `${prefix.replace(/^\.\/|\/+$/g, '')}/${file}` : file);

/**
 * The findings with their files, in a fixed order: those about the whole first, then by the
 * pages' reading order, and within a page by kind, then message.
 */
function locate(report: CheckResult, run: CheckRun): Located[] {
  const files = run.tree ? filesByPath(run.tree) : new Map<string, string>();
  const kindRank = (k: CheckKind) => run.kinds.indexOf(k);
  // The change request first, then the pages in reading order, then any other page in the report's order.
  const pageRank = new Map<string | null, number>([[null, -1]]);
  for (const path of files.keys()) pageRank.set(path, pageRank.size);
  for (const f of report.findings) if (!pageRank.has(f.page)) pageRank.set(f.page, pageRank.size);
  return report.findings
    .map((f) => ({ ...f, file: prefixed(run.pathPrefix, (f.page !== null ? files.get(f.page) : undefined) ?? SUMMARY_FILE) }))
    .sort(
      (a, b) =>
        (pageRank.get(a.page) ?? 0) - (pageRank.get(b.page) ?? 0) ||
        kindRank(a.kind) - kindRank(b.kind) ||
        (a.message < b.message ? -1 : a.message > b.message ? 1 : 0) ||
        Number(a.introduced === false) - Number(b.introduced === false),
    );
}

const messageOf = (f: Finding): string => (f.introduced === false ? `${f.message} ${ALREADY}` : f.message);

/* ---------- SARIF ---------- */

/** A SARIF 2.1.0 log, as the JSON text written (2-space indented, ending with a newline). */
export function sarifLog(report: CheckResult, run: CheckRun): string {
  const rules = run.kinds.map((kind) => ({
    id: kind,
    name: KIND_HELP[kind].name,
    shortDescription: { text: KIND_HELP[kind].short },
    fullDescription: { text: KIND_HELP[kind].short },
    help: { text: KIND_HELP[kind].help },
    defaultConfiguration: { level: kind === 'external-redirect' || kind === 'external-unverified' ? 'warning' : 'error' },
  }));
  const results = locate(report, run).map((f) => ({
    ruleId: f.kind,
    ruleIndex: run.kinds.indexOf(f.kind),
    level: levelOf(f),
    message: { text: messageOf(f) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(f.file) },
          ...(f.line !== undefined && f.page !== null ? { region: { startLine: f.line } } : {}),
        },
      },
    ],
    partialFingerprints: { 'docsFinding/v1': fingerprint(f) },
    ...(f.introduced === undefined ? {} : { baselineState: f.introduced ? 'new' : 'unchanged' }),
  }));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'docs', semanticVersion: run.version, version: run.version, rules } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** Stable across runs for the same finding, so code scanning keeps one alert for it. */
const fingerprint = (f: Finding): string =>
  createHash('sha256')
    .update(`${f.kind}\0${f.page ?? ''}\0${f.message}`)
    .digest('hex')
    .slice(0, 32);

/* ---------- GitHub Actions ---------- */

/** A workflow command's message: `%`, CR and LF escaped as GitHub's toolkit does. */
export const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A workflow command's property value: also `:` and `,`. */
export const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One `::error` workflow command per finding, each on its own line. */
export function githubCommands(report: CheckResult, run: CheckRun): string {
  return locate(report, run)
    .map((f) => {
      const props = [
        ...(f.page !== null ? [`file=${escapeProperty(f.file)}`] : []),
        ...(f.page !== null && f.line !== undefined ? [`line=${f.line}`] : []),
        `title=${escapeProperty(f.kind)}`,
      ].join(',');
      return `::${levelOf(f)} ${props}::${escapeData(messageOf(f))}\n`;
    })
    .join('');
}

/** The job summary: a heading naming the run, then a table of the findings (or a line saying there are none). */
export function jobSummary(report: CheckResult, run: CheckRun): string {
  const found = locate(report, run);
  const n = found.length;
  const heading = `### \`${run.title}\`: ${n === 0 ? 'no findings' : `${n} finding${n === 1 ? '' : 's'}`}\n\n`;
  if (n === 0) return heading;
  const cell = (text: string) => text.replace(/\r?\n|\r/g, ' ').replace(/([\\|`*_[\]<>])/g, '\\$1');
  const rows = found.map(
    (f) =>
      `| ${f.kind} | ${f.page === null ? '' : cell(f.page)} | ${f.page === null ? '' : cell(f.line !== undefined ? `${f.file}:${f.line}` : f.file)} | ${cell(messageOf(f))} |`,
  );
  return `${heading}| Kind | Page | File | Message |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n\n`;
}

/* ---------- JUnit XML ---------- */

/** Text no XML 1.0 document may hold (other control characters, lone surrogates, U+FFFE/U+FFFF) becomes U+FFFD. */
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlText = (text: string) => text.replace(INVALID_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlAttr = (text: string) =>
  xmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

/**
 * One `<testsuite>` for the run, one `<testcase>` per document page checked (by its path; its
 * file in the Git Sync layout as `file`) and one for the change request itself with `cr check`,
 * each with one `<failure>` per finding. No time is given (it would change the bytes).
 */
export function junitXml(report: CheckResult, run: CheckRun, changeRequest: boolean): string {
  const found = locate(report, run);
  const cases: { name: string; file?: string; failures: Located[] }[] = [];
  const byName = new Map<string | null, (typeof cases)[number]>();
  if (changeRequest || found.some((f) => f.page === null)) {
    const whole = { name: 'change request', failures: [] };
    cases.push(whole);
    byName.set(null, whole);
  }
  for (const [path, file] of run.tree ? filesByPath(run.tree, true) : []) {
    const testCase = { name: path, file: prefixed(run.pathPrefix, file), failures: [] };
    cases.push(testCase);
    byName.set(path, testCase);
  }
  for (const f of found) {
    let testCase = byName.get(f.page);
    if (!testCase) {
      // A finding on a page that is not a document of the tree (it should not happen): a case of its own.
      testCase = { name: f.page ?? 'change request', file: f.file, failures: [] };
      cases.push(testCase);
      byName.set(f.page, testCase);
    }
    testCase.failures.push(f);
  }
  const failing = (c: (typeof cases)[number]) => c.failures.filter((f) => levelOf(f) === 'error');
  const failed = cases.filter((c) => failing(c).length > 0).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(run.title)}" tests="${cases.length}" failures="${failed}" errors="0">`,
    `  <testsuite name="${xmlAttr(run.title)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0">`,
  ];
  for (const c of cases) {
    const attrs = `name="${xmlAttr(c.name)}" classname="${xmlAttr(run.scope)}"${c.file ? ` file="${xmlAttr(c.file)}"` : ''}`;
    if (c.failures.length === 0) {
      lines.push(`    <testcase ${attrs}/>`);
      continue;
    }
    lines.push(`    <testcase ${attrs}>`);
    const where = (f: Located) => `${f.kind}${f.page === null ? '' : ` in ${f.file}${f.line !== undefined ? `:${f.line}` : ''}`}`;
    for (const f of failing(c))
      lines.push(
        `      <failure type="${xmlAttr(f.kind)}" message="${xmlAttr(messageOf(f))}">${xmlText(`${where(f)}: ${messageOf(f)}`)}</failure>`,
      );
    // Warnings do not fail the case: they are written in its output.
    const warnings = c.failures.filter((f) => levelOf(f) === 'warning');
    if (warnings.length > 0)
      lines.push(`      <system-out>${xmlText(warnings.map((f) => `warning: ${where(f)}: ${messageOf(f)}`).join('\n'))}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}
