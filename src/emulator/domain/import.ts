import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { badRequest } from '../types.js';
import { htmlToMarkdown } from './html.js';
import { splitTitle } from './markdown.js';
import { humanize, pagesFromMarkdownFiles, type MarkdownFile } from './markdown-tree.js';
import type { FileInput, PageInput } from './revisions.js';
import { withoutCredentials } from './git-info.js';

/**
 * Content import (`POST .../content/import`). The emulator runs on the user's machine with no
 * access to the services real imports read from, so it reads only what it can honestly reach:
 * `file://` URLs and http(s) URLs on loopback. Sources: `markdown`, `html` and `zip`.
 */

export const SUPPORTED_IMPORT_SOURCES = ['markdown', 'html', 'zip'] as const;
export type ImportSource = (typeof SUPPORTED_IMPORT_SOURCES)[number];

export interface ImportedContent {
  pages: PageInput[];
  files: FileInput[];
  importedResources: number;
  totalResources: number;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const MAX_BYTES = 50 * 1024 * 1024;

/** The bytes behind an import URL, or 400 when the emulator cannot (or may not) reach it. */
export async function fetchImportUrl(raw: string): Promise<{ bytes: Uint8Array; name: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url: must be a file:// URL or an http(s) URL on loopback');
  }
  const shown = withoutCredentials(raw);
  const name = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? 'import');
  if (url.protocol === 'file:') {
    try {
      return { bytes: await readFile(fileURLToPath(url)), name };
    } catch (err) {
      throw badRequest(`url: cannot read ${shown}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(`url: the emulator cannot handle ${url.protocol} URLs; use a file:// URL or an http(s) URL on loopback`);
  }
  if (!isLoopbackHost(url.hostname)) {
    throw badRequest(
      `url: the emulator cannot reach ${url.hostname}: it only imports from file:// URLs and from http(s) URLs on loopback (localhost, 127.0.0.0/8, ::1)`,
    );
  }
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw badRequest(`url: cannot fetch ${shown}: ${(err as Error).message}`);
  }
  if (!response.ok) throw badRequest(`url: fetching ${shown} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw badRequest(`url: ${shown} is larger than ${MAX_BYTES} bytes`);
  return { bytes, name };
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp',
  pdf: 'application/pdf', txt: 'text/plain', json: 'application/json', csv: 'text/csv', yaml: 'application/yaml', yml: 'application/yaml',
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

const countPages = (pages: readonly PageInput[]): number => pages.reduce((n, p) => n + 1 + countPages(p.pages ?? []), 0);

function singlePage(title: string | undefined, fallback: string, markdown: string): ImportedContent {
  return { pages: [{ title: title ?? humanize(fallback.replace(/\.[a-z0-9]+$/i, '')), markdown }], files: [], importedResources: 1, totalResources: 1 };
}

/** Pages and files from markdown files and other files, keyed by path inside a folder or archive. */
export function contentFromEntries(entries: ReadonlyMap<string, Uint8Array>): ImportedContent {
  const markdown = new Map<string, MarkdownFile>();
  const files: FileInput[] = [];
  for (const [path, bytes] of entries) {
    if (/\.md$/i.test(path)) markdown.set(path, { content: Buffer.from(bytes).toString('utf8') });
    else {
      const name = path.split('/').pop() ?? path;
      files.push({ name, contentType: contentTypeOf(name), content: bytes });
    }
  }
  const pages = pagesFromMarkdownFiles(markdown);
  return { pages, files, importedResources: countPages(pages) + files.length, totalResources: entries.size };
}

function unzip(bytes: Uint8Array): Map<string, Uint8Array> {
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(bytes);
  } catch (err) {
    throw badRequest(`url: not a readable zip archive (${(err as Error).message})`);
  }
  const entries = new Map<string, Uint8Array>();
  for (const [path, data] of Object.entries(raw)) {
    if (path.endsWith('/') || path.startsWith('__MACOSX/') || path.split('/').some((part) => part.startsWith('.') && part !== '.gitbook')) continue;
    entries.set(path, data);
  }
  // Archives of a folder hold everything under that one folder: read from inside it.
  const tops = new Set([...entries.keys()].map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  const only = tops.size === 1 ? [...tops][0] : undefined;
  if (only) return new Map([...entries].map(([p, d]) => [p.slice(only.length + 1), d]));
  return entries;
}

export function parseImport(source: string, bytes: Uint8Array, name: string): ImportedContent {
  switch (source) {
    case 'markdown': {
      const { title, body } = splitTitle(Buffer.from(bytes).toString('utf8'));
      return singlePage(title, name, body);
    }
    case 'html': {
      const converted = htmlToMarkdown(Buffer.from(bytes).toString('utf8'));
      const { title, body } = splitTitle(converted.markdown);
      return singlePage(title ?? converted.title, name, title ? body : converted.markdown);
    }
    case 'zip':
      return contentFromEntries(unzip(bytes));
    default:
      throw badRequest(`source: the emulator cannot import "${source}" content; it imports ${SUPPORTED_IMPORT_SOURCES.join(', ')}`);
  }
}

/** Check the source before fetching anything, then fetch and parse. */
export async function loadImport(source: string, url: string): Promise<ImportedContent> {
  if (!(SUPPORTED_IMPORT_SOURCES as readonly string[]).includes(source)) parseImport(source, new Uint8Array(), '');
  const { bytes, name } = await fetchImportUrl(url);
  return parseImport(source, bytes, name);
}
