import { describe, expect, it } from 'vitest';
import { blocks, isSynopsis, namedExit } from '../helpers/examples.js';

/** How test/e2e/examples.test.ts reads examples out of markdown and what it expects of them. */
describe('reading examples', () => {
  it('a block with prompts runs its prompted lines in order, joining continued lines and if … fi', () => {
    const md = [
      'Text',
      '```',
      '$ docs cr list',
      '#1 output line',
      '$ docs cr get 999   # exit code 3: not found',
      '```',
      '```ts',
      'docs.not(a, command)',
      '```',
      '```',
      'docs spaces pages | \\',
      '  cut -f1',
      'if docs cr merge 1 --yes; then',
      '  echo merged',
      'fi',
      'npm test',
      '```',
    ].join('\n');
    const found = blocks('X.md', md);
    expect(found).toEqual([
      { where: 'X.md:3', commands: ['docs cr list', 'docs cr get 999   # exit code 3: not found'] },
      {
        where: 'X.md:11',
        commands: ['docs spaces pages | \\\n  cut -f1', 'if docs cr merge 1 --yes; then\n  echo merged\nfi', 'npm test'],
      },
    ]);
  });

  it('an exit code is named in a comment or the description; a synopsis is not a command', () => {
    expect(namedExit('docs cr get 999   # exit code 3: not found')).toBe(3);
    expect(namedExit('docs cr merge 1 --yes  # exits 5 on a conflict')).toBe(5);
    expect(namedExit('docs cr check 1', 'Every finding (exits 8 when there is one)')).toBe(8);
    expect(namedExit('docs cr list')).toBeUndefined();
    expect(isSynopsis('docs cr list [SPACE] [--status open|draft]')).toBe(true);
    expect(isSynopsis('docs config list [--profile NAME]')).toBe(true);
    expect(isSynopsis('docs api GET /orgs -f "q[]=x"')).toBe(false);
  });
});
