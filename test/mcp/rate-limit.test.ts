import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../src/api/errors.js';
import { failureOf, rateLimitFailure } from '../../src/mcp/operations.js';

const error = (over: Partial<RateLimitError['details']> = {}) =>
  new RateLimitError('GET /v1/x: rate limited', {
    method: 'GET',
    url: 'http://api.test/v1/x',
    kind: 'read',
    waitMs: 41_200,
    budgetMs: 45_000,
    spentMs: 30_000,
    budgetSource: 'default',
    refused: true,
    limit: 60,
    windowMs: 60_000,
    ...over,
  });

describe('rateLimitFailure', () => {
  it('says the call was rate limited, when to retry (seconds and UTC) and that nothing was applied', () => {
    const now = Date.UTC(2025, 0, 2, 3, 4, 5);
    const res = rateLimitFailure(error(), now);
    expect(res.isError).toBe(true);
    expect(res.content[0]?.text).toBe(
      "Rate limited: the API answered 429 (rate limit exceeded) (60 requests a window of 1 min), and the next request could go only in 42 s, beyond this call's 45 s wait budget. Nothing was applied: the GET request was refused. Retry in 42 s, at 2025-01-02 03:04:46 UTC or later.",
    );
    expect(res.structuredContent).toEqual({
      error: 'rate_limited',
      retryAfterSeconds: 42,
      retryAt: '2025-01-02T03:04:46.200Z',
      applied: false,
      limit: 60,
      windowSeconds: 60,
    });
  });

  it('names --max-wait or DOCS_MAX_WAIT when the budget came from there; a request never sent was not sent', () => {
    const text = rateLimitFailure(error({ budgetSource: '--max-wait', budgetMs: 2000, refused: false, method: 'POST' }), 0).content[0]
      ?.text;
    expect(text).toMatch(/this call's 2 s \(--max-wait\) wait budget/);
    expect(text).toMatch(/the rate limit's window is spent/);
    expect(text).toMatch(/the POST request was not sent/);
  });

  it('failureOf turns any other error into the CLI message', () => {
    const res = failureOf(new Error('boom'), { errors: {} } as never);
    expect(res).toMatchObject({ isError: true });
    expect(res.structuredContent).toBeUndefined();
  });
});
