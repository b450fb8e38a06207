import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs cr ...` end to end: real CLI process, real emulator process. */

const SPACE = DEMO.spaces.guides;
interface ChangeRequest {
  id: string;
  number: number;
  status: string;
  subject: string;
}
interface List<T> {
  items: T[];
  next?: { page: string };
}

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator, { space: SPACE });
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const crsPath = `/v1/spaces/${SPACE}/change-requests`;
const getCr = (n: number | string) => api<ChangeRequest>(emulator, 'GET', `${crsPath}/${n}`);
const createCr = (subject: string) => api<ChangeRequest>(emulator, 'POST', crsPath, { subject });
async function allCrs(status = 'open'): Promise<ChangeRequest[]> {
  return (await api<List<ChangeRequest>>(emulator, 'GET', `${crsPath}?limit=1000&status=${status}`)).items;
}

describe('docs cr', () => {
  it('lists change requests as TSV when piped and as a JSON array with --json', async () => {
    const tsv = await docs(['cr', 'list'], { env });
    expect(tsv.code).toBe(0);
    const first = tsv.stdout.split('\n')[0]!.split('\t');
    expect(first.slice(0, 3)).toEqual(['1', 'open', 'Document Windows installation']);
    expect(tsv.stdout).not.toMatch(/STATUS|SUBJECT/);
    expect(tsv.stdout).not.toContain('\u001B[');

    const json = await docs(['cr', 'list', '--json'], { env });
    expect(json.code).toBe(0);
    const items = JSON.parse(json.stdout) as ChangeRequest[];
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((cr) => cr.id)).toContain('cr_windows');
    expect(json.stderr).toBe('');
  });

  it('takes the space from the argument, --space or the profile, and says how to set one when missing', async () => {
    const byArg = await docs(['cr', 'list', SPACE, '--json'], { env: { ...env, DOCS_CONFIG_DIR: tempDir() } });
    expect(byArg.code).toBe(0);
    const byFlag = await docs(['cr', 'get', '1', '--space', SPACE, '--json'], { env: { ...env, DOCS_CONFIG_DIR: tempDir() } });
    expect(JSON.parse(byFlag.stdout).id).toBe('cr_windows');
    const none = await docs(['cr', 'list'], { env: { ...env, DOCS_CONFIG_DIR: tempDir() } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('docs config set space <id>');
  });

  it('creates, shows, edits and merges a change request, by number or id', async () => {
    const created = await docs(['cr', 'create', '--subject', 'Explain the CLI'], { env });
    expect(created.code).toBe(0);
    const [id, number, status, subject] = created.stdout.trim().split('\t');
    expect([status, subject]).toEqual(['open', 'Explain the CLI']);
    expect((await getCr(id!)).number).toBe(Number(number));

    const shown = await docs(['cr', 'get', number!], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`ID\t${id}`);
    expect(shown.stdout).toContain('Subject\tExplain the CLI');
    const byId = await docs(['cr', 'get', id!, '--json'], { env });
    expect(JSON.parse(byId.stdout)).toMatchObject({ id, number: Number(number), subject: 'Explain the CLI' });

    const edited = await docs(['cr', 'edit', number!, '--subject', 'Explain the CLI, again', '--status', 'draft', '--json'], { env });
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({ subject: 'Explain the CLI, again', status: 'draft' });
    expect(await getCr(id!)).toMatchObject({ subject: 'Explain the CLI, again', status: 'draft' });

    const merged = await docs(['cr', 'merge', number!, '--yes', '--json'], { env });
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout)).toMatchObject({ result: 'merge' });
    expect((await getCr(id!)).status).toBe('merged');
  });

  it('updates a change request from the primary content and prints a PDF URL', async () => {
    const cr = await createCr('Branch to update');
    const updated = await docs(['cr', 'update-branch', String(cr.number)], { env });
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(new RegExp(`^${cr.number}\tupdate\trev_`));
    const pdf = await docs(['cr', 'pdf', String(cr.number)], { env });
    expect(pdf.code).toBe(0);
    expect(pdf.stdout.trim()).toMatch(/^https?:\/\//);
  });

  it('refuses to merge without a terminal and without --yes (exit 2) and merges nothing', async () => {
    const cr = await createCr('Needs confirmation');
    const refused = await docs(['cr', 'merge', String(cr.number)], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^Error: refusing to merge change request \d+ without confirmation: no terminal to ask on\. Pass --yes to confirm\.\n$/,
    );
    expect(refused.stdout).toBe('');
    expect((await getCr(cr.id)).status).toBe('open');
  });

  it('--dry-run prints the request with the token redacted and sends nothing', async () => {
    const before = await allCrs();
    const dry = await docs(['cr', 'create', '--subject', 'Not really', '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`POST ${emulator.url}${crsPath}`);
    expect(dry.stdout).toContain('"subject": "Not really"');
    expect(dry.stdout).toContain('Authorization: Bearer ***');
    expect(dry.stdout + dry.stderr).not.toContain(emulator.tokens.admin);
    expect(dry.stderr).toContain('nothing was sent');
    expect(await allCrs()).toEqual(before);

    const cr = before.find((c) => c.id !== 'cr_windows') ?? (await createCr('Dry merge'));
    const dryMerge = await docs(['cr', 'merge', String(cr.number), '--dry-run', '--json'], { env });
    expect(dryMerge.code).toBe(0);
    expect(JSON.parse(dryMerge.stdout)).toMatchObject({ method: 'POST', url: `${emulator.url}${crsPath}/${cr.number}/merge` });
    expect((await getCr(cr.id)).status).toBe('open');
    const dryEdit = await docs(['cr', 'edit', String(cr.number), '--status', 'archived', '--dry-run'], { env });
    expect(dryEdit.code).toBe(0);
    expect((await getCr(cr.id)).status).toBe('open');
  });

  it('--all streams every page: one JSON object per line, several requests of --limit items', async () => {
    for (let i = 0; i < 5; i++) await createCr(`Paged ${i}`);
    const expected = (await allCrs()).map((cr) => cr.id);
    expect(expected.length).toBeGreaterThan(5);

    const all = await docs(['cr', 'list', '--limit', '2', '--all', '--json', '--debug'], { env });
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as ChangeRequest).id)).toEqual(expected);
    const requests = all.stderr.split('\n').filter((l) => l.startsWith('> GET'));
    // One request per page of 2 (plus possibly one that finds the end).
    expect(requests.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / 2));
    expect(requests.length).toBeLessThanOrEqual(Math.ceil(expected.length / 2) + 1);
    expect(requests.every((l) => l.includes('limit=2'))).toBe(true);

    const tsv = await docs(['cr', 'list', '--limit', '2', '--all'], { env });
    expect(tsv.stdout.trim().split('\n')).toHaveLength(expected.length);
    const limited = await docs(['cr', 'list', '--limit', '2', '--json'], { env });
    expect(JSON.parse(limited.stdout)).toHaveLength(2);
    // Without --all, --limit counts items and may exceed one page.
    const many = await docs(['cr', 'list', '--limit', '1500', '--json'], { env });
    expect(many.code).toBe(0);
    expect(JSON.parse(many.stdout)).toHaveLength(expected.length);
  });

  it('filters with --status', async () => {
    const merged = await docs(['cr', 'list', '--status', 'merged', '--json'], { env });
    expect(merged.code).toBe(0);
    const items = JSON.parse(merged.stdout) as ChangeRequest[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((cr) => cr.status === 'merged')).toBe(true);
    const bad = await docs(['cr', 'list', '--status', 'bogus'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status');
  });

  it('names the missing change request and how to find one (exit 3)', async () => {
    const missing = await docs(['cr', 'get', '9999'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: change request "9999" not found (404). Check the number with `docs cr list`.\n');
  });

  it('rejects a subject over the contract bound before sending, naming the flag (exit 2)', async () => {
    const before = await allCrs();
    const long = await docs(['cr', 'create', '--subject', 'x'.repeat(101)], { env });
    expect(long.code).toBe(2);
    expect(long.stderr).toBe('Error: --subject must be at most 100 characters\n');
    expect(await allCrs()).toEqual(before);
    const nothing = await docs(['cr', 'edit', '1'], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
