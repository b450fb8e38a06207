import type { DocsClient } from '../api/client.js';

// Placeholder with the agreed interface; replaced by the real page diff when it lands.
export type PageChange = 'added' | 'removed' | 'modified' | 'moved' | 'renamed';
export interface DiffHunk { oldStart: number; oldLines: number; newStart: number; newLines: number; lines: string[] }
export interface PageDiff {
  id: string;
  type: string;
  change: PageChange;
  changes: PageChange[];
  pathBefore?: string;
  pathAfter?: string;
  titleBefore?: string;
  titleAfter?: string;
  hunks: DiffHunk[];
  added: number;
  removed: number;
}
export interface ContentDiff { spaceId: string; changeRequestId: string; pages: PageDiff[]; added: number; removed: number }
export function diffChangeRequest(
  _client: DocsClient,
  _params: { spaceId: string; changeRequestId: string },
  _options?: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<ContentDiff> {
  return Promise.reject(new Error('page diff not available yet'));
}
