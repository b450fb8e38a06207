import { Errors } from '@oclif/core';
import { describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { AbortedError, ApiError, ConflictResultError, ExitCode, NetworkError, ResponseError, TimeoutError } from '../../src/api/errors.js';
import { changeRequests } from '../../src/api/operations/change-requests.js';
import { registerSecret } from '../../src/api/redact.js';
import { ValidationError } from '../../src/api/validation.js';
import { AuthError, CancelledError, CommandFailure, describeError, exitCodeOf, renameFields, UsageError } from '../../src/cli/errors.js';

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

  it('maps every failure kind to the code PRODUCT.md gives it', () => {
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

describe('renameFields', () => {
  const ctx = { flags: ['subject', 'status', 'agent-task-id', 'limit', 'space'], args: ['cr'] };

  it('names the flag instead of the body or query field', () => {
    expect(renameFields('body.subject: must be at most 100 characters', ctx)).toBe('--subject must be at most 100 characters');
    expect(renameFields('limit: must be at most 1000', ctx)).toBe('--limit must be at most 1000');
    expect(renameFields('body.agentTaskId: must be a string', ctx)).toBe('--agent-task-id must be a string');
    expect(renameFields('spaceId: required', ctx)).toBe('--space is required');
  });

  it('keeps fields that no flag carries, and handles several issues', () => {
    expect(renameFields('body.other: required; body.status: must be one of "draft", "open"', ctx)).toBe(
      'body.other: required; --status must be one of "draft", "open"',
    );
  });

  it("turns the client's own validation into a flag message before anything is sent", () => {
    const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });
    let caught: unknown;
    try {
      client.prepare(changeRequests.update, { spaceId: 's', changeRequestId: '1', body: { subject: 'x'.repeat(101) } });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect(exitCodeOf(caught)).toBe(2);
    expect(describeError(caught, ctx)).toBe('--subject must be at most 100 characters');
  });
});

describe('describeError', () => {
  it('names the missing object and how to find a valid one on 404', () => {
    const targets = [
      { kind: 'space', id: 'sp_1', hint: 'Check the space.' },
      { kind: 'change request', id: '42', hint: 'Check the number with `docs cr list`.' },
    ];
    expect(describeError(new ApiError(404, 'The change request could not be found.'), { targets })).toBe(
      'change request "42" not found (404). Check the number with `docs cr list`.',
    );
    // The API said which object is missing: the space, not the change request.
    expect(describeError(new ApiError(404, 'space not found'), { targets })).toBe('space "sp_1" not found (404). Check the space.');
    expect(describeError(new ApiError(404, 'Nothing here.'))).toBe('Nothing here (404).');
  });

  it('says what to do on 401 and 403', () => {
    expect(describeError(new ApiError(401, 'Unknown token'))).toBe('not authenticated (401): Unknown token. Run `docs auth login` or set DOCS_TOKEN.');
    expect(describeError(new ApiError(403, 'You do not have permission to merge'))).toMatch(/^permission denied \(403\): You do not have permission to merge\./);
  });

  it('maps 400 field names to flags and keeps one line', () => {
    expect(describeError(new ApiError(400, 'body.subject: must be at most 100 characters'), { flags: ['subject'] })).toBe(
      '--subject must be at most 100 characters (400).',
    );
    expect(describeError(new Error('line one\nline two'))).toBe('line one line two');
  });

  it('never shows a registered token or URL credentials', () => {
    registerSecret('tok_secret_123456');
    const text = describeError(new NetworkError('GET https://user:pw@host/v1/orgs with tok_secret_123456 failed'));
    expect(text).not.toContain('tok_secret_123456');
    expect(text).not.toContain('user:pw');
  });

  it("collapses oclif's multi-line parse messages into one line", () => {
    const err = new Errors.CLIError('Missing 1 required arg:\ncr  Change request id or number\nSee more help with --help');
    expect(describeError(err)).toBe('Missing 1 required arg: cr  Change request id or number. See `--help`.');
  });
});
