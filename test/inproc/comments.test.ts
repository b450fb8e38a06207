import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs comments ...` and `docs comments replies ...` end to end: real CLI process, real emulator process. */

const SPACE = DEMO.spaces.guides;
const CR = 'cr_windows';
interface Comment {
  id: string;
  status: string;
  replies: number;
  body: { markdown?: string };
  target?: { page?: { id: string } };
  postedBy: { id: string };
  reactions?: Array<{ emoji: string; count: number }>;
}
interface Reply {
  id: string;
  body: { markdown?: string };
  reactions?: Array<{ emoji: string; count: number }>;
}
interface List<T> {
  items: T[];
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

const spacePath = `/v1/spaces/${SPACE}/comments`;
const crPath = `/v1/spaces/${SPACE}/change-requests/${CR}/comments`;
const spaceComments = async () => (await api<List<Comment>>(emulator, 'GET', `${spacePath}?limit=1000&format=markdown`)).items;
const crComments = async () => (await api<List<Comment>>(emulator, 'GET', `${crPath}?limit=1000&format=markdown`)).items;
const getComment = (id: string, path = spacePath) => api<Comment>(emulator, 'GET', `${path}/${id}?format=markdown`);
const post = (markdown: string, path = spacePath, token?: string) => api<Comment>(emulator, 'POST', path, { body: { markdown } }, token);
const parse = <T>(stdout: string): T => JSON.parse(stdout) as T;

describe('docs comments', () => {
  it('lists the comments of the space (TSV, JSON) and of a change request with --cr', async () => {
    const tsv = await docs(['comments', 'list'], { env });
    expect(tsv.code).toBe(0);
    const rows = tsv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    const seeded = (await spaceComments())[0]!;
    expect(rows).toContainEqual([
      seeded.id,
      'open',
      'Margaret Hamilton',
      'Quickstart',
      '0',
      expect.any(String),
      'The sign-in step could show a screenshot.',
    ]);
    expect(tsv.stdout).not.toContain('AUTHOR');

    const json = await docs(['comments', 'list', '--cr', '1', '--json'], { env });
    expect(json.code).toBe(0);
    const items = parse<Comment[]>(json.stdout);
    expect(items.map((c) => c.id)).toEqual((await crComments()).map((c) => c.id));
    expect(items[0]).toMatchObject({ body: { markdown: 'Can we also mention the MSI installer?' }, replies: 1 });
  });

  it('filters by --status, --page-id and --author, and rejects an unknown status before sending', async () => {
    const mine = await post('Filter me', spacePath);
    await api(emulator, 'PUT', `${spacePath}/${mine.id}`, { resolved: true });
    const ids = async (args: string[]) =>
      parse<Comment[]>((await docs(['comments', 'list', ...args, '--json'], { env })).stdout).map((c) => c.id);
    expect(await ids(['--status', 'resolved'])).toEqual([mine.id]);
    const onPage = await ids(['--page-id', 'page_quickstart']);
    expect(onPage.length).toBeGreaterThan(0);
    expect(onPage).not.toContain(mine.id);
    expect(await ids(['--author', DEMO.users.admin, '--author', 'usr_nobody'])).toEqual([mine.id]);
    const bad = await docs(['comments', 'list', '--status', 'closed'], { env: { ...env, DOCS_API_URL: 'http://127.0.0.1:9' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status');
  });

  it('posts a comment from --body or stdin, on a page, and prints its id when piped', async () => {
    const created = await docs(['comments', 'create', '--page', 'page_welcome', '--body', 'Link is **broken**.'], { env });
    expect(created.code).toBe(0);
    const [id, status, replies, author] = created.stdout.trim().split('\t');
    expect([status, replies, author]).toEqual(['open', '0', 'Ada Lovelace']);
    expect(await getComment(id!)).toMatchObject({ body: { markdown: 'Link is **broken**.' }, target: { page: { id: 'page_welcome' } } });

    const onCr = await docs(['comments', 'create', '--cr', '1', '--body-file', '-', '--json'], {
      env,
      input: 'From stdin\n\nTwo paragraphs.\n',
    });
    expect(onCr.code).toBe(0);
    const comment = parse<Comment>(onCr.stdout);
    expect((await getComment(comment.id, crPath)).body.markdown).toBe('From stdin\n\nTwo paragraphs.\n');
    expect((await spaceComments()).map((c) => c.id)).not.toContain(comment.id);
  });

  it('shows a comment: fields and body (piped), the object with --json', async () => {
    const c = await post('Line one\nline two');
    const shown = await docs(['comments', 'get', c.id], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`ID\t${c.id}`);
    expect(shown.stdout).toContain('Status\topen');
    expect(shown.stdout).toContain('Author\tAda Lovelace');
    expect(shown.stdout).toContain('Body\tLine one line two');
    const doc = await docs(['comments', 'get', c.id, '--format', 'document', '--json'], { env });
    const json = parse<{ id: string; body: { document?: { object: string } } }>(doc.stdout);
    expect(json.id).toBe(c.id);
    expect(json.body.document?.object).toBe('document');
  });

  it('edits, resolves, reopens and reacts', async () => {
    const c = await post('Before');
    const edited = await docs(['comments', 'edit', c.id, '--body', 'After'], { env });
    expect(edited.code).toBe(0);
    expect((await getComment(c.id)).body.markdown).toBe('After');

    const resolved = await docs(['comments', 'resolve', c.id, '--json'], { env });
    expect(parse<Comment>(resolved.stdout).status).toBe('resolved');
    expect((await getComment(c.id)).status).toBe('resolved');
    const reopened = await docs(['comments', 'reopen', c.id], { env });
    expect(reopened.stdout.split('\t').slice(0, 2)).toEqual([c.id, 'open']);
    expect((await getComment(c.id)).status).toBe('open');

    const reacted = await docs(['comments', 'react', c.id, '--add', '👍', '--add', '🎉'], { env });
    expect(reacted.code).toBe(0);
    expect((await getComment(c.id)).reactions?.map((r) => r.emoji).sort()).toEqual(['👍', '🎉'].sort());
    await docs(['comments', 'react', c.id, '--remove', '🎉'], { env });
    expect((await getComment(c.id)).reactions?.map((r) => r.emoji)).toEqual(['👍']);

    const crComment = (await crComments())[0]!;
    const crResolved = await docs(['comments', 'resolve', crComment.id, '--cr', CR], { env });
    expect(crResolved.code).toBe(0);
    expect((await getComment(crComment.id, crPath)).status).toBe('resolved');

    const nothing = await docs(['comments', 'edit', c.id], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('deletes with --yes, refuses without a terminal (exit 2) and --dry-run sends nothing', async () => {
    const c = await post('Delete me');
    const refused = await docs(['comments', 'delete', c.id], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    const dry = await docs(['comments', 'delete', c.id, '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`DELETE ${emulator.url}${spacePath}/${c.id}`);
    expect((await spaceComments()).map((x) => x.id)).toContain(c.id);

    // No content to show: --json writes nothing on stdout, the message goes to stderr.
    const deleted = await docs(['comments', 'delete', c.id, '--yes', '--json'], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe('');
    expect(deleted.stderr).toContain(`Deleted comment ${c.id}`);
    expect((await spaceComments()).map((x) => x.id)).not.toContain(c.id);

    const onCr = await post('CR comment to delete', crPath);
    const piped = await docs(['comments', 'delete', onCr.id, '--cr', '1', '--yes'], { env });
    expect(piped.stdout).toBe(`${onCr.id}\tdeleted\n`);
    expect((await crComments()).map((x) => x.id)).not.toContain(onCr.id);
  });

  it('shows, edits and reacts to a comment of a change request with --cr, leaving the space alone', async () => {
    const onCr = await post('CR comment to change', crPath);
    const shown = await docs(['comments', 'get', onCr.id, '--cr', '1', '--json'], { env });
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: onCr.id });
    const inSpace = await docs(['comments', 'get', onCr.id], { env });
    expect(inSpace.code).toBe(3);

    const edited = await docs(['comments', 'edit', onCr.id, '--cr', '1', '--body', 'Changed on the CR'], { env });
    expect(edited.code).toBe(0);
    const reacted = await docs(['comments', 'react', onCr.id, '--cr', '1', '--add', '🎉'], { env });
    expect(reacted.code).toBe(0);
    const after = await getComment(onCr.id, crPath);
    expect(JSON.stringify(after)).toContain('Changed on the CR');
    expect(JSON.stringify(after)).toContain('🎉');
  });

  it('names a missing comment and how to find one (exit 3); a read-only token cannot post (exit 4)', async () => {
    const missing = await docs(['comments', 'get', 'cm_missing'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: comment "cm_missing" not found (404). Check the id with `docs comments list`.\n');
    const before = await spaceComments();
    const denied = await docs(['comments', 'create', '--body', 'nope'], { env: { ...env, DOCS_TOKEN: emulator.tokens.read! } });
    expect(denied.code).toBe(4);
    expect(denied.stderr).toMatch(/^Error: permission denied \(403\)/);
    const none = await docs(['comments', 'create'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--body');
    expect(await spaceComments()).toEqual(before);
  });
});

describe('docs comments replies', () => {
  it('replies to a space comment, shows, edits, reacts and deletes the reply', async () => {
    const c = await post('Thread');
    const created = await docs(['comments', 'replies', 'create', c.id, '--body', 'First reply'], { env });
    expect(created.code).toBe(0);
    const [replyId, author] = created.stdout.trim().split('\t');
    expect(author).toBe('Ada Lovelace');
    expect((await getComment(c.id)).replies).toBe(1);
    const replyPath = `${spacePath}/${c.id}/replies/${replyId}`;

    const shown = await docs(['comments', 'replies', 'get', c.id, replyId!, '--json'], { env });
    expect(parse<Reply>(shown.stdout)).toMatchObject({ id: replyId, body: { markdown: 'First reply' } });

    const edited = await docs(['comments', 'replies', 'edit', c.id, replyId!, '--body', 'Edited reply', '--add-reaction', '👀'], { env });
    expect(edited.code).toBe(0);
    const reply = await api<Reply>(emulator, 'GET', `${replyPath}?format=markdown`);
    expect(reply.body.markdown).toBe('Edited reply');
    expect(reply.reactions?.map((r) => r.emoji)).toEqual(['👀']);

    expect((await docs(['comments', 'replies', 'delete', c.id, replyId!], { env })).code).toBe(2);
    const deleted = await docs(['comments', 'replies', 'delete', c.id, replyId!, '--yes'], { env });
    expect(deleted.code).toBe(0);
    expect((await getComment(c.id)).replies).toBe(0);
  });

  it('lists, posts and shows replies in a change request', async () => {
    const c = (await crComments()).find((x) => x.replies > 0)!;
    const posted = await docs(['comments', 'replies', 'create', c.id, '--cr', CR, '--body', 'Agreed'], { env });
    expect(posted.code).toBe(0);
    const replyId = posted.stdout.split('\t')[0]!;

    const list = await docs(['comments', 'replies', 'list', c.id, '--cr', '1'], { env });
    expect(list.code).toBe(0);
    const rows = list.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((r) => r[4])).toEqual(['Good idea, adding it.', 'Agreed']);
    expect(rows[1]![0]).toBe(replyId);

    const shown = await docs(['comments', 'replies', 'get', c.id, replyId, '--cr', '1'], { env });
    expect(shown.stdout).toContain('Body\tAgreed');
    const missing = await docs(['comments', 'replies', 'get', c.id, 'rp_missing', '--cr', '1'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('comment reply "rp_missing" not found (404)');
  });

  it('says which operations the API lacks (exit 2, nothing sent)', async () => {
    // An unreachable URL proves nothing is sent: a request would fail with exit 7.
    const offline = { ...env, DOCS_API_URL: 'http://127.0.0.1:9' };
    const list = await docs(['comments', 'replies', 'list', 'cm_x'], { env: offline });
    expect(list.code).toBe(2);
    expect(list.stderr).toMatch(/^Error: the API has no operation to list the replies of a space comment .*\n$/);
    const edit = await docs(['comments', 'replies', 'edit', 'cm_x', 'rp_y', '--cr', '1', '--body', 'x'], { env: offline });
    expect(edit.code).toBe(2);
    expect(edit.stderr).toContain('no operation to edit a reply to a change request comment');
    const del = await docs(['comments', 'replies', 'delete', 'cm_x', 'rp_y', '--cr', '1', '--yes'], { env: offline });
    expect(del.code).toBe(2);
    expect(del.stderr).toContain('no operation to delete a reply to a change request comment');
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
