import { afterEach, describe, expect, it } from 'vitest';
import { clearSecrets, maskToken, redact, registerSecret } from '../../src/api/redact.js';

afterEach(() => clearSecrets());

describe('redact', () => {
  it('masks credentials inside URLs, keeping host and path', () => {
    expect(redact('clone https://user:secret@git.example.com/o/r.git now')).toBe('clone https://***@git.example.com/o/r.git now');
    expect(redact('https://x-access-token:ghp_abc123@github.com/o/r')).toBe('https://***@github.com/o/r');
    expect(redact('ssh://deploy@host:22/repo')).toBe('ssh://***@host:22/repo');
  });

  it('does not touch an @ after the host', () => {
    expect(redact('https://host.example/users/a@b.com?x=c@d')).toBe('https://host.example/users/a@b.com?x=c@d');
    expect(redact('mail someone@example.com')).toBe('mail someone@example.com');
  });

  it('masks secret query values and nothing else', () => {
    expect(redact('GET http://h/v1/x?token=abc&limit=5&access_token=def#frag')).toBe(
      'GET http://h/v1/x?token=***&limit=5&access_token=***#frag',
    );
    expect(redact('?api_key=k1&client_secret=s2&author=bob&tokens=3')).toBe('?api_key=***&client_secret=***&author=bob&tokens=3');
    expect(redact('GET http://h/x?token=abc: timed out')).toBe('GET http://h/x?token=***: timed out');
  });

  it('masks secret JSON values, whole, and header values', () => {
    expect(redact('{"token":"a b c","tokenId":"keep","password": "p\\"w","name":"ok"}')).toBe(
      '{"token":"***","tokenId":"keep","password": "***","name":"ok"}',
    );
    expect(redact('Authorization: Bearer abc.def.ghi')).toBe('Authorization: Bearer ***');
    expect(redact('authorization: Basic dXNlcjpwYXNz')).toBe('authorization: Basic ***');
    expect(redact('x-api-key: k123 rest')).toBe('x-api-key: *** rest');
    expect(redact('Authorization: Token t0k3n')).toBe('Authorization: Token ***');
  });

  it('leaves prose that merely mentions a token or basic auth alone', () => {
    expect(redact('the server refused the token (401). Run docs auth login')).toBe(
      'the server refused the token (401). Run docs auth login',
    );
    expect(redact('Basic plan, Token budget')).toBe('Basic plan, Token budget');
  });

  it('masks registered secrets wherever they appear, raw or URL-encoded', () => {
    registerSecret('gb_api_a/b+c');
    expect(redact('token gb_api_a/b+c and gb_api_a%2Fb%2Bc in text')).toBe('token *** and *** in text');
    clearSecrets();
    expect(redact('gb_api_a/b+c')).toBe('gb_api_a/b+c');
  });

  it('ignores secrets too short to mask safely', () => {
    registerSecret('abc');
    registerSecret(undefined);
    expect(redact('abc abcd')).toBe('abc abcd');
  });

  it('shows the last four characters of a long token only', () => {
    expect(maskToken('gb_api_0123456789wxyz')).toBe('****wxyz');
    expect(maskToken('short')).toBe('****');
  });
});
