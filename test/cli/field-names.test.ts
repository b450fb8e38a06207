import { describe, expect, it } from 'vitest';
import { describeIssues, optionFor } from '../../src/cli/field-names.js';

describe('optionFor', () => {
  const names = { flags: ['subject', 'agent-task-id', 'limit', 'space', 'source-space', 'template'], args: ['changeRequest'] };

  it('names the flag of a body or query field, or of a path parameter without its Id', () => {
    expect(optionFor(['body', 'subject'], names)).toBe('--subject');
    expect(optionFor(['body', 'agentTaskId'], names)).toBe('--agent-task-id');
    expect(optionFor(['limit'], names)).toBe('--limit');
    expect(optionFor(['query', 'limit'], names)).toBe('--limit');
    expect(optionFor(['spaceId'], names)).toBe('--space');
    // The search operations' own `query` parameter, shown as the QUERY argument.
    expect(optionFor(['query'], { args: ['query'] })).toBe('QUERY');
  });

  it('names an argument as the help shows it', () => {
    expect(optionFor(['changeRequestId'], names)).toBe('CHANGE_REQUEST');
  });

  it('prefers the whole nested path, then its last field, and skips array positions', () => {
    expect(optionFor(['body', 'source', 'space'], names)).toBe('--source-space');
    expect(optionFor(['body', 'pages', 0, 'subject'], names)).toBe('--subject');
  });

  it('uses the exceptions a command declares, and only them for those fields', () => {
    expect(optionFor(['body', 'id'], names)).toBeUndefined();
    expect(optionFor(['body', 'id'], { ...names, fields: { id: 'template' } })).toBe('--template');
    expect(optionFor(['body', 'slug'], { ...names, fields: { slug: 'changeRequest' } })).toBe('CHANGE_REQUEST');
    // A declared name the command does not have names nothing rather than a flag that does not exist.
    expect(optionFor(['body', 'subject'], { ...names, fields: { subject: 'title' } })).toBeUndefined();
  });

  it('names nothing for the whole body or a field no option carries', () => {
    expect(optionFor(['body'], names)).toBeUndefined();
    expect(optionFor(['body', 'other'], names)).toBeUndefined();
  });
});

describe('describeIssues', () => {
  it('writes each issue in the command vocabulary, keeping the path of fields no option carries', () => {
    const issues = [
      { path: ['body', 'other'], message: 'required' },
      { path: ['body', 'subject'], message: 'must be at most 100 characters' },
      { path: ['spaceId'], message: 'required' },
      { path: [], message: 'must be an object' },
    ];
    expect(describeIssues(issues, { flags: ['subject', 'space'] })).toBe(
      'body.other: required; --subject must be at most 100 characters; --space is required; value: must be an object',
    );
  });
});

describe('a field named like its container', () => {
  it('names the argument of a query field called `query` (orgs search QUERY)', () => {
    expect(optionFor(['query'], { args: ['query'] })).toBe('QUERY');
    expect(optionFor(['query', 'query'], { args: ['query'] })).toBe('QUERY');
  });
});
