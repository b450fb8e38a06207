import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';

/**
 * Anchors and `--external` through the real commands: a copy of the demo Guides space with a page
 * linking to its own headings and to a loopback server (node:http, 127.0.0.1, an ephemeral port)
 * that answers 200, 404, a permanent redirect and a 429 whose Retry-After is too long to wait.
 */

interface Report {
  ok: boolean;
  findings: { kind: string; page: string | null; message: string; introduced?: boolean; line?: number; severity?: string }[];
}

let emulator: RunningEmulator;
let env: Record<string, string>;
let root: string;
let space: string;
let server: Server;
let base: string;
const seen: { method: string; path: string; headers: IncomingMessage['headers'] }[] = [];

const post = <T>(path: string, body?: unknown) => api<T>(emulator, 'POST', path, body);
function importMarkdown(where: string, name: string, text: string): Promise<unknown> {
  const file = join(root, name);
  writeFileSync(file, text);
  return post(`${where}/content/import`, { source: 'markdown', url: pathToFileURL(file).href });
}
const report = (stdout: string) => JSON.parse(stdout) as Report;
const spacesCheck = (...args: string[]) => docs(['spaces', 'check', space, ...args], { env });

const page = () =>
  [
    '# Links',
    '',
    '## Set up',
    '',
    'See [the set-up](#set-up) and [a typo](#setup).', // line 3 of the markdown once the title is taken, 5 of the file
    '',
    '`[in code](#nowhere)` is not a link.',
    '',
    `[ok](${base}/ok) [gone](${base}/gone) [moved](${base}/moved) [limited](${base}/limited)`,
    '',
    'Mail [us](mailto:docs@example.com).',
    '',
  ].join('\n');

beforeAll(async () => {
  ensureBuilt();
  root = tempDir('docs-e2e-check-links-');
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const route: Record<string, [number, Record<string, string>]> = {
      '/ok': [200, {}],
      '/moved': [301, { location: '/ok' }],
      '/limited': [429, { 'retry-after': '3600' }],
    };
    const [status, headers] = route[req.url ?? ''] ?? [404, {}];
    res.writeHead(status, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  emulator = await startEmulator([], { files: true });
  env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
  space = (await post<{ id: string }>(`/v1/spaces/${DEMO.spaces.guides}/duplicate`)).id;
  await importMarkdown(`/v1/spaces/${space}`, 'links.md', page());
}, 120_000);
afterAll(async () => {
  await emulator?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  cleanup();
});

describe('docs spaces check: anchors', () => {
  it('a link to a heading the page does not have is a broken-anchor finding, at its line; code is not read', async () => {
    const res = await spacesCheck('--json');
    expect(res.code).toBe(8);
    const anchors = report(res.stdout).findings.filter((f) => f.kind === 'broken-anchor');
    expect(anchors).toEqual([
      { kind: 'broken-anchor', page: 'links', message: 'broken anchor #setup: no heading of this page has it', line: 5 },
    ]);
    // Without --external nothing is asked of other hosts, and no external kind is reported.
    expect(seen).toEqual([]);
    expect(report(res.stdout).findings.some((f) => f.kind.startsWith('external-'))).toBe(false);
  });
});

describe('docs spaces check --external', () => {
  it('reports the 404 as broken, the permanent redirect and the rate limit as warnings; exit 8 for the 404 alone', async () => {
    const res = await spacesCheck('--external', '--ignore', 'broken-anchor', '--json');
    expect(res.code, res.stderr).toBe(8);
    const external = report(res.stdout).findings.filter((f) => f.kind.startsWith('external-'));
    expect(external).toEqual([
      { kind: 'external-broken', page: 'links', message: `broken external link to ${base}/gone: 404 Not Found`, line: 9 },
      {
        kind: 'external-redirect',
        page: 'links',
        message: `external link to ${base}/moved redirects permanently (301 to ${base}/ok, then 200): link to ${base}/ok instead`,
        line: 9,
        severity: 'warning',
      },
      {
        kind: 'external-unverified',
        page: 'links',
        message: `external link to ${base}/limited could not be verified: rate limited (429 Too Many Requests)`,
        line: 9,
        severity: 'warning',
      },
    ]);
  });

  it('warnings do not fail the check; --strict-external makes an unverified link fail it', async () => {
    const ignore = ['--ignore', 'broken-anchor', '--ignore', 'external-broken', '--ignore', 'broken-link', '--ignore', 'empty-page'];
    const lenient = await spacesCheck('--external', ...ignore);
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.stderr).toContain('The check passes: 2 warnings, which do not fail it.');
    const strict = await spacesCheck('--external', '--strict-external', ...ignore, '--json');
    expect(strict.code).toBe(8);
    expect(report(strict.stdout).findings.find((f) => f.kind === 'external-unverified')?.severity).toBeUndefined();
  });

  it('never sends the API token, or any authorization, to the external host', () => {
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.headers.authorization).toBeUndefined();
      expect(JSON.stringify(request.headers)).not.toContain(env.DOCS_TOKEN);
    }
  });

  it('--external-cache: the second run asks nothing of the hosts it has verdicts for', async () => {
    const cache = join(tempDir('docs-e2e-link-cache-'), 'links.json');
    const first = await spacesCheck('--external', '--external-cache', cache, '--json');
    expect(first.code).toBe(8);
    const cached = JSON.parse(readFileSync(cache, 'utf8')) as { entries: Record<string, unknown> };
    // The rate-limited link is not kept: it is asked again next time.
    expect(Object.keys(cached.entries).sort()).toEqual([`${base}/gone`, `${base}/moved`, `${base}/ok`]);
    const before = seen.length;
    const second = await spacesCheck('--external', '--external-cache', cache, '--json');
    expect(report(second.stdout).findings).toEqual(report(first.stdout).findings);
    expect(seen.slice(before).map((r) => r.path)).toEqual(['/limited']);
  });

  it('a cache file that is not one is exit 2, left as it is, and nothing is checked', async () => {
    const file = join(tempDir('docs-e2e-link-cache-'), 'notes.json');
    writeFileSync(file, '{"notes": true}\n');
    const before = seen.length;
    const res = await spacesCheck('--external', '--external-cache', file);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('is not a link cache');
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('{"notes": true}\n');
    expect(seen.length).toBe(before);
    expect((await spacesCheck('--external', '--external-cache-ttl', 'soon', '--external-cache', file)).code).toBe(2);
    expect((await spacesCheck('--strict-external')).code).toBe(2);
  });
});

describe('docs cr check: anchors and --external report what the change request brings', () => {
  it('a new broken anchor and a new broken URL are introduced; those the primary content has are not', async () => {
    const cr = await post<{ id: string; number: number }>(`/v1/spaces/${space}/change-requests`, { subject: 'More links' });
    await importMarkdown(
      `/v1/spaces/${space}/change-requests/${cr.id}`,
      'more.md',
      `# More\n\n[back](links.md#nope) and [gone too](${base}/gone-too) and [gone](${base}/gone)\n`,
    );
    const res = await docs(['cr', 'check', String(cr.number), '--space', space, '--external', '--json'], { env });
    expect(res.code, res.stderr).toBe(8);
    const findings = report(res.stdout).findings.filter((f) => f.kind !== 'outdated' && f.kind !== 'open-comment');
    // `gone` is on the new page, so the change request brings that link there too (URLs in the order the space first links to them).
    expect(findings).toEqual([
      {
        kind: 'broken-anchor',
        page: 'more',
        message: 'broken anchor links#nope: no heading of that page has it',
        line: 3,
        introduced: true,
      },
      { kind: 'external-broken', page: 'more', message: `broken external link to ${base}/gone: 404 Not Found`, line: 3, introduced: true },
      {
        kind: 'external-broken',
        page: 'more',
        message: `broken external link to ${base}/gone-too: 404 Not Found`,
        line: 3,
        introduced: true,
      },
    ]);
    const all = await docs(['cr', 'check', String(cr.number), '--space', space, '--external', '--all', '--json'], { env });
    const old = report(all.stdout).findings.filter((f) => f.introduced === false && f.page === 'links');
    expect(old.map((f) => f.kind).sort()).toEqual(['broken-anchor', 'external-broken', 'external-redirect', 'external-unverified']);
  });
});
