import { frontMatter, splitFrontMatter } from './front-matter.js';
import { titleSlug } from '../../api/slug.js';
import { splitTitle } from './markdown.js';
import type { PageInput, PageNode } from './revisions.js';

/**
 * Pages <-> a tree of markdown files, as zip imports and Git sync lay them out:
 * - `README.md` (or `index.md`) at the root is the first page; in a folder it is the folder's page;
 * - `name.md` is a page, a folder is a page whose children are the folder's files;
 * - `SUMMARY.md`, when present, decides which files are pages and in what order and nesting
 *   (files it does not list are left out, as the Git sync of the service does);
 * - each file's first `# heading` is the page title (else the SUMMARY link text, else the file name);
 *   a `description:` in the file's front matter is the page's description.
 * Written out, the first page is `README.md` when an import gives it back its slug (the slug of its
 * title); otherwise it is written under its slug and listed first, so export then import keeps it.
 */

const PAGE_INDEX = /^(README|index)\.md$/i;

const baseName = (path: string) => path.split('/').pop() ?? path;

export function humanize(name: string): string {
  const text = name.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Untitled';
}

export interface MarkdownFile {
  content: string;
  /** Git blob id, when read from a repository. */
  oid?: string;
}

function pageFromFile(path: string, file: MarkdownFile | undefined, fallbackTitle: string, slug?: string): PageInput {
  const { description, body: text } = splitFrontMatter(file?.content ?? '');
  const { title, body } = splitTitle(text);
  const page: PageInput = { title: title ?? fallbackTitle, markdown: file ? body : '', pages: [] };
  if (description) page.description = description;
  if (slug) page.slug = slug;
  if (file?.oid) page.git = { oid: file.oid, path };
  return page;
}

/** The page tree from the files of a folder (paths relative to it, `/`-separated). */
export function pagesFromMarkdownFiles(files: ReadonlyMap<string, MarkdownFile>): PageInput[] {
  const summary = [...files.keys()].find((p) => /^SUMMARY\.md$/i.test(p));
  if (summary) return pagesFromSummary(files, files.get(summary)?.content ?? '');
  const pages = pagesOfFolder(files, '');
  const index = [...files.keys()].find((p) => PAGE_INDEX.test(p));
  if (index) pages.unshift(pageFromFile(index, files.get(index), 'Introduction'));
  return pages;
}

function pagesOfFolder(files: ReadonlyMap<string, MarkdownFile>, folder: string): PageInput[] {
  const prefix = folder ? `${folder}/` : '';
  const entries = new Map<string, 'file' | 'folder'>();
  for (const path of files.keys()) {
    if (!path.startsWith(prefix) || !/\.md$/i.test(path)) continue;
    const rest = path.slice(prefix.length);
    const [head = '', ...tail] = rest.split('/');
    if (tail.length > 0) entries.set(head, 'folder');
    else if (!PAGE_INDEX.test(head) && !(folder === '' && /^SUMMARY\.md$/i.test(head))) entries.set(head, 'file');
  }
  return [...entries.keys()]
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((name) => {
      const path = `${prefix}${name}`;
      if (entries.get(name) === 'file') return pageFromFile(path, files.get(path), humanize(name), titleSlug(name.replace(/\.md$/i, '')));
      const index = [...files.keys()].find((p) => p.startsWith(`${path}/`) && PAGE_INDEX.test(p.slice(path.length + 1)));
      const page = pageFromFile(index ?? path, index ? files.get(index) : undefined, humanize(name), titleSlug(name));
      page.pages = pagesOfFolder(files, path);
      return page;
    });
}

function pagesFromSummary(files: ReadonlyMap<string, MarkdownFile>, summary: string): PageInput[] {
  const root: PageInput[] = [];
  const stack: { indent: number; children: PageInput[] }[] = [{ indent: -1, children: root }];
  for (const line of summary.split('\n')) {
    const m = /^(\s*)[*+-]\s+\[([^\]]*)\]\(\s*<?([^)>]*?)>?\s*\)/.exec(line.replace(/\t/g, '  '));
    if (!m) continue;
    const indent = m[1]?.length ?? 0;
    let target = (m[3] ?? '').replace(/^\.\//, '').replace(/#.*$/, '');
    try {
      target = decodeURIComponent(target);
    } catch {
      // keep as written
    }
    while (stack.length > 1 && (stack[stack.length - 1]?.indent ?? -1) >= indent) stack.pop();
    const name = baseName(target);
    const folderPage = PAGE_INDEX.test(name);
    const isRootIndex = folderPage && !target.includes('/');
    const slug = isRootIndex
      ? undefined
      : titleSlug(folderPage ? (target.split('/').slice(-2, -1)[0] ?? name) : name.replace(/\.md$/i, ''));
    const page = pageFromFile(target, files.get(target), m[2]?.trim() || humanize(name), slug);
    stack[stack.length - 1]?.children.push(page);
    stack.push({ indent, children: page.pages ?? [] });
  }
  return root;
}

/** Where each page goes when written out, and the SUMMARY.md listing them. */
export function pagesToMarkdownFiles(pages: readonly PageNode[]): { files: Map<string, string>; summary: string } {
  const files = new Map<string, string>();
  const lines = ['# Table of contents', ''];
  const write = (list: readonly PageNode[], folder: string, depth: number) => {
    list.forEach((page, i) => {
      const isFirst = depth === 0 && i === 0 && page.slug === titleSlug(page.title);
      const own = folder ? `${folder}/${page.slug}` : page.slug;
      const path = isFirst ? 'README.md' : page.pages.length > 0 ? `${own}/README.md` : `${own}.md`;
      // The title becomes the file's heading and the markdown follows as stored, so an import reads
      // both back unchanged; a closing ` #` keeps a title ending in `#` (C#) from losing it.
      const heading = /#$/.test(page.title) ? `${page.title} #` : page.title;
      files.set(path, `${frontMatter(page.description)}# ${heading}\n\n${page.markdown}`);
      lines.push(`${'  '.repeat(depth)}* [${page.title.replace(/[[\]]/g, '')}](${encodeURI(path)})`);
      write(page.pages, own, depth + 1);
    });
  };
  write(pages, '', 0);
  return { files, summary: `${lines.join('\n')}\n` };
}
