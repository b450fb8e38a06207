import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changeRequests } from '../../src/api/operations/change-requests.js';
import { describeBounds, field, fieldShape, fieldsFromFlags, kebabCase, schemaField } from '../../src/cli/flags/common.js';

describe('fieldShape', () => {
  it('reads the bounds and values of body and query fields from the operation table', () => {
    expect(fieldShape(schemaField(changeRequests.update.body, 'subject'))).toEqual({ kind: 'string', min: undefined, max: 100 });
    expect(fieldShape(schemaField(changeRequests.update.body, 'status'))).toEqual({ kind: 'enum', values: ['draft', 'open', 'archived'] });
    expect(fieldShape(schemaField(changeRequests.list.query, 'limit'))).toMatchObject({ kind: 'number', min: 0, max: 1000, int: true });
    expect(fieldShape(schemaField(changeRequests.getPdf.query, 'only'))).toEqual({ kind: 'boolean' });
  });

  it('describes bounds for help text', () => {
    expect(describeBounds({ kind: 'string', max: 100 })).toBe('at most 100 characters');
    expect(describeBounds({ kind: 'string', min: 2, max: 128 })).toBe('2-128 characters');
    expect(describeBounds({ kind: 'string', min: 1 })).toBeUndefined();
    expect(describeBounds({ kind: 'number', min: 0, max: 1000 })).toBe('0-1000');
    expect(describeBounds(fieldShape(z.string().min(3)))).toBe('at least 3 characters');
  });
});

describe('field flags', () => {
  it('puts the contract bound in the help and enum values in options', () => {
    const subject = field.string(changeRequests.update.body, 'subject', { description: 'New subject' });
    expect(subject.description).toBe('New subject (at most 100 characters)');
    const status = field.option(changeRequests.update.body, 'status', { description: 'New status' });
    expect(status.options).toEqual(['draft', 'open', 'archived']);
  });

  it('refuses a field the schema does not have (a typo in a command)', () => {
    expect(() => field.string(changeRequests.update.body, 'title', { description: 'x' })).toThrow('no field "title"');
    expect(() => field.option(changeRequests.update.body, 'subject', { description: 'x' })).toThrow('not an enum');
  });
});

describe('fieldsFromFlags', () => {
  it('maps kebab-case flags to the schema fields and leaves unset ones out', () => {
    const flags = { subject: 'Hello', 'agent-task-id': 't1', space: 'sp', json: false, status: undefined };
    expect(fieldsFromFlags(changeRequests.create.body, flags)).toEqual({ subject: 'Hello', agentTaskId: 't1' });
    expect(fieldsFromFlags(changeRequests.list.query, { status: 'merged', contributor: undefined, all: true })).toEqual({
      status: 'merged',
    });
    expect(fieldsFromFlags(undefined, flags)).toEqual({});
  });

  it('kebab-cases camelCase names', () => {
    expect(kebabCase('agentTaskId')).toBe('agent-task-id');
    expect(kebabCase('subject')).toBe('subject');
  });
});
