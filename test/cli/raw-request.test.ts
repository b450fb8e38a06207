import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/errors.js';
import { parseFields, parseMethod, parsePath, typedValue } from '../../src/cli/raw-request.js';

describe('docs api input', () => {
  it('types field values: numbers, booleans, null, strings', () => {
    expect(typedValue('42')).toBe(42);
    expect(typedValue('-1.5')).toBe(-1.5);
    expect(typedValue('true')).toBe(true);
    expect(typedValue('false')).toBe(false);
    expect(typedValue('null')).toBeNull();
    expect(typedValue('007')).toBe('007');
    expect(typedValue('12345678901234567890')).toBe('12345678901234567890');
    expect(typedValue('hello world')).toBe('hello world');
  });

  it('keeps --raw-field values as typed strings, alongside typed -f fields', () => {
    expect(parseFields(['limit=2'], ['subject=2.10', 'tags[]=true'])).toEqual({ limit: 2, subject: '2.10', tags: ['true'] });
    expect(() => parseFields(['subject=1'], ['subject=2'])).toThrow('given twice');
    expect(() => parseFields([], ['oops'])).toThrow('--raw-field "oops" must look like key=value');
  });

  it('builds objects and arrays from -f fields', () => {
    expect(parseFields(['subject=Hi=there', 'limit=2', 'tags[]=a', 'tags[]=3'])).toEqual({ subject: 'Hi=there', limit: 2, tags: ['a', 3] });
    expect(() => parseFields(['novalue'])).toThrow('key=value');
    expect(() => parseFields(['a=1', 'a=2'])).toThrow('given twice');
    const err = (() => {
      try {
        parseFields(['=x']);
      } catch (e) {
        return e;
      }
    })();
    expect(exitCodeOf(err)).toBe(2);
  });

  it('adds /v1 when missing and splits the query string', () => {
    expect(parsePath('/v1/orgs')).toEqual({ path: '/v1/orgs', query: {} });
    expect(parsePath('orgs')).toEqual({ path: '/v1/orgs', query: {} });
    expect(parsePath('/orgs/o1/members?limit=2&role=admin&role=edit')).toEqual({
      path: '/v1/orgs/o1/members',
      query: { limit: '2', role: ['admin', 'edit'] },
    });
    expect(parsePath('/v1')).toEqual({ path: '/v1', query: {} });
    expect(parsePath('/v10/x').path).toBe('/v1/v10/x');
    expect(() => parsePath('https://api.example.com/v1/orgs')).toThrow(/--api-url/);
  });

  it('accepts methods in any case', () => {
    expect(parseMethod('get')).toBe('GET');
    expect(() => parseMethod('TRACE')).toThrow('METHOD must be one of');
  });
});
