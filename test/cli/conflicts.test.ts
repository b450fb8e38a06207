import { describe, expect, it } from 'vitest';
import { CommandFailure } from '../../src/cli/errors.js';
import { conflictFailure } from '../../src/cli/format/conflicts.js';

const ctx = { bin: 'docs', spaceId: 'space_guides', id: '7' };

describe('conflictFailure', () => {
  it('says what did not happen, repeats the server sentence as is, and names the ways out (exit 5)', () => {
    const err = conflictFailure(
      { revision: 'r', result: 'conflicts', message: 'Change request #7 conflicts; page changed on both sides: "A" (a)' },
      { ...ctx, nothing: 'merged', url: 'https://app.example/cr/7' },
    );
    expect(err).toBeInstanceOf(CommandFailure);
    expect(err.exitCode).toBe(5);
    expect(err.message).toMatch(
      /^change request 7 conflicts with the primary content: nothing was merged\. Change request #7 conflicts; page changed on both sides: "A" \(a\)\. What now: /,
    );
    expect(err.message).toContain('`docs cr diff 7`');
    expect(err.message).toContain('`docs spaces pull space_guides <dir> --cr 7`');
    expect(err.message).toMatch(/resolve them in the app: https:\/\/app\.example\/cr\/7\.$/);
  });

  it('without a server sentence or a URL still reads as one message and says where the URL is', () => {
    const err = conflictFailure({ revision: 'r', result: 'conflicts' }, { ...ctx, nothing: 'applied' });
    expect(err.message).toMatch(/^change request 7 conflicts with the primary content: nothing was applied\. What now: /);
    expect(err.message).toMatch(/\(`docs cr get 7` shows the URL\)\.$/);
    expect(err.message).not.toContain('undefined');
  });
});
