import { describe, expect, it } from 'vitest';
import { hyperlink, linkLines, supportsHyperlinks } from '../../src/ui/hyperlink.js';
import { wrapTokens } from '../../src/ui/wrap.js';

const tty = { isTTY: true };

describe('OSC 8 hyperlinks', () => {
  it('are sent only to a terminal known to show them, never to a stream that is not a terminal', () => {
    expect(supportsHyperlinks({ isTTY: false }, { TERM_PROGRAM: 'iTerm.app', FORCE_HYPERLINK: '1' })).toBe(false);
    expect(supportsHyperlinks(undefined, { FORCE_HYPERLINK: '1' })).toBe(false);
    expect(supportsHyperlinks(tty, {})).toBe(false);
    expect(supportsHyperlinks(tty, { TERM: 'xterm-256color' })).toBe(false);
    expect(supportsHyperlinks(tty, { TERM_PROGRAM: 'WezTerm' })).toBe(true);
    expect(supportsHyperlinks(tty, { WT_SESSION: 'x' })).toBe(true);
    expect(supportsHyperlinks(tty, { VTE_VERSION: '7200' })).toBe(true);
    expect(supportsHyperlinks(tty, { VTE_VERSION: '4600' })).toBe(false);
    // tmux and screen swallow or garble the sequence: not there, whatever the terminal outside says.
    expect(supportsHyperlinks(tty, { TERM_PROGRAM: 'iTerm.app', TMUX: '/tmp/tmux-0/default,1,0' })).toBe(false);
    // FORCE_HYPERLINK decides either way.
    expect(supportsHyperlinks(tty, { FORCE_HYPERLINK: '1', TMUX: 'x' })).toBe(true);
    expect(supportsHyperlinks(tty, { FORCE_HYPERLINK: '0', TERM_PROGRAM: 'vscode' })).toBe(false);
  });

  it('a URL broken over lines links every piece to the whole URL; the rest of the text is left as it is', () => {
    const url = 'http://127.0.0.1:4010/app/o/org_acme/s/space_api/an-essay-with-a-long-title';
    const text = `/an-essay-with-a-long-title · ${url}`;
    const lines = wrapTokens(text, 40);
    expect(lines).toEqual([
      '/an-essay-with-a-long-title ·',
      'http://127.0.0.1:4010/app/o/org_acme/s/',
      'space_api/an-essay-with-a-long-title',
    ]);
    expect(linkLines(text, lines)).toEqual([
      '/an-essay-with-a-long-title ·',
      hyperlink('http://127.0.0.1:4010/app/o/org_acme/s/', url),
      hyperlink('space_api/an-essay-with-a-long-title', url),
    ]);
    const two = 'see https://a.example/x and https://b.example/y';
    expect(linkLines(two, [two])).toEqual([
      `see ${hyperlink('https://a.example/x', 'https://a.example/x')} and ${hyperlink('https://b.example/y', 'https://b.example/y')}`,
    ]);
    expect(linkLines('no link here', ['no link', 'here'])).toEqual(['no link', 'here']);
  });
});
