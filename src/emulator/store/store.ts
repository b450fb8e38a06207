import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The emulator's storage: one SQLite table of JSON documents, grouped by `kind` and (optionally) a
 * `parent` id (the organization of a member, the space of a change request, ...). Every handler runs
 * inside one transaction, so a response is only sent once its writes are committed.
 *
 * `seq` is a global, ever-increasing insertion counter: it orders lists and makes the list cursors
 * (`page`) stable while items are added.
 */
export interface Doc {
  id: string;
}

export interface ListOptions<T> {
  parent?: string;
  /** Keep only documents for which this returns true. */
  where?: (doc: T) => boolean;
  /** Insertion order (default 'asc'). */
  order?: 'asc' | 'desc';
  /** Opaque cursor from a previous page's `next.page`. */
  page?: string;
  limit?: number;
}

export interface ListResult<T> {
  items: T[];
  next?: { page: string };
  count: number;
}

export class InvalidCursorError extends Error {}

export const DEFAULT_PAGE_SIZE = 50;

export class Store {
  readonly db: Database.Database;
  private readonly stmts;

  constructor(dataDir?: string) {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    this.db = new Database(dataDir ? join(dataDir, 'emulator.sqlite') : ':memory:');
    this.db.pragma('journal_mode = WAL');
    // NORMAL with WAL survives a process crash (SIGKILL): committed transactions are in the WAL file.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS docs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        parent TEXT,
        data TEXT NOT NULL
      );
      CREATE UNIQUE INDEX IF NOT EXISTS docs_kind_id ON docs(kind, id);
      CREATE INDEX IF NOT EXISTS docs_kind_parent_seq ON docs(kind, parent, seq);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    this.stmts = {
      get: this.db.prepare<[string, string], { data: string }>('SELECT data FROM docs WHERE kind = ? AND id = ?'),
      getWithParent: this.db.prepare<[string, string], { data: string; parent: string | null }>('SELECT data, parent FROM docs WHERE kind = ? AND id = ?'),
      insert: this.db.prepare('INSERT INTO docs (kind, id, parent, data) VALUES (?, ?, ?, ?)'),
      update: this.db.prepare('UPDATE docs SET data = ? WHERE kind = ? AND id = ?'),
      setParent: this.db.prepare('UPDATE docs SET parent = ? WHERE kind = ? AND id = ?'),
      delete: this.db.prepare('DELETE FROM docs WHERE kind = ? AND id = ?'),
      seqOf: this.db.prepare<[string, string], { seq: number }>('SELECT seq FROM docs WHERE kind = ? AND id = ?'),
      metaGet: this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      metaSet: this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
      countKind: this.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM docs WHERE kind = ?'),
    };
  }

  /** Run `fn` in one transaction (nested calls join the outer one). */
  tx<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    return this.db.transaction(fn)();
  }

  /** A new opaque id with a readable prefix: `sp_3fa9c1...`. */
  newId(prefix: string): string {
    return `${prefix}_${randomBytes(8).toString('hex')}`;
  }

  get<T extends Doc>(kind: string, id: string): T | undefined {
    const row = this.stmts.get.get(kind, id);
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  parentOf(kind: string, id: string): string | undefined {
    return this.stmts.getWithParent.get(kind, id)?.parent ?? undefined;
  }

  insert<T extends Doc>(kind: string, doc: T, parent?: string): T {
    this.stmts.insert.run(kind, doc.id, parent ?? null, JSON.stringify(doc));
    return doc;
  }

  /** Replace a document (it must exist). */
  put<T extends Doc>(kind: string, doc: T): T {
    const info = this.stmts.update.run(JSON.stringify(doc), kind, doc.id);
    if (info.changes === 0) throw new Error(`store: no ${kind} ${doc.id}`);
    return doc;
  }

  /** Merge fields into a document and return the result (undefined when it does not exist). */
  patch<T extends Doc>(kind: string, id: string, fields: Partial<T>): T | undefined {
    const current = this.get<T>(kind, id);
    if (!current) return undefined;
    return this.put(kind, { ...current, ...fields });
  }

  setParent(kind: string, id: string, parent: string | undefined): void {
    this.stmts.setParent.run(parent ?? null, kind, id);
  }

  delete(kind: string, id: string): boolean {
    return this.stmts.delete.run(kind, id).changes > 0;
  }

  count(kind: string): number {
    return this.stmts.countKind.get(kind)?.n ?? 0;
  }

  /** Every document of a kind (optionally under a parent), in insertion order. */
  all<T extends Doc>(kind: string, parent?: string): T[] {
    const rows =
      parent === undefined
        ? this.db.prepare<[string], { data: string }>('SELECT data FROM docs WHERE kind = ? ORDER BY seq').all(kind)
        : this.db.prepare<[string, string], { data: string }>('SELECT data FROM docs WHERE kind = ? AND parent = ? ORDER BY seq').all(kind, parent);
    return rows.map((r) => JSON.parse(r.data) as T);
  }

  find<T extends Doc>(kind: string, predicate: (doc: T) => boolean, parent?: string): T | undefined {
    return this.all<T>(kind, parent).find(predicate);
  }

  /**
   * One page of a kind, in insertion order. The cursor is the `seq` of the last item returned, so
   * it stays valid while items are added or removed.
   */
  list<T extends Doc>(kind: string, options: ListOptions<T> = {}): ListResult<T> {
    const order = options.order ?? 'asc';
    const limit = options.limit ?? DEFAULT_PAGE_SIZE;
    const after = options.page === undefined ? undefined : decodeCursor(options.page);
    const cmp = order === 'asc' ? '>' : '<';
    const clauses = ['kind = ?'];
    const args: (string | number)[] = [kind];
    if (options.parent !== undefined) {
      clauses.push('parent = ?');
      args.push(options.parent);
    }
    const baseWhere = clauses.join(' AND ');
    if (after !== undefined) {
      clauses.push(`seq ${cmp} ?`);
      args.push(after);
    }
    const stmt = this.db.prepare<(string | number)[], { seq: number; data: string }>(
      `SELECT seq, data FROM docs WHERE ${clauses.join(' AND ')} ORDER BY seq ${order === 'asc' ? 'ASC' : 'DESC'}`,
    );
    const items: T[] = [];
    let lastSeq = 0;
    let more = false;
    for (const row of stmt.iterate(...args)) {
      const doc = JSON.parse(row.data) as T;
      if (options.where && !options.where(doc)) continue;
      if (items.length === limit) {
        more = true;
        break;
      }
      items.push(doc);
      lastSeq = row.seq;
    }
    const count = options.where
      ? this.all<T>(kind, options.parent).filter(options.where).length
      : (this.db.prepare<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM docs WHERE ${baseWhere}`).get(...args.slice(0, options.parent === undefined ? 1 : 2))?.n ?? 0);
    return { items, count, ...(more && items.length > 0 ? { next: { page: encodeCursor(lastSeq) } } : {}) };
  }

  getMeta(key: string): string | undefined {
    return this.stmts.metaGet.get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.stmts.metaSet.run(key, value);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export function encodeCursor(seq: number): string {
  return Buffer.from(`s:${seq}`).toString('base64url');
}

export function decodeCursor(page: string): number {
  const text = Buffer.from(page, 'base64url').toString();
  const match = /^s:(\d+)$/.exec(text);
  if (!match) throw new InvalidCursorError(`page: "${page}" is not a valid page cursor`);
  return Number(match[1]);
}
