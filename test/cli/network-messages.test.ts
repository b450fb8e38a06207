import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors.js';
import { allOperations } from '../../src/api/operations/index.js';
import { giveUp } from '../../src/api/retry.js';
import { CHECK_COMMANDS } from '../../src/cli/check-commands.js';
import { describeError } from '../../src/cli/errors.js';
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
    expect(describeError(new ApiError(429, 'Quota of the organization spent'))).toBe('rate limited (429) (Quota of the organization spent): try again later.');
  });
});
