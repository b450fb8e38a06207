import { describe, expect, it } from 'vitest';
import { resolveLink } from '../../../src/emulator/domain/links.js';
import type { PageNode, RevisionDoc } from '../../../src/emulator/domain/revisions.js';

const page = (id: string, path: string, pages: PageNode[] = []): PageNode => ({
  id,
  title: id,
  slug: path.split('/').pop() ?? path,
  path,
  markdown: '',
  pages,
});

const setup = page('pg_setup', 'guide/setup');
const guide = page('pg_guide', 'guide', [setup]);
const home = page('pg_home', 'home');
const rev = {
  id: 'rev_1',
  object: 'revision',
  parents: [],
  pages: [home, guide],
  files: [],
  createdAt: '',
  type: 'edits',
} as unknown as RevisionDoc;

/** What a link written on `from` names: the page's id, or `broken`. */
const target = (raw: string, from: PageNode = home): string => {
  const link = resolveLink(rev, from, raw, 'http://127.0.0.1:1');
  return link?.target.kind === 'page' ? link.target.page.id : (link?.status ?? 'not a link');
};

describe('a relative link names a page by its path, with or without the suffixes Git repositories use', () => {
  it('strips .md, a last README or index segment (any case) and trailing slashes, in that order', () => {
    expect(target('guide/setup.md')).toBe('pg_setup');
    expect(target('guide/setup')).toBe('pg_setup');
    expect(target('guide/SETUP.MD')).toBe('broken');
    expect(target('guide/setup.MD')).toBe('pg_setup');
    expect(target('guide/README.md')).toBe('pg_guide');
    expect(target('guide/readme')).toBe('pg_guide');
    expect(target('guide/INDEX.md')).toBe('pg_guide');
    expect(target('guide/index')).toBe('pg_guide');
    expect(target('guide/')).toBe('pg_guide');
    expect(target('guide//')).toBe('pg_guide');
    // Empty segments go first, with the path's normalisation.
    expect(target('guide/README/')).toBe('pg_guide');
    expect(target('guide/./setup.md')).toBe('pg_setup');
    expect(target('guide/xreadme.md')).toBe('broken');
    // The root (README, index or nothing) is the first page.
    expect(target('README.md')).toBe('pg_home');
    expect(target('/index')).toBe('pg_home');
    expect(target('../README.md', setup)).toBe('pg_home');
    expect(target('setup.md', setup)).toBe('pg_setup');
  });

  it('a broken link keeps its text, query and fragment included', () => {
    const link = resolveLink(rev, home, 'gone.md?x=1#top', 'http://127.0.0.1:1');
    expect(link).toMatchObject({ status: 'broken', target: { kind: 'url', url: 'gone.md?x=1#top' } });
  });
});
