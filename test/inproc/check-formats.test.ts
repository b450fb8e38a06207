import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';
import { sarifErrors } from '../helpers/sarif.js';

/**
 * `--format sarif|github|junit` of `docs cr check` and `docs spaces check` against the emulator: a
 * copy of the demo Guides space and a change request that adds a page with a broken link and an
 * empty page. Every format exits 8 with findings and 0 without, and gives the same bytes twice.
 */

let emulator: RunningEmulator;
let env: Record<string, string>;
let root: string;
let space: string;
let cr: { id: string; number: number };

const post = <T>(path: string, body?: unknown) => api<T>(emulator, 'POST', path, body);
function importMarkdown(where: string, name: string, text: string): Promise<unknown> {
  const file = join(root, name);
  writeFileSync(file, text);
  return post(`${where}/content/import`, { source: 'markdown', url: pathToFileURL(file).href });
}
const crCheck = (...args: string[]) => docs(['cr', 'check', String(cr.number), '--space', space, ...args], { env });
const spaceCheck = (...args: string[]) => docs(['spaces', 'check', space, ...args], { env });

interface Sarif {
  runs: { tool: { driver: { name: string; version: string; rules: { id: string }[] } }; results: Record<string, unknown>[] }[];
}

beforeAll(async () => {
  ensureBuilt();
  root = tempDir('docs-e2e-check-formats-');
  emulator = await startEmulator([], { files: true });
  env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
  space = (await post<{ id: string }>(`/v1/spaces/${DEMO.spaces.guides}/duplicate`)).id;
  cr = await post(`/v1/spaces/${space}/change-requests`, { subject: 'Add a troubleshooting page' });
}, 120_000);
afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('check --format on a clean change request and space', () => {
  it('exits 0 under every format, with valid empty reports', async () => {
    const sarif = await crCheck('--format', 'sarif');
    expect(sarif.code).toBe(0);
    expect(sarifErrors(JSON.parse(sarif.stdout))).toEqual([]);
    expect((JSON.parse(sarif.stdout) as Sarif).runs[0]?.results).toEqual([]);

    const github = await crCheck('--format', 'github');
    expect(github.code).toBe(0);
    expect(github.stdout).toBe('');

    const junit = await spaceCheck('--format', 'junit');
    expect(junit.code).toBe(0);
    const parsed = (await parse(junit.stdout)) as { testsuite?: { failures?: number; testcase?: { failure?: unknown }[] }[] };
    expect(parsed.testsuite?.[0]?.failures).toBe(0);
    expect(parsed.testsuite?.[0]?.testcase?.length).toBeGreaterThan(0);
  });

  it('--format is not taken with --json', async () => {
    const res = await crCheck('--format', 'sarif', '--json');
    expect(res.code).toBe(2);
  });
});

describe('check --format with findings', () => {
  let files: Map<string, string>;

  beforeAll(async () => {
    const at = `/v1/spaces/${space}/change-requests/${cr.id}`;
    await importMarkdown(at, 'troubleshooting.md', '# Troubleshooting\n\nSee [the setup](no-such-page.md) first.\n');
    await importMarkdown(at, 'faq.md', '# FAQ\n');
    // The files `spaces pull` writes for the change request's pages: where the findings must point.
    const dir = tempDir('docs-e2e-check-formats-pull-');
    const pulled = await docs(['spaces', 'pull', space, dir, '--cr', String(cr.number), '--force'], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    files = new Map(
      ['troubleshooting', 'faq'].map((name) => {
        const file = existsSync(join(dir, `${name}.md`)) ? `${name}.md` : `${name}/README.md`;
        expect(existsSync(join(dir, file))).toBe(true);
        return [name, file];
      }),
    );
  }, 60_000);

  it('sarif: valid SARIF 2.1.0, a rule per kind, results at the Git Sync files; exit 8; same bytes twice', async () => {
    const first = await crCheck('--format', 'sarif');
    expect(first.code).toBe(8);
    const log = JSON.parse(first.stdout) as Sarif;
    expect(sarifErrors(log)).toEqual([]);
    const driver = log.runs[0]?.tool.driver;
    expect(driver?.name).toBe('docs');
    expect(driver?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(driver?.rules.map((r) => r.id)).toEqual(['broken-link', 'broken-anchor', 'empty-page', 'outdated', 'open-comment']);
    expect(log.runs[0]?.results).toEqual([
      expect.objectContaining({
        ruleId: 'broken-link',
        level: 'error',
        message: { text: 'broken link to no-such-page.md' },
        // The link is on the file's third line: `# Troubleshooting`, a blank line, then the markdown.
        locations: [{ physicalLocation: { artifactLocation: { uri: files.get('troubleshooting') }, region: { startLine: 3 } } }],
        baselineState: 'new',
      }),
      expect.objectContaining({
        ruleId: 'empty-page',
        message: { text: '"FAQ" has no content' },
        locations: [{ physicalLocation: { artifactLocation: { uri: files.get('faq') } } }],
      }),
    ]);
    const second = await crCheck('--format', 'sarif');
    expect(second.stdout).toBe(first.stdout);
  });

  it('github: an ::error per finding with file and title, and a table in $GITHUB_STEP_SUMMARY; exit 8', async () => {
    const summary = join(tempDir('docs-e2e-summary-'), 'summary.md');
    writeFileSync(summary, 'before\n');
    const res = await docs(['cr', 'check', String(cr.number), '--space', space, '--format', 'github', '--path-prefix', 'docs'], {
      env: { ...env, GITHUB_STEP_SUMMARY: summary },
    });
    expect(res.code).toBe(8);
    expect(res.stdout).toBe(
      [
        `::error file=docs/${files.get('troubleshooting')},line=3,title=broken-link::broken link to no-such-page.md`,
        `::error file=docs/${files.get('faq')},title=empty-page::"FAQ" has no content`,
        '',
      ].join('\n'),
    );
    const table = readFileSync(summary, 'utf8');
    expect(table.startsWith(`before\n### \`docs cr check ${cr.number}\`: 2 findings\n\n| Kind | Page | File | Message |\n`)).toBe(true);
    expect(table).toContain(`| empty-page | faq | docs/${files.get('faq')} | "FAQ" has no content |`);
    const again = await crCheck('--format', 'github', '--path-prefix', 'docs');
    expect(again.stdout).toBe(res.stdout);
  });

  it('junit: a test case per page, a failure per finding, read by a JUnit reader; exit 8; same bytes twice', async () => {
    const first = await crCheck('--format', 'junit');
    expect(first.code).toBe(8);
    const parsed = (await parse(first.stdout)) as {
      testsuite?: {
        name?: string;
        failures?: number;
        testcase?: { name?: string; classname?: string; failure?: { type?: string; message?: string }[] }[];
      }[];
    };
    expect(parsed.testsuite).toHaveLength(1);
    const suite = parsed.testsuite?.[0];
    expect(suite?.name).toBe(`docs cr check ${cr.number}`);
    expect(suite?.failures).toBe(2);
    const cases = suite?.testcase ?? [];
    expect(cases[0]?.name).toBe('change request');
    expect(cases.map((c) => c.name)).toEqual(expect.arrayContaining(['troubleshooting', 'faq']));
    expect(new Set(cases.map((c) => c.classname))).toEqual(new Set([`${space}/${cr.number}`]));
    const failures = cases.flatMap((c) => (c.failure ?? []).map((f) => [c.name, f.type, f.message]));
    expect(failures).toEqual([
      ['troubleshooting', 'broken-link', 'broken link to no-such-page.md'],
      ['faq', 'empty-page', '"FAQ" has no content'],
    ]);
    expect((await crCheck('--format', 'junit')).stdout).toBe(first.stdout);
  });

  it('the exit code does not depend on the format: 8 under each, the table and --json too', async () => {
    const codes = await Promise.all(
      [[], ['--json'], ['--format', 'sarif'], ['--format', 'github'], ['--format', 'junit']].map((a) => crCheck(...a)),
    );
    expect(codes.map((r) => r.code)).toEqual([8, 8, 8, 8, 8]);
    const ignored = ['--ignore', 'broken-link', '--ignore', 'empty-page'];
    const clean = await Promise.all(['sarif', 'github', 'junit'].map((f) => crCheck('--format', f, ...ignored)));
    expect(clean.map((r) => r.code)).toEqual([0, 0, 0]);
  });
});
