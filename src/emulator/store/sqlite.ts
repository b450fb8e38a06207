import { createRequire } from 'node:module';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The one storage interface under the store, with two drivers:
 *
 * - `node:sqlite`, built into Node.js 22.13 and later: no native module, nothing to download or compile;
 * - `better-sqlite3`, an optional native dependency, for Node.js 20 (which has no built-in SQLite).
 *
 * The store (store.ts) is the only user; it runs its statements through this interface and never
 * names a driver. Both are synchronous, so a handler's statements still run inside one transaction.
 */

/** A statement's argument or column: text, a number, NULL, or bytes (a BLOB). */
export type SqlValue = string | number | null | Uint8Array;

export interface SqlStatement<Row> {
  get(...args: SqlValue[]): Row | undefined;
  all(...args: SqlValue[]): Row[];
  iterate(...args: SqlValue[]): IterableIterator<Row>;
  run(...args: SqlValue[]): { changes: number };
}

export interface SqlDatabase {
  /** Which driver answers: shown by `docs emulator start` and the health route. */
  readonly driver: SqliteDriver;
  prepare<Row = unknown>(sql: string): SqlStatement<Row>;
  exec(sql: string): void;
  readonly inTransaction: boolean;
  /** BEGIN (IMMEDIATE when asked: it takes the write lock at once), COMMIT and ROLLBACK. */
  begin(immediate?: boolean): void;
  commit(): void;
  rollback(): void;
  /** A deterministic SQL function written in JavaScript. */
  define(name: string, fn: (...args: SqlValue[]) => SqlValue): void;
  /** The whole database as bytes; `openDatabase(bytes)` opens an in-memory copy. */
  serialize(): Buffer;
  readonly open: boolean;
  close(): void;
}

export const SQLITE_DRIVERS = ['node:sqlite', 'better-sqlite3'] as const;
export type SqliteDriver = (typeof SQLITE_DRIVERS)[number];

/** Why a driver cannot be used here, as loading it failed. */
export class SqliteUnavailableError extends Error {
  constructor(
    readonly driver: SqliteDriver,
    override readonly cause: unknown,
  ) {
    super(`${driver} cannot be loaded: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`);
  }
}

const require = createRequire(import.meta.url);

/* ---------- node:sqlite ---------- */

// The part of node:sqlite used here (its types ship with @types/node 22 and later; this package builds against Node 20's).
interface NodeStatement {
  get(...args: SqlValue[]): unknown;
  all(...args: SqlValue[]): unknown[];
  iterate(...args: SqlValue[]): IterableIterator<unknown>;
  run(...args: SqlValue[]): { changes: number | bigint };
}
interface NodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  function(name: string, options: { deterministic: boolean }, fn: (...args: SqlValue[]) => SqlValue): void;
  close(): void;
  readonly isOpen?: boolean;
  /** Node.js 22.16 and later. */
  readonly isTransaction?: boolean;
  /** Node.js 24 and later. */
  serialize?(): Uint8Array;
  deserialize?(bytes: Uint8Array): void;
}
interface NodeSqlite {
  DatabaseSync: new (path: string) => NodeDatabase;
}

/**
 * node:sqlite, or why it is not there. Node.js 22 prints a one-line ExperimentalWarning the first time it is
 * loaded; the CLI silences that line in its own process (bin/run.js), a program using the library sees it.
 */
function loadNodeSqlite(): NodeSqlite {
  try {
    return require('node:sqlite') as NodeSqlite;
  } catch (err) {
    throw new SqliteUnavailableError('node:sqlite', err);
  }
}

const temporaryFile = () => join(tmpdir(), `docs-emulator-${process.pid}-${randomBytes(6).toString('hex')}.sqlite`);
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

class NodeSqliteDatabase implements SqlDatabase {
  readonly driver = 'node:sqlite';
  private transaction = false;
  private closed = false;

  constructor(private readonly db: NodeDatabase) {}

  prepare<Row>(sql: string): SqlStatement<Row> {
    const stmt = this.db.prepare(sql);
    return {
      get: (...args) => stmt.get(...args) as Row | undefined,
      all: (...args) => stmt.all(...args) as Row[],
      iterate: (...args) => stmt.iterate(...args) as IterableIterator<Row>,
      run: (...args) => ({ changes: Number(stmt.run(...args).changes) }),
    };
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  get inTransaction(): boolean {
    return this.db.isTransaction ?? this.transaction;
  }

  begin(immediate = false): void {
    this.db.exec(immediate ? 'BEGIN IMMEDIATE' : 'BEGIN');
    this.transaction = true;
  }

  commit(): void {
    this.db.exec('COMMIT');
    this.transaction = false;
  }

  rollback(): void {
    this.transaction = false;
    this.db.exec('ROLLBACK');
  }

  define(name: string, fn: (...args: SqlValue[]) => SqlValue): void {
    this.db.function(name, { deterministic: true }, fn);
  }

  serialize(): Buffer {
    if (this.db.serialize) {
      const bytes = this.db.serialize();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    // Node.js 22 has no serialize(): the same bytes come from a copy written to a temporary file.
    const file = temporaryFile();
    try {
      this.db.exec(`VACUUM INTO ${quoted(file)}`);
      return readFileSync(file);
    } finally {
      rmSync(file, { force: true });
    }
  }

  get open(): boolean {
    return this.db.isOpen ?? !this.closed;
  }

  close(): void {
    this.closed = true;
    this.db.close();
  }
}

function openNodeSqlite(source: string | Buffer | undefined): SqlDatabase {
  const { DatabaseSync } = loadNodeSqlite();
  if (!Buffer.isBuffer(source)) return new NodeSqliteDatabase(new DatabaseSync(source ?? ':memory:'));
  const db = new DatabaseSync(':memory:');
  if (db.deserialize) {
    db.deserialize(source);
    return new NodeSqliteDatabase(db);
  }
  // Node.js 22 has no deserialize(): the bytes are written to a temporary file, attached, and every
  // table copied into memory before its indexes and triggers are made (so triggers do not fire on the copy).
  const file = temporaryFile();
  try {
    // Only this process reads it, and only until the copy is made.
    writeFileSync(file, source, { mode: 0o600 });
    db.exec(`ATTACH DATABASE ${quoted(file)} AS snapshot`);
    const objects = db
      .prepare("SELECT type, name, sql FROM snapshot.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
      .all() as { type: string; name: string; sql: string }[];
    for (const table of objects.filter((o) => o.type === 'table')) {
      db.exec(table.sql);
      db.exec(`INSERT INTO main."${table.name}" SELECT * FROM snapshot."${table.name}"`);
    }
    for (const other of objects.filter((o) => o.type !== 'table')) db.exec(other.sql);
    db.exec('DETACH DATABASE snapshot');
  } finally {
    rmSync(file, { force: true });
  }
  return new NodeSqliteDatabase(db);
}

/* ---------- better-sqlite3 ---------- */

interface BetterStatement {
  get(...args: SqlValue[]): unknown;
  all(...args: SqlValue[]): unknown[];
  iterate(...args: SqlValue[]): IterableIterator<unknown>;
  run(...args: SqlValue[]): { changes: number };
}
interface BetterDatabase {
  prepare(sql: string): BetterStatement;
  exec(sql: string): void;
  function(name: string, options: { deterministic: boolean }, fn: (...args: SqlValue[]) => SqlValue): void;
  serialize(): Buffer;
  close(): void;
  readonly inTransaction: boolean;
  readonly open: boolean;
}
type BetterSqlite = new (source: string | Buffer) => BetterDatabase;

/** better-sqlite3, or why it is not there (not installed, or its compiled addon does not load: native.ts says which). */
function openBetterSqlite3(source: string | Buffer | undefined): SqlDatabase {
  let db: BetterDatabase;
  try {
    const Database = require('better-sqlite3') as BetterSqlite;
    // The addon itself is loaded by the first database opened.
    db = new Database(source ?? ':memory:');
  } catch (err) {
    throw new SqliteUnavailableError('better-sqlite3', err);
  }
  return {
    driver: 'better-sqlite3',
    prepare: <Row>(sql: string) => db.prepare(sql) as SqlStatement<Row>,
    exec: (sql) => db.exec(sql),
    get inTransaction() {
      return db.inTransaction;
    },
    begin: (immediate = false) => db.exec(immediate ? 'BEGIN IMMEDIATE' : 'BEGIN'),
    commit: () => db.exec('COMMIT'),
    rollback: () => db.exec('ROLLBACK'),
    define: (name, fn) => db.function(name, { deterministic: true }, fn),
    serialize: () => db.serialize(),
    get open() {
      return db.open;
    },
    close: () => db.close(),
  };
}

/* ---------- choosing ---------- */

/**
 * Open a database: a file path, undefined for memory, or bytes from `serialize()` for an in-memory copy.
 * Without a `driver`, node:sqlite where the runtime has it, else better-sqlite3; when neither loads,
 * the error is better-sqlite3's (the one a user can install), with node:sqlite's as its `cause`.
 */
export function openDatabase(source: string | Buffer | undefined, driver?: SqliteDriver): SqlDatabase {
  if (driver === 'better-sqlite3') return openBetterSqlite3(source);
  if (driver === 'node:sqlite') return openNodeSqlite(source);
  try {
    return openNodeSqlite(source);
  } catch (err) {
    if (!(err instanceof SqliteUnavailableError)) throw err;
    return openBetterSqlite3(source);
  }
}

/** The drivers this runtime can load (the store's tests run on each). */
export function availableDrivers(): SqliteDriver[] {
  return SQLITE_DRIVERS.filter((driver) => {
    try {
      openDatabase(undefined, driver).close();
      return true;
    } catch {
      return false;
    }
  });
}
