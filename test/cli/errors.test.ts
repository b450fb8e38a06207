import { Args, Errors, Flags, Parser } from '@oclif/core';
import { describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { AbortedError, ApiError, ConflictResultError, ExitCode, NetworkError, ResponseError, TimeoutError } from '../../src/api/errors.js';
import { changeRequests } from '../../src/api/operations/change-requests.js';
import { registerSecret } from '../../src/api/redact.js';
import { ValidationError } from '../../src/api/validation.js';
import { AuthError, CancelledError, closest, CommandFailure, describeError, exitCodeOf, UsageError } from '../../src/cli/errors.js';

describe('exitCodeOf', () => {
  it.each([
    [400, ExitCode.usage],
    [401, ExitCode.auth],
    [403, ExitCode.auth],
    [404, ExitCode.notFound],
    [409, ExitCode.conflict],
    [412, ExitCode.conflict],
    [429, ExitCode.rateLimited],
    [500, ExitCode.unexpected],
  ])('maps HTTP %i to exit %i', (status, code) => {
    expect(exitCodeOf(new ApiError(status, 'x'))).toBe(code);
  });

  it('maps every failure kind to the code of the exit-code table in src/api/errors.ts', () => {
    expect(exitCodeOf(new ValidationError('body.subject: must be at most 100 characters'))).toBe(2);
    expect(exitCodeOf(new UsageError('x'))).toBe(2);
    expect(exitCodeOf(new CancelledError('x'))).toBe(2);
    expect(exitCodeOf(new AuthError('x'))).toBe(4);
    expect(exitCodeOf(new ConflictResultError('x'))).toBe(5);
    expect(exitCodeOf(new CommandFailure('x', ExitCode.conflict))).toBe(5);
    expect(exitCodeOf(new NetworkError('x'))).toBe(7);
    expect(exitCodeOf(new TimeoutError('x'))).toBe(7);
    expect(exitCodeOf(new AbortedError())).toBe(130);
    expect(exitCodeOf(new ResponseError('x'))).toBe(1);
    expect(exitCodeOf(new Error('boom'))).toBe(1);
  });

  it("gives oclif's own parse errors exit 2", () => {
    const err = new Errors.CLIError('Nonexistent flag: --bogus');
    expect(exitCodeOf(err)).toBe(2);
  });

  it('says 130 once Ctrl-C aborted the run, whatever error surfaced', () => {
    expect(exitCodeOf(new NetworkError('socket closed'), { interrupted: true })).toBe(130);
    expect(describeError(new NetworkError('socket closed'), { interrupted: true })).toBe('Interrupted.');
  });
});

describe('validation errors', () => {
  const ctx = { flags: ['subject', 'status', 'agent-task-id', 'limit', 'space'], args: ['cr'] };

  it("turns the client's own validation into a flag message before anything is sent", () => {
    const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });
    let caught: unknown;
    try {
      client.prepare(changeRequests.update, { spaceId: 's', changeRequestId: '1', body: { subject: 'x'.repeat(101) } });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues).toEqual([{ path: ['body', 'subject'], message: 'must be at most 100 characters' }]);
    expect(exitCodeOf(caught)).toBe(2);
    expect(describeError(caught, ctx)).toBe('--subject must be at most 100 characters');
  });

  it('names the flag of a missing path parameter', () => {
    const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });
    let caught: unknown;
    try {
      client.prepare(changeRequests.get, { changeRequestId: '1' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect(describeError(caught, ctx)).toBe('--space is required');
  });

  it('keeps the message of a validation error that is about no field', () => {
    expect(describeError(new ValidationError('getSpaceById takes no request body'), ctx)).toBe('getSpaceById takes no request body');
  });
});

describe('describeError', () => {
  it('names the missing object and how to find a valid one on 404', () => {
    const subjects = [
      { kind: 'space', id: 'sp_1', hint: 'Check the space.' },
      { kind: 'change request', id: '42', hint: 'Check the number with `docs cr list`.' },
    ];
    expect(describeError(new ApiError(404, 'The change request could not be found.'), { subjects })).toBe(
      'change request "42" not found (404). Check the number with `docs cr list`.',
    );
    // The API said which object is missing: the space, not the change request.
    expect(describeError(new ApiError(404, 'space not found'), { subjects })).toBe('space "sp_1" not found (404). Check the space.');
    expect(describeError(new ApiError(404, 'Nothing here.'))).toBe('Nothing here (404).');
  });

  it('says what to do on 401', () => {
    expect(describeError(new ApiError(401, 'Unknown token'))).toBe(
      'not authenticated (401): Unknown token. Run `docs auth login` or set DOCS_TOKEN.',
    );
  });

  it("maps the fields of a 400's issues to flags and keeps one line", () => {
    const issues = [{ path: ['body', 'subject'], message: 'must be at most 100 characters' }];
    expect(describeError(new ApiError(400, 'body.subject: must be at most 100 characters', {}, issues), { flags: ['subject'] })).toBe(
      '--subject must be at most 100 characters (400).',
    );
    // Without issues the server's text is shown as it came: nothing is read back out of it.
    expect(describeError(new ApiError(400, 'subject: too long'), { flags: ['subject'] })).toBe('subject: too long (400).');
    expect(describeError(new Error('line one\nline two'))).toBe('line one line two');
  });

  it('never shows a registered token or URL credentials', () => {
    registerSecret('tok_secret_123456');
    const text = describeError(new NetworkError('GET https://user:pw@host/v1/orgs with tok_secret_123456 failed'));
    expect(text).not.toContain('tok_secret_123456');
    expect(text).not.toContain('user:pw');
  });

  it("collapses oclif's other multi-line parse messages into one line", () => {
    const err = new Errors.CLIError('The following error occurred:\n  \u001B[2mboom\u001B[22m\nSee more help with --help');
    expect(describeError(err, { command: 'cr get' })).toBe('The following error occurred: boom. See `docs cr get --help`.');
  });

  it('says 403 is about the role and what to do, once', () => {
    const text = describeError(new ApiError(403, 'it needs the review role or higher (yours: read)'));
    expect(text).toBe(
      'permission denied (403): it needs the review role or higher (yours: read). Ask an organization admin for a role that allows it, or use a token that has one (`docs auth status` shows which is in use).',
    );
  });

  it('on a network error, names where the API URL came from, and the emulator when nothing listens on loopback', () => {
    const refused = new NetworkError('GET http://127.0.0.1:4010/v1/orgs: connection refused (ECONNREFUSED)', 'ECONNREFUSED');
    expect(describeError(refused, { apiUrl: 'http://127.0.0.1:4010', apiUrlSource: 'profile', profile: 'local' })).toBe(
      'GET http://127.0.0.1:4010/v1/orgs: connection refused (ECONNREFUSED). Nothing is listening at http://127.0.0.1:4010: is the emulator running (`docs emulator start`)? Check your network, or the API URL of profile "local" (`docs config get api-url`).',
    );
    const remote = new NetworkError('GET https://api.example.test/v1/orgs: host not found (ENOTFOUND)', 'ENOTFOUND');
    expect(describeError(remote, { apiUrl: 'https://api.example.test', apiUrlSource: '--api-url' })).toBe(
      'GET https://api.example.test/v1/orgs: host not found (ENOTFOUND). Check --api-url and your network.',
    );
    expect(describeError(new TimeoutError('GET https://h/v1/orgs: no answer in 30s'), { apiUrlSource: 'DOCS_API_URL' })).toBe(
      'GET https://h/v1/orgs: no answer in 30s. The server did not answer in time; try again. Check DOCS_API_URL and your network.',
    );
  });
});

/** The error oclif's parser throws for `argv`, as the base command receives it. */
async function parseError(argv: string[]): Promise<unknown> {
  try {
    await Parser.parse(argv, {
      args: {
        cr: Args.string({ description: 'Change request id or number', required: true }),
        extra: Args.string({ description: 'Something else.' }),
      },
      flags: {
        space: Flags.string(),
        status: Flags.string({ options: ['open', 'draft'] }),
        limit: Flags.integer(),
        port: Flags.integer({ max: 65535 }),
        json: Flags.boolean(),
      },
      strict: true,
    });
  } catch (err) {
    return err;
  }
  throw new Error(`parsing ${argv.join(' ')} did not fail`);
}

describe('oclif parse errors', () => {
  const ctx = { command: 'cr get', flags: ['space', 'status', 'limit', 'port', 'json'], args: ['cr', 'extra'] };

  it.each([
    [[], 'missing argument CR (Change request id or number). See `docs cr get --help`.'],
    [['1', '--spce', 's'], 'unknown flag --spce (did you mean --space?). See `docs cr get --help`.'],
    [['1', '--jsno'], 'unknown flag --jsno (did you mean --json?). See `docs cr get --help`.'],
    [['1', '--frobnicate'], 'unknown flag --frobnicate. See `docs cr get --help`.'],
    [['1', '2', '3'], 'unexpected argument 3: `docs cr get` takes CR EXTRA. Quote values that contain spaces. See `docs cr get --help`.'],
    [['1', '--status', 'merged'], '--status must be one of open, draft (got "merged"). See `docs cr get --help`.'],
    [['1', '--status'], '--status needs a value: one of open, draft. See `docs cr get --help`.'],
    [['1', '--space'], '--space needs a value. See `docs cr get --help`.'],
    [['1', '--limit', 'ten'], '--limit: expected a whole number, got "ten". See `docs cr get --help`.'],
    [['1', '--port', '99999'], '--port: expected a whole number less than or equal to 65535, got "99999". See `docs cr get --help`.'],
  ])('docs cr get %j → one line naming what is wrong', async (argv, message) => {
    const err = await parseError(argv);
    expect(exitCodeOf(err)).toBe(2);
    expect(describeError(err, ctx)).toBe(message);
  });

  it('lists every missing argument', async () => {
    let err: unknown;
    try {
      await Parser.parse([], {
        args: {
          method: Args.string({ description: 'HTTP method', required: true }),
          path: Args.string({ description: 'API path', required: true }),
        },
        strict: true,
      });
    } catch (e) {
      err = e;
    }
    expect(describeError(err, { command: 'api' })).toBe(
      'missing arguments METHOD (HTTP method) and PATH (API path). See `docs api --help`.',
    );
  });
});

describe('closest', () => {
  it('finds a typo, a swap of two letters, or the only name a prefix starts', () => {
    expect(closest('lst', ['list', 'get', 'merge'])).toBe('list');
    expect(closest('strat', ['start'])).toBe('start');
    expect(closest('upd', ['update-branch', 'edit'])).toBe('update-branch');
    expect(closest('co', ['config', 'collections'])).toBeUndefined();
    expect(closest('frobnicate', ['list', 'get'])).toBeUndefined();
  });
});
