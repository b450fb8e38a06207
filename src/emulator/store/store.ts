import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { decodeCursor, encodeCursor, sortExpression } from './cursors.js';
import { openDatabase, type SqlDatabase, type SqliteDriver, type SqlStatement, type SqlValue } from './sqlite.js';

/** The SQLite file in a data directory. */
export const DATABASE_FILE = 'emulator.sqlite';

export { decodeCursor, encodeCursor, InvalidCursorError } from './cursors.js';

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
  /**
   * Conditions SQLite evaluates on the stored documents. Unlike `where` they need no document parsed,
   * so large filtered lists page and count without reading every document into JavaScript.
   */
  match?: Match;
  /**
   * Order by this field of the documents (a JSON path such as `$.lastSeenAt`) instead of insertion;
   * documents without it are left out and ties keep insertion order. The cursor then holds the last
   * item's value and `seq`, so it stays valid while items are added, removed or re-sorted.
   */
  sortBy?: string;
  /** Insertion order, or `sortBy` order (default 'asc'). */
  order?: 'asc' | 'desc';
  /** Opaque cursor from a previous page's `next.page`. */
  page?: string;
  limit?: number;
}

// A type literal, not an interface: a page of presented items must be assignable to a response schema's type,
// whose index signature (unknown fields allowed) an interface does not satisfy.
export type ListResult<T> = {
  items: T[];
  next?: { page: string };
  count: number;
};

/** Top-level fields of a document and the values they must have; null: the field is absent (or null). */
export type FieldValues = Record<string, string | number | null>;

/** Conditions on documents that the store checks without parsing them (see ListOptions.match). */
export interface Match {
  fields?: FieldValues;
  /**
   * The document whose id is in `field`, of kind `kind`, has `contains` in one of its fields `in`
   * (case-insensitive, with JavaScript's lowercasing): a member whose user's name or e-mail matches.
   */
  linked?: { field: string; kind: string; in: readonly string[]; contains: string };
}

/**
 * Where documents are looked for: under one parent, or under every document of kind `kind` whose
 * parent is `parent` (the members of all the teams of an organization).
 */
export type Under = string | { kind: string; parent: string };

/** A condition on the `docs` row (its `data` is the JSON document) with its arguments; only built here. */
interface SqlCondition {
  sql: string;
  args: SqlValue[];
}

/** A document field's name as a SQL expression; names come from the code, never from a request. */
function field(name: string, table = 'docs'): string {
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`store: invalid field name ${name}`);
  return `json_extract(${table}.data, '$.${name}')`;
}

function underCondition(under: Under): SqlCondition {
  return typeof under === 'string'
    ? { sql: 'docs.parent = ?', args: [under] }
    : { sql: 'docs.parent IN (SELECT up.id FROM docs AS up WHERE up.kind = ? AND up.parent = ?)', args: [under.kind, under.parent] };
}

function fieldsCondition(fields: FieldValues): SqlCondition[] {
  return Object.entries(fields).map(([name, value]) =>
    value === null ? { sql: `${field(name)} IS NULL`, args: [] } : { sql: `${field(name)} = ?`, args: [value] },
  );
}

function matchCondition(match: Match): SqlCondition[] {
  const parts = fieldsCondition(match.fields ?? {});
  const linked = match.linked;
  if (linked) {
    const needle = linked.contains.toLowerCase();
    const any = linked.in.map((name) => `contains_ci(${field(name, 'linked')}, ?)`);
    parts.push({
      sql: `EXISTS (SELECT 1 FROM docs AS linked WHERE linked.kind = ? AND linked.id = ${field(linked.field)} AND (${any.join(' OR ')}))`,
      args: [linked.kind, ...linked.in.map(() => needle)],
    });
  }
  return parts;
}

const joined = (parts: SqlCondition[]): SqlCondition => ({
  sql: parts.map((p) => `(${p.sql})`).join(' AND ') || '1',
  args: parts.flatMap((p) => p.args),
});

export const DEFAULT_PAGE_SIZE = 50;

/** A derived row as written (see `Store.putDerivedRows`): its bytes are copied as it is written. */
export interface DerivedRowInput {
  ord: number;
  data: string;
  bytes?: Uint8Array;
}

export interface DerivedRow extends DerivedRowInput {
  bytes: Buffer;
}

type RawRow = { ord: number; data: string; bytes: Uint8Array | null };

// better-sqlite3 answers a Buffer, node:sqlite a Uint8Array: the same memory either way.
const bufferOf = (bytes: Uint8Array | null): Buffer =>
  bytes === null ? Buffer.alloc(0) : Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const rowOf = (row: RawRow): DerivedRow => ({ ord: row.ord, data: row.data, bytes: bufferOf(row.bytes) });

export interface StoreOptions {
  /** The SQLite driver; by default node:sqlite where the runtime has it, else better-sqlite3 (see sqlite.ts). */
  driver?: SqliteDriver;
}

export class Store {
  readonly db: SqlDatabase;
  /** Prepared statements, by SQL text: preparing costs more than running, and a page of 1000 documents asks the same few questions 1000 times. */
  private readonly cache = new Map<string, SqlStatement<unknown>>();

  /**
   * `dataDir`: a SQLite file there; undefined: in memory; a Buffer from `snapshot()`: an in-memory
   * copy of that state (tests start many emulators from one seeded state).
   */
  constructor(source?: string | Buffer, options: StoreOptions = {}) {
    if (typeof source === 'string') mkdirSync(source, { recursive: true });
    this.db = openDatabase(typeof source === 'string' ? join(source, DATABASE_FILE) : source, options.driver);
    this.db.exec('PRAGMA journal_mode = WAL');
    // NORMAL with WAL survives a process crash (SIGKILL): committed transactions are in the WAL file.
    this.db.exec('PRAGMA synchronous = NORMAL');
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
      CREATE TABLE IF NOT EXISTS derived (name TEXT NOT NULL, key TEXT NOT NULL, version TEXT NOT NULL, data TEXT NOT NULL, bytes BLOB, PRIMARY KEY (name, key));
      CREATE TABLE IF NOT EXISTS derived_parts (
        name TEXT NOT NULL,
        key TEXT NOT NULL,
        version TEXT NOT NULL,
        ord INTEGER NOT NULL,
        data TEXT NOT NULL,
        bytes BLOB,
        PRIMARY KEY (name, key, version, ord)
      ) WITHOUT ROWID;
    `);
    this.createCounts();
    // Case-insensitive substring match with JavaScript's lowercasing (SQLite's lower() is ASCII only).
    this.db.define('contains_ci', (haystack, needle) =>
      typeof haystack === 'string' && typeof needle === 'string' && haystack.toLowerCase().includes(needle) ? 1 : 0,
    );
  }

  /** Which SQLite driver holds the data. */
  get driver(): SqliteDriver {
    return this.db.driver;
  }

  /**
   * Documents per (kind, parent), kept by triggers in the same transactions as the writes (a
   * rollback undoes them too): a list's `count` is one lookup instead of a scan of its index, so
   * a page of 100 000 members costs what a page of 1000 does. `parent` is '' for documents without one.
   */
  private createCounts(): void {
    const exists = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'counts'").get() !== undefined;
    if (exists) return;
    const add =
      "INSERT INTO counts (kind, parent, n) VALUES (NEW.kind, COALESCE(NEW.parent, ''), 1) ON CONFLICT (kind, parent) DO UPDATE SET n = n + 1;";
    const remove = "UPDATE counts SET n = n - 1 WHERE kind = OLD.kind AND parent = COALESCE(OLD.parent, '');";
    this.tx(() =>
      this.db.exec(`
        CREATE TABLE counts (kind TEXT NOT NULL, parent TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (kind, parent)) WITHOUT ROWID;
        INSERT INTO counts (kind, parent, n) SELECT kind, COALESCE(parent, ''), COUNT(*) FROM docs GROUP BY kind, COALESCE(parent, '');
        DROP TRIGGER IF EXISTS docs_count_insert;
        DROP TRIGGER IF EXISTS docs_count_delete;
        DROP TRIGGER IF EXISTS docs_count_move;
        CREATE TRIGGER docs_count_insert AFTER INSERT ON docs BEGIN ${add} END;
        CREATE TRIGGER docs_count_delete AFTER DELETE ON docs BEGIN ${remove} END;
        CREATE TRIGGER docs_count_move AFTER UPDATE OF kind, parent ON docs
          WHEN OLD.kind IS NOT NEW.kind OR OLD.parent IS NOT NEW.parent BEGIN ${remove} ${add} END;
      `),
    );
  }

  private prepared<Row>(sql: string): SqlStatement<Row> {
    let stmt = this.cache.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.cache.set(sql, stmt);
    }
    return stmt as SqlStatement<Row>;
  }

  /** Run `fn` in one transaction (nested calls join the outer one). */
  tx<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    this.db.begin();
    try {
      const result = fn();
      this.db.commit();
      return result;
    } catch (err) {
      this.rollback();
      throw err;
    }
  }

  /**
   * Run a possibly asynchronous `fn` in one transaction. SQLite transactions here cannot span an
   * `await` safely by themselves, so callers serialise async work (see the server's queue) so that no
   * other request's statements land inside it. A synchronous `fn` commits before returning.
   */
  txAsync<T>(fn: () => T | Promise<T>): T | Promise<T> {
    if (this.db.inTransaction) return fn();
    this.db.begin(true);
    let result: T | Promise<T>;
    try {
      result = fn();
    } catch (err) {
      this.rollback();
      throw err;
    }
    if (!(result instanceof Promise)) {
      this.db.commit();
      return result;
    }
    return result.then(
      (value) => {
        this.db.commit();
        return value;
      },
      (err: unknown) => {
        this.rollback();
        throw err;
      },
    );
  }

  private rollback(): void {
    if (this.db.inTransaction) this.db.rollback();
  }

  /** A new opaque id with a readable prefix: `sp_3fa9c1...`. */
  newId(prefix: string): string {
    return `${prefix}_${randomBytes(8).toString('hex')}`;
  }

  get<T extends Doc>(kind: string, id: string): T | undefined {
    const row = this.prepared<{ data: string }>('SELECT data FROM docs WHERE kind = ? AND id = ?').get(kind, id);
    return row === undefined ? undefined : (JSON.parse(row.data) as T);
  }

  parentOf(kind: string, id: string): string | undefined {
    return this.prepared<{ parent: string | null }>('SELECT parent FROM docs WHERE kind = ? AND id = ?').get(kind, id)?.parent ?? undefined;
  }

  insert<T extends Doc>(kind: string, doc: T, parent?: string): T {
    this.prepared('INSERT INTO docs (kind, id, parent, data) VALUES (?, ?, ?, ?)').run(kind, doc.id, parent ?? null, JSON.stringify(doc));
    return doc;
  }

  /** Replace a document (it must exist). */
  put<T extends Doc>(kind: string, doc: T): T {
    const info = this.prepared('UPDATE docs SET data = ? WHERE kind = ? AND id = ?').run(JSON.stringify(doc), kind, doc.id);
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
    this.prepared('UPDATE docs SET parent = ? WHERE kind = ? AND id = ?').run(parent ?? null, kind, id);
  }

  delete(kind: string, id: string): boolean {
    return this.prepared('DELETE FROM docs WHERE kind = ? AND id = ?').run(kind, id).changes > 0;
  }

  count(kind: string): number {
    return this.prepared<{ n: number }>('SELECT COALESCE(SUM(n), 0) AS n FROM counts WHERE kind = ?').get(kind)?.n ?? 0;
  }

  countChildren(kind: string, parent: string): number {
    return this.prepared<{ n: number }>('SELECT n FROM counts WHERE kind = ? AND parent = ?').get(kind, parent)?.n ?? 0;
  }

  /** Documents of a kind under `under` whose fields have these values. */
  countWhere(kind: string, under: Under, fields: FieldValues): number {
    const where = joined([underCondition(under), ...fieldsCondition(fields)]);
    return (
      this.prepared<{ n: number }>(`SELECT COUNT(*) AS n FROM docs WHERE docs.kind = ? AND ${where.sql}`).get(kind, ...where.args)?.n ?? 0
    );
  }

  /** Is there a document of a kind under `under` whose fields have these values? */
  exists(kind: string, under: Under, fields: FieldValues): boolean {
    const where = joined([underCondition(under), ...fieldsCondition(fields)]);
    return this.prepared(`SELECT 1 FROM docs WHERE docs.kind = ? AND ${where.sql} LIMIT 1`).get(kind, ...where.args) !== undefined;
  }

  /** How many documents of a kind under `under` have each value of a field (documents without it are left out). */
  countByField(kind: string, under: Under, name: string): Map<string | number, number> {
    const where = underCondition(under);
    const rows = this.prepared<{ value: string | number | null; n: number }>(
      `SELECT ${field(name)} AS value, COUNT(*) AS n FROM docs WHERE docs.kind = ? AND ${where.sql} GROUP BY value`,
    ).all(kind, ...where.args);
    return new Map(rows.flatMap((r) => (r.value === null ? [] : [[r.value, r.n] as const])));
  }

  /** Insertion counter of a document (orders lists; compares across kinds). */
  seqOf(kind: string, id: string): number | undefined {
    return this.prepared<{ seq: number }>('SELECT seq FROM docs WHERE kind = ? AND id = ?').get(kind, id)?.seq;
  }

  /** Like `all`, with each document's `seq`. */
  allWithSeq<T extends Doc>(kind: string, parent?: string): { seq: number; doc: T }[] {
    const rows =
      parent === undefined
        ? this.prepared<{ seq: number; data: string }>('SELECT seq, data FROM docs WHERE kind = ? ORDER BY seq').all(kind)
        : this.prepared<{ seq: number; data: string }>('SELECT seq, data FROM docs WHERE kind = ? AND parent = ? ORDER BY seq').all(
            kind,
            parent,
          );
    return rows.map((r) => ({ seq: r.seq, doc: JSON.parse(r.data) as T }));
  }

  /** Every document of a kind (optionally under a parent), in insertion order. */
  all<T extends Doc>(kind: string, parent?: string): T[] {
    const rows =
      parent === undefined
        ? this.prepared<{ data: string }>('SELECT data FROM docs WHERE kind = ? ORDER BY seq').all(kind)
        : this.prepared<{ data: string }>('SELECT data FROM docs WHERE kind = ? AND parent = ? ORDER BY seq').all(kind, parent);
    return rows.map((r) => JSON.parse(r.data) as T);
  }

  find<T extends Doc>(kind: string, predicate: (doc: T) => boolean, parent?: string): T | undefined {
    return this.all<T>(kind, parent).find(predicate);
  }

  /**
   * One page of a kind, in insertion order (or `sortBy` order). The cursor is the `seq` of the last
   * item returned (with its sort value), so it stays valid while items are added or removed.
   */
  list<T extends Doc>(kind: string, options: ListOptions<T> = {}): ListResult<T> {
    const order = options.order ?? 'asc';
    const limit = options.limit ?? DEFAULT_PAGE_SIZE;
    const dir = order === 'asc' ? 'ASC' : 'DESC';
    const cmp = order === 'asc' ? '>' : '<';
    const key = options.sortBy === undefined ? undefined : sortExpression(options.sortBy);
    const cursor = options.page === undefined ? undefined : decodeCursor(options.page, key !== undefined);

    const conditions = ['kind = ?'];
    const args: SqlValue[] = [kind];
    if (options.parent !== undefined) {
      conditions.push('parent = ?');
      args.push(options.parent);
    }
    if (options.match) {
      const match = joined(matchCondition(options.match));
      conditions.push(`(${match.sql})`);
      args.push(...match.args);
    }
    if (key) conditions.push(`${key} IS NOT NULL`);
    const base = conditions.join(' AND ');
    const orderBy = key ? `${key} ${dir}, seq ${dir}` : `seq ${dir}`;
    // Rows after the cursor, compared by SQLite itself so that it agrees with ORDER BY.
    const after: SqlCondition | undefined =
      cursor === undefined
        ? undefined
        : key
          ? { sql: `(${key} ${cmp} ? OR (${key} = ? AND seq ${cmp} ?))`, args: [cursor.key ?? null, cursor.key ?? null, cursor.seq] }
          : { sql: `seq ${cmp} ?`, args: [cursor.seq] };
    const keyColumn = key ? `, ${key} AS k` : '';
    const items: T[] = [];
    let last: { seq: number; k?: string | number } | undefined;
    let more = false;

    if (options.where) {
      // A filter needs every document once anyway (for `count`): one pass collects the page too.
      const where = options.where;
      const past = after ? `, (${after.sql}) AS past` : ', 1 AS past';
      let count = 0;
      const rows = this.prepared<{ seq: number; data: string; k?: string | number; past: number }>(
        `SELECT seq, data${keyColumn}${past} FROM docs WHERE ${base} ORDER BY ${orderBy}`,
      );
      for (const row of rows.iterate(...(after ? after.args : []), ...args)) {
        const doc = JSON.parse(row.data) as T;
        if (!where(doc)) continue;
        count++;
        if (!row.past) continue;
        if (items.length < limit) {
          items.push(doc);
          last = row;
        } else more = true;
      }
      return { items, count, ...(more && last ? { next: { page: encodeCursor(last.seq, key ? last.k : undefined) } } : {}) };
    }

    let rows: { seq: number; data: string; k?: string | number; total?: number }[];
    if (options.match || key) {
      // Conditions on the documents cost a pass over every candidate row: one pass (a window count
      // over the matching rows, then the page after the cursor) answers both the page and `count`.
      const afterColumns = cursor === undefined ? undefined : key ? `(k ${cmp} ? OR (k = ? AND seq ${cmp} ?))` : `seq ${cmp} ?`;
      const pageOrder = key ? `k ${dir}, seq ${dir}` : `seq ${dir}`;
      const matching = `SELECT seq${keyColumn}, COUNT(*) OVER () AS total FROM docs WHERE ${base}`;
      const page = `SELECT * FROM (${matching})${afterColumns ? ` WHERE ${afterColumns}` : ''} ORDER BY ${pageOrder} LIMIT ?`;
      // Only the page's rows are read again for their documents.
      const sql = `SELECT p.*, docs.data FROM (${page}) AS p JOIN docs ON docs.seq = p.seq ORDER BY ${key ? `p.k ${dir}, p.seq ${dir}` : `p.seq ${dir}`}`;
      rows = this.prepared<{ seq: number; data: string; k?: string | number; total: number }>(sql).all(
        ...args,
        ...(after ? after.args : []),
        limit + 1,
      );
    } else {
      const clause = after ? `${base} AND ${after.sql}` : base;
      rows = this.prepared<{ seq: number; data: string }>(`SELECT seq, data FROM docs WHERE ${clause} ORDER BY ${orderBy} LIMIT ?`).all(
        ...args,
        ...(after ? after.args : []),
        limit + 1,
      );
    }
    for (const row of rows) {
      if (items.length === limit) {
        more = true;
        break;
      }
      items.push(JSON.parse(row.data) as T);
      last = row;
    }
    // Without conditions on the documents, the count is kept by the store (see createCounts).
    const count =
      rows[0]?.total ??
      (options.match || key
        ? (this.prepared<{ n: number }>(`SELECT COUNT(*) AS n FROM docs WHERE ${base}`).get(...args)?.n ?? 0)
        : options.parent === undefined
          ? this.count(kind)
          : this.countChildren(kind, options.parent));
    return { items, count, ...(more && last ? { next: { page: encodeCursor(last.seq, key ? last.k : undefined) } } : {}) };
  }

  /** The whole database as bytes (see the constructor). */
  snapshot(): Buffer {
    return this.db.serialize();
  }

  getMeta(key: string): string | undefined {
    return this.prepared<{ value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.prepared('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /**
   * What is computed from documents and kept so that a restart need not compute it again (the link index of a
   * space's revision): a text and bytes under a name and a key, one entry per key, with the version of what it
   * was computed from (only an entry of the version asked for is read). The `derived` table is
   * created on open when a data directory from before it has none; an entry that is missing is computed
   * again by its user. Nothing here is a document: lists and counts do not see it.
   */
  getDerived(name: string, key: string, version: string): { data: string; bytes: Buffer } | undefined {
    // The version is asked first: an entry of another one is not read at all (its bytes may be megabytes).
    const row = this.prepared<{ data: string; bytes: Uint8Array | null }>(
      'SELECT data, bytes FROM derived WHERE name = ? AND key = ? AND version = ?',
    ).get(name, key, version);
    if (row === undefined) return undefined;
    const bytes = row.bytes ?? new Uint8Array(0);
    // better-sqlite3 answers a Buffer, node:sqlite a Uint8Array: the same memory either way.
    return { data: row.data, bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }

  /** The version of the entry under a name and key, if there is one. */
  derivedVersion(name: string, key: string): string | undefined {
    return this.prepared<{ version: string }>('SELECT version FROM derived WHERE name = ? AND key = ?').get(name, key)?.version;
  }

  putDerived(name: string, key: string, value: { version: string; data: string; bytes?: Uint8Array }): void {
    this.prepared(
      'INSERT INTO derived (name, key, version, data, bytes) VALUES (?, ?, ?, ?, ?) ON CONFLICT (name, key) DO UPDATE SET version = excluded.version, data = excluded.data, bytes = excluded.bytes',
    ).run(name, key, value.version, value.data, value.bytes ?? null);
  }

  deleteDerived(name: string, key: string): void {
    this.prepared('DELETE FROM derived WHERE name = ? AND key = ?').run(name, key);
  }

  /*
   * Derived rows: what is computed from documents, kept as ordered rows under a name, a key and a version (the
   * link index of a space's revision: its items a hundred to a row, its pages' texts 128 to a row), so that a
   * part of it is read by its order instead of the whole. The table is created on open; rows that are missing
   * are computed again by their user. Nothing here is a document: lists and counts do not see it.
   */

  /** Replaces every row under a name and key (of any version) with these (written one by one, as they come). */
  putDerivedRows(name: string, key: string, version: string, rows: Iterable<DerivedRowInput>): void {
    this.prepared('DELETE FROM derived_parts WHERE name = ? AND key = ?').run(name, key);
    const insert = this.prepared('INSERT INTO derived_parts (name, key, version, ord, data, bytes) VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of rows) insert.run(name, key, version, row.ord, row.data, row.bytes ?? null);
  }

  deleteDerivedRows(name: string, key: string): void {
    this.prepared('DELETE FROM derived_parts WHERE name = ? AND key = ?').run(name, key);
  }

  /** Every row under a name, key and version, in `ord` order. */
  derivedRows(name: string, key: string, version: string): DerivedRow[] {
    return this.prepared<RawRow>('SELECT ord, data, bytes FROM derived_parts WHERE name = ? AND key = ? AND version = ? ORDER BY ord')
      .all(name, key, version)
      .map(rowOf);
  }

  /** The row of this `ord`. */
  derivedRow(name: string, key: string, version: string, ord: number): DerivedRow | undefined {
    const row = this.prepared<RawRow>(
      'SELECT ord, data, bytes FROM derived_parts WHERE name = ? AND key = ? AND version = ? AND ord = ?',
    ).get(name, key, version, ord);
    return row === undefined ? undefined : rowOf(row);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
