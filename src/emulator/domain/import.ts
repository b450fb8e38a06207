import { createRequire } from 'node:module';
import { badRequest, HttpError } from '../types.js';
import { filePath, MAX_ZIP_ENTRIES, readBodyCapped, readLocalFile, tooLarge, type HostPolicy } from '../host.js';
import { htmlToMarkdown } from './html.js';
import { splitFrontMatter } from './front-matter.js';
import { splitTitle } from './markdown.js';
import { humanize, pagesFromMarkdownFiles, type MarkdownFile } from './markdown-tree.js';
import type { FileInput, PageInput } from './revisions.js';
import { withoutCredentials } from './git-info.js';
import { isLoopbackHost } from '../../api/loopback.js';

// fflate is loaded by the first zip import, not by every emulator start.
const require = createRequire(import.meta.url);
let fflate: typeof import('fflate') | undefined;
const zip = () => (fflate ??= require('fflate') as typeof import('fflate'));

/**
 * Content import (`POST .../content/import`). The emulator runs on the user's machine with no
 * access to the services real imports read from, so it reads only what it can honestly reach:
 * `file://` URLs under the files root and http(s) URLs on loopback, within the import limit
 * (src/emulator/host.ts). Sources: `markdown`, `html` and `zip`.
 */

export const SUPPORTED_IMPORT_SOURCES = ['markdown', 'html', 'zip'] as const;
export type ImportSource = (typeof SUPPORTED_IMPORT_SOURCES)[number];

export interface ImportedContent {
  pages: PageInput[];
  files: FileInput[];
  importedResources: number;
  totalResources: number;
}

/** The last segment of a URL path, decoded; the raw segment when its percent-encoding is broken. */
function lastSegment(url: URL): string {
  const raw = url.pathname.split('/').filter(Boolean).pop() ?? 'import';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The bytes behind an import URL, or 400 when the emulator cannot (or may not) reach it. */
export async function fetchImportUrl(policy: HostPolicy, raw: string): Promise<{ bytes: Uint8Array; name: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url: must be a file:// URL or an http(s) URL on loopback');
  }
  const shown = withoutCredentials(raw);
  const name = lastSegment(url);
  if (url.protocol === 'file:') return { bytes: await readLocalFile(policy, filePath(url, 'url'), 'url', shown), name };
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
    // The whole transfer, body included, is bounded in time and stops when the emulator closes.
    const signal = AbortSignal.any([AbortSignal.timeout(15_000), policy.signal]);
    response = await fetch(url, { redirect: 'error', signal });
    if (!response.ok) throw badRequest(`url: fetching ${shown} answered HTTP ${response.status}`);
    return { bytes: await readBodyCapped(response, policy.maxImportBytes, shown), name };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(`url: cannot fetch ${shown}: ${(err as Error).message}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  json: 'application/json',
  csv: 'text/csv',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

const countPages = (pages: readonly PageInput[]): number => pages.reduce((n, p) => n + 1 + countPages(p.pages ?? []), 0);

function singlePage(title: string | undefined, fallback: string, markdown: string, description?: string): ImportedContent {
  return {
    pages: [{ title: title ?? humanize(fallback.replace(/\.[a-z0-9]+$/i, '')), markdown, ...(description ? { description } : {}) }],
    files: [],
    importedResources: 1,
    totalResources: 1,
  };
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

/** Zip bytes pushed to the inflater at a time: deflate expands at most ~1032:1, so ~8 MiB out per push. */
const ZIP_CHUNK = 8 * 1024;

/**
 * Inflate an archive within the limits. The central directory is read first (nothing inflated) to
 * refuse a broken archive or too many entries; then entries are inflated as a stream, counting the
 * bytes that really come out (declared sizes can lie), and inflating stops at the limit.
 */
function inflateBounded(bytes: Uint8Array, limit: number): Map<string, Uint8Array> {
  let count = 0;
  let declared = 0;
  const { Unzip, UnzipInflate, unzipSync } = zip();
  try {
    unzipSync(bytes, {
      filter: (file) => {
        count++;
        declared += file.originalSize;
        return false;
      },
    });
  } catch (err) {
    throw badRequest(`url: not a readable zip archive (${(err as Error).message})`);
  }
  if (count > MAX_ZIP_ENTRIES) throw badRequest(`url: the archive holds ${count} entries; the emulator imports at most ${MAX_ZIP_ENTRIES}`);
  const whole = 'the uncompressed content of the archive';
  if (declared > limit) throw tooLarge(whole, limit);

  const out = new Map<string, Uint8Array>();
  let total = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    const chunks: Uint8Array[] = [];
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) {
        failure = badRequest(`url: not a readable zip archive (${err.message})`);
        return;
      }
      total += data.length;
      if (total > limit) {
        failure = tooLarge(whole, limit);
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) out.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += ZIP_CHUNK)
      unzip.push(bytes.subarray(at, at + ZIP_CHUNK), at + ZIP_CHUNK >= bytes.length);
  } catch (err) {
    failure ??= badRequest(`url: not a readable zip archive (${(err as Error).message})`);
  }
  if (failure) throw failure;
  return out;
}

function unzip(bytes: Uint8Array, limit: number): Map<string, Uint8Array> {
  const raw = inflateBounded(bytes, limit);
  const entries = new Map<string, Uint8Array>();
  for (const [path, data] of raw) {
    if (path.endsWith('/') || path.startsWith('__MACOSX/') || path.split('/').some((part) => part.startsWith('.') && part !== '.gitbook'))
      continue;
    entries.set(path, data);
  }
  // Archives of a folder hold everything under that one folder: read from inside it.
  const tops = new Set([...entries.keys()].map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  const only = tops.size === 1 ? [...tops][0] : undefined;
  if (only) return new Map([...entries].map(([p, d]) => [p.slice(only.length + 1), d]));
  return entries;
}

export function parseImport(source: string, bytes: Uint8Array, name: string, limit: number): ImportedContent {
  switch (source) {
    case 'markdown': {
      const { description, body: text } = splitFrontMatter(Buffer.from(bytes).toString('utf8'));
      const { title, body } = splitTitle(text);
      return singlePage(title, name, body, description);
    }
    case 'html': {
      const converted = htmlToMarkdown(Buffer.from(bytes).toString('utf8'));
      const { title, body } = splitTitle(converted.markdown);
      return singlePage(title ?? converted.title, name, title ? body : converted.markdown);
    }
    case 'zip':
      return contentFromEntries(unzip(bytes, limit));
    default:
      throw badRequest(`source: the emulator cannot import "${source}" content; it imports ${SUPPORTED_IMPORT_SOURCES.join(', ')}`);
  }
}

/** Check the source before fetching anything, then fetch and parse. */
export async function loadImport(policy: HostPolicy, source: string, url: string): Promise<ImportedContent> {
  if (!(SUPPORTED_IMPORT_SOURCES as readonly string[]).includes(source)) parseImport(source, new Uint8Array(), '', 0);
  const { bytes, name } = await fetchImportUrl(policy, url);
  return parseImport(source, bytes, name, policy.maxImportBytes);
}
