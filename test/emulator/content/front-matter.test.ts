import { describe, expect, it } from 'vitest';
import { frontMatter, splitFrontMatter } from '../../../src/emulator/domain/front-matter.js';

/** The front matter Git Sync writes and people write by hand: the description, and the rest of the file. */
describe('front matter', () => {
  it('reads the description in each scalar style and leaves the file after the block', () => {
    const body = '# Title\n\nText.\n';
    expect(splitFrontMatter(`---\ndescription: Plain: with a colon\n---\n\n${body}`)).toEqual({
      description: 'Plain: with a colon',
      body: `\n${body}`,
    });
    expect(splitFrontMatter(`---\ndescription: "Two\\nlines \\"q\\""\n---\n${body}`).description).toBe('Two\nlines "q"');
    expect(splitFrontMatter(`---\ndescription: 'it''s'\n---\n${body}`).description).toBe("it's");
    expect(splitFrontMatter(`---\nicon: book\ndescription: >-\n  Folded over\n  two lines.\nhidden: true\n---\n${body}`)).toEqual({
      description: 'Folded over two lines.',
      body,
    });
    expect(splitFrontMatter(`---\ndescription: |\n  Kept\n  apart\n---\n${body}`).description).toBe('Kept\napart');
  });

  it('drops a block without a description; leaves text without a block alone', () => {
    expect(splitFrontMatter('---\nicon: book\n---\n# T\n')).toEqual({ body: '# T\n' });
    expect(splitFrontMatter('# T\n\n---\ndescription: no\n---\n')).toEqual({ body: '# T\n\n---\ndescription: no\n---\n' });
  });

  it('writes what it reads back, whatever the text', () => {
    for (const text of ['Short.', 'a: b', '"quoted"', "it's", '---', 'Line\nbreak', '>-', 'émoji 🎉'])
      expect(splitFrontMatter(`${frontMatter(text)}# T\n`)).toEqual({ description: text, body: '\n# T\n' });
    expect(frontMatter(undefined)).toBe('');
  });
});
