import type { Store } from '../store/store.js';
import type { ChangeRequestDoc } from './change-requests.js';
import { fileBytes, flattenPages, getRevision, type PageNode, type RevisionDoc } from './revisions.js';
import type { SpaceDoc } from './spaces.js';

/**
 * What the URLs in content responses point at, served by the emulator outside `/v1`:
 * - `/_emulator/pdf/{spaceId}/{changeRequestId}[?page=&only=true]`: a small but valid PDF listing
 *   the change request's page titles (the PDF export's URL must answer something real);
 * - `/_emulator/files/{spaceId}/{fileId}/{name}`: a file's bytes, from any revision of the space.
 */

export interface Asset {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const notFound = (what: string): Asset => ({
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ error: { code: 404, message: `${what} not found` } })),
});

const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&');

/** A one-or-more page PDF (PDF 1.4, Helvetica) with one line per entry. */
export function renderPdf(title: string, lines: readonly string[]): Buffer {
  const perPage = 45;
  const chunks: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += perPage) chunks.push(lines.slice(i, i + perPage));
  const objects: string[] = [];
  const pageIds = chunks.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${chunks.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  chunks.forEach((chunk, i) => {
    const text = [
      `BT /F1 16 Tf 50 800 Td (${pdfText(title)}) Tj ET`,
      ...chunk.map((line, j) => `BT /F1 11 Tf 50 ${770 - j * 16} Td (${pdfText(line)}) Tj ET`),
    ].join('\n');
    objects[pageIds[i] as number] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${(pageIds[i] as number) + 1} 0 R >>`;
    objects[(pageIds[i] as number) + 1] = `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function outline(pages: readonly PageNode[], only?: PageNode): string[] {
  if (only) return [only.title];
  return flattenPages(pages).map((e) => `${'  '.repeat(e.page.path.split('/').length - 1)}${e.page.title}`);
}

/** Answer a `/_emulator/pdf/...` or `/_emulator/files/...` request, or undefined for other paths. */
export function serveContentAsset(store: Store, pathname: string, search: URLSearchParams): Asset | undefined {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== '_emulator') return undefined;
  if (parts[1] === 'pdf' && parts.length === 4) {
    const space = store.get<SpaceDoc>('space', parts[2] as string);
    const cr = store.get<ChangeRequestDoc>('changeRequest', parts[3] as string);
    if (!space || space.deletedAt || !cr || cr._space !== space.id) return notFound('Change request');
    const pages = getRevision(store, cr.revision).pages;
    const pageId = search.get('page');
    const page = pageId ? flattenPages(pages).find((e) => e.page.id === pageId)?.page : undefined;
    const lines = outline(pages, search.get('only') === 'true' ? page : undefined);
    return {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
      body: renderPdf(`${space.title} - #${cr.number} ${cr.subject}`, lines),
    };
  }
  if (parts[1] === 'files' && parts.length >= 4) {
    const [, , spaceId = '', fileId = ''] = parts;
    // The space's current revision (shared, already parsed) holds the file nearly always; older
    // revisions are read only for a file that is gone from it.
    const current = store.get<SpaceDoc>('space', spaceId)?.revision;
    const inCurrent = current === undefined ? undefined : getRevision(store, current).files.find((f) => f.id === fileId);
    const file =
      inCurrent ??
      store
        .all<RevisionDoc>('revision', spaceId)
        .reverse()
        .map((rev) => rev.files.find((f) => f.id === fileId))
        .find((f) => f !== undefined);
    if (file) return { status: 200, headers: { 'content-type': file.contentType }, body: fileBytes(store, file) };
    return notFound('File');
  }
  return undefined;
}
