import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbortedError, ApiError, ExitCode, NetworkError, TimeoutError } from '../../src/api/errors.js';
import { allOperations } from '../../src/api/operations/index.js';
import { giveUp } from '../../src/api/retry.js';
import { CHECK_COMMANDS, checkCommand } from '../../src/cli/check-commands.js';
import { describeError, exitCodeOf } from '../../src/cli/errors.js';
import { ROOT } from '../helpers/e2e.js';

describe('how to check a request that may have been applied', () => {
  const notRepeatable = allOperations.filter((op) => !op.idempotent).map((op) => op.id as string);

  it('names a command for every operation that is not repeated after a reset, and only for those', () => {
    expect(notRepeatable.filter((id) => !CHECK_COMMANDS[id])).toEqual([]);
    expect(Object.keys(CHECK_COMMANDS).filter((id) => !notRepeatable.includes(id))).toEqual([]);
  });

  it.each(Object.entries(CHECK_COMMANDS))('%s → `docs %s` exists', (_id, command) => {
    expect(existsSync(join(ROOT, 'src', 'commands', ...command.split(' ')) + '.ts')).toBe(true);
  });

  it('says the request was sent and may have been applied, naming the command; without an operation it still says to check', () => {
    const err = new NetworkError('POST http://h/v1/spaces/s/change-requests: connection reset by the server (ECONNRESET)', 'ECONNRESET');
    err.mayHaveApplied = true;
    expect(describeError(err, { operation: 'createChangeRequest', bin: 'docs', apiUrlSource: 'DOCS_API_URL' })).toBe(
      'POST http://h/v1/spaces/s/change-requests: connection reset by the server (ECONNRESET). The request was sent and may have been applied: check with `docs cr list` before running it again.',
    );
    expect(describeError(err, {})).toMatch(/may have been applied: check before running it again\.$/);
  });

  it('names the check command whole where it takes the subject: `cr get 1 --space s`', () => {
    const subjects = [
      { kind: 'space', id: 'space_guides' },
      { kind: 'change request', id: '1' },
    ];
    expect(checkCommand('mergeChangeRequest', subjects)).toBe('cr get 1 --space space_guides');
    expect(checkCommand('restoreSpace', subjects)).toBe('spaces get space_guides');
    expect(checkCommand('createChangeRequest', subjects)).toBe('cr list');
    expect(checkCommand('mergeChangeRequest', [])).toBe('cr get');
    expect(checkCommand(undefined, subjects)).toBeUndefined();
  });

  it('Ctrl-C after a merge was sent: it may have been applied, how to check, exit 130', () => {
    const err = new AbortedError('Interrupted: POST http://h/v1/spaces/s/change-requests/1/merge was aborted');
    err.mayHaveApplied = true;
    const ctx = {
      interrupted: true,
      operation: 'mergeChangeRequest',
      bin: 'docs',
      subjects: [
        { kind: 'space', id: 's' },
        { kind: 'change request', id: '1' },
      ],
    };
    expect(describeError(err, ctx)).toBe(
      'Interrupted after the request was sent: it may have been applied; check with `docs cr get 1 --space s` before running it again.',
    );
    expect(exitCodeOf(err, ctx)).toBe(ExitCode.interrupted);
    // Before it was sent, or a request that is safe to repeat: only interrupted.
    expect(describeError(new AbortedError(), ctx)).toBe('Interrupted.');
  });
});

describe('a timeout', () => {
  it('of a create that went silent: may have been applied, and how to wait longer', () => {
    const err = new TimeoutError(
      'POST http://h/v1/orgs/o/collections: headers timeout: timed out waiting for the response headers after 30000 ms',
      'UND_ERR_HEADERS_TIMEOUT',
      'headers',
      { limitMs: 30_000 },
    );
    err.mayHaveApplied = true;
    expect(describeError(err, { operation: 'createCollection' })).toBe(
      'POST http://h/v1/orgs/o/collections: headers timeout: timed out waiting for the response headers after 30000 ms. The request was sent and may have been applied: check with `docs collections list` before running it again. The server sent nothing for 30 s; if it is only slow, raise the limit with --timeout <seconds> (or DOCS_TIMEOUT).',
    );
  });

  it('while connecting says to try again, not to raise --timeout', () => {
    const err = new TimeoutError(
      'GET http://h/v1/x: connect timeout: timed out connecting after 10000 ms',
      'UND_ERR_CONNECT_TIMEOUT',
      'connect',
      { limitMs: 10_000 },
    );
    expect(describeError(err, { apiUrlSource: '--api-url' })).toBe(
      'GET http://h/v1/x: connect timeout: timed out connecting after 10000 ms. The server did not answer in time; try again. Check --api-url and your network.',
    );
  });
});

describe('the rate-limit message', () => {
  it('says it once, with the wait, when the API message repeats it and the transport gave up', () => {
    const err = giveUp(new ApiError(429, 'Rate limited: too many requests', { retryAfterMs: 20_000 }), 'gave up after 3 retries');
    err.retries = 3;
    const text = describeError(err);
    expect(text).toBe('rate limited (429) after 3 retries: the server asks to wait 20 s, try again after that.');
    expect(text.match(/rate limit/gi)).toHaveLength(1);
  });

  it('keeps an API message that says something else, and has no wait when the server gave none', () => {
    expect(describeError(new ApiError(429, 'Quota of the organization spent'))).toBe(
      'rate limited (429) (Quota of the organization spent): try again later.',
    );
  });
});
