import path from "node:path";
import type SQLite from "better-sqlite3";
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from "kysely";
import { Group, keptHandles, Turn } from "./sqlite-group";
import { cachedStatements } from "./statement-cache";

/*
 * Kysely's SQLite dialect with a driver of our own (decision 036): it keeps
 * prepared statements (statement-cache.ts, which Kysely's own dialect uses
 * too when group commit is off), and it commits concurrent writes together
 * (its turn on the connection and its groups: sqlite-group.ts).
 *
 * SQLite has one connection per process, and better-sqlite3 runs every
 * statement on the event loop. With `synchronous = FULL` each commit waits for
 * the disk (fsync: 0.3 to 1.5 ms on these machines), and the whole server
 * waits with it, so the disk, not the work, set how many bookings a second
 * the server could take. Group commit: the first write opens a real
 * transaction (BEGIN IMMEDIATE), each transaction of the application is a
 * savepoint in it, and the real transaction commits, once for all of them,
 * when the connection falls idle and no sync of the log is running (else
 * when it returns), or after GROUP_MAX_MS or GROUP_MAX_UNITS.
 * In WAL mode the commit does not wait for the disk either (SQLite runs with
 * `synchronous = NORMAL`): the driver syncs the write-ahead log itself on
 * libuv's threads (#sync), while the event loop goes on. A transaction's
 * commit (and a write outside one) resolves only once that commit is on
 * disk, so what was acknowledged is durable, as with FULL; a
 * transaction that fails rolls back to its savepoint and takes nothing else
 * with it; a commit that fails fails every transaction in the group, and so
 * does an error after which SQLite rolled back the real transaction (that
 * transaction then runs nothing more); a sync that fails fails the groups it
 * was for, and the driver takes no more work (#broken).
 *
 * What changes for callers:
 * - A read outside a transaction answers at once, and may see the writes of
 *   transactions whose commit is still on its way to the disk (they are
 *   complete; only a failing disk would undo them); so may another process.
 * - Inside a transaction, never wait for a write or a transaction that began
 *   before it: that one completes only with the group's commit, which waits
 *   for this transaction to end. (Nothing in the server does; awaiting
 *   anything but the transaction's own statements there was already a
 *   mistake, since it holds the only connection.)
 */

/** The longest a group stays open while others wait for the connection. */
const GROUP_MAX_MS = 10;
/** The most transactions and writes one commit carries. */
const GROUP_MAX_UNITS = 200;

/** The savepoint each of the application's transactions runs in (one at a time on the connection). */
const UNIT = "unit";
/** The parameters of a statement that has none. */
const NO_PARAMETERS: unknown[] = [];
/** Statements that cannot run inside a transaction, or that manage one: the group is committed first. */
const SESSION_STATEMENT = /^\s*(vacuum|attach|detach|begin|commit|end|rollback|savepoint|release|pragma)\b/i;

/** SQLITE_BUSY: another connection holds the lock. */
const isBusy = (error: unknown) => String((error as { code?: unknown }).code ?? "").startsWith("SQLITE_BUSY");

/** An identifier in double quotes (a savepoint's name from Kysely's controlled transactions). */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface GroupCommitOptions {
  /** Called once each commit is durable, with the number of units it carried (tests, measurements). */
  onCommit?: (units: number) => void;
  /** How a file is synced to disk (tests watch it); fdatasync through a kept handle by default. */
  syncFile?: (file: string) => Promise<void>;
  /** The longest a group stays open while others wait, GROUP_MAX_MS by default (tests that count commits lift it). */
  maxGroupMs?: number;
}

/** The connection as one caller holds it, from acquireConnection to releaseConnection. */
class Lease implements DatabaseConnection {
  held = true;
  /** The group of the transaction this lease is in, from beginTransaction to its commit or rollback. */
  unit: Group | undefined;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield* this.driver.stream<R>(this, query);
  }
}

class GroupCommitDriver implements Driver {
  readonly #db: SQLite.Database;
  readonly #prepare: (sql: string) => SQLite.Statement;
  readonly #turn = new Turn();
  readonly #onCommit?: (units: number) => void;
  readonly #syncFile: (file: string) => Promise<void>;
  readonly #maxGroupMs: number;
  readonly #handles = keptHandles();
  /** The connection's busy_timeout (openDb sets it): how long a group waits for another connection's write lock. */
  readonly #busyTimeoutMs: number;
  /** The write-ahead log this driver makes durable itself, or undefined (SQLite syncs at each commit). */
  readonly #wal: string | undefined;
  #group: Group | undefined;
  #flushPlanned = false;
  /** Groups committed to the log, waiting for the next sync of it. */
  #committed: Group[] = [];
  #syncing: Promise<void> | undefined;
  #walDirSynced = false;
  /**
   * Set once a sync of the log failed: what the failed groups committed may
   * be visible and yet not on disk (the kernel may have dropped the pages it
   * could not write), so nothing more is read or written (#usable).
   */
  #broken: Error | undefined;

  constructor(database: SQLite.Database, { onCommit, syncFile, maxGroupMs = GROUP_MAX_MS }: GroupCommitOptions = {}) {
    this.#db = database;
    this.#prepare = cachedStatements(database);
    this.#onCommit = onCommit;
    this.#syncFile = syncFile ?? ((file) => this.#handles.sync(file));
    this.#maxGroupMs = maxGroupMs;
    this.#busyTimeoutMs = Number(database.pragma("busy_timeout", { simple: true }));
    const wal = !database.memory && String(database.pragma("journal_mode", { simple: true })) === "wal";
    if (wal) {
      // The commit writes the log; the driver syncs it off the event loop before anyone is answered (#sync).
      database.pragma("synchronous = NORMAL");
      this.#wal = `${database.name}-wal`;
    }
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turn.take();
    return new Lease(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.held) this.#letGo(lease);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.#hold(lease);
    this.#usable(lease);
    const group = await this.#open();
    this.#run(`savepoint ${UNIT}`);
    lease.unit = group;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = lease.unit!;
    await this.#hold(lease);
    this.#usable(lease);
    this.#run(`release ${UNIT}`);
    lease.unit = undefined;
    group.units++;
    // The group's commit needs the connection: give it back now, then wait for the disk.
    this.#letGo(lease);
    await group.durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = lease.unit;
    // Its commit failed: the group's rollback undid it already.
    if (!group) return;
    lease.unit = undefined;
    await this.#hold(lease);
    if (this.#group === group && this.#db.inTransaction) {
      this.#run(`rollback to ${UNIT}`);
      this.#run(`release ${UNIT}`);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as Lease, CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as Lease, CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as Lease, CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async destroy(): Promise<void> {
    await this.#turn.take(true);
    try {
      if (this.#group) this.#commit();
      while (this.#syncing) await this.#syncing;
    } finally {
      await this.#handles.close();
      this.#db.close();
      this.#turn.give();
    }
  }

  /** A statement from a lease: in its transaction, or alone (a read at once, a write as a unit of the group). */
  async execute<R>(lease: Lease, query: CompiledQuery): Promise<QueryResult<R>> {
    // A lease in a transaction holds the connection already: no turn to wait for.
    if (!lease.held) await this.#hold(lease);
    this.#usable(lease);
    if (lease.unit) return this.#statement<R>(query);
    if (SESSION_STATEMENT.test(query.sql)) {
      if (this.#group) this.#commit();
      const statement = this.#prepare(query.sql);
      const result = this.#statement<R>(query, statement);
      // What it wrote (VACUUM rewrites the database into the log) is answered once on disk, as any write.
      if (!statement.readonly && this.#wal) {
        this.#letGo(lease);
        await this.#syncedSinceNow();
      }
      return result;
    }
    const statement = this.#prepare(query.sql);
    if (statement.readonly) return this.#statement<R>(query, statement);
    const group = await this.#open();
    const result = this.#statement<R>(query, statement);
    group.units++;
    this.#letGo(lease);
    await group.durable;
    return result;
  }

  async *stream<R>(lease: Lease, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    await this.#hold(lease);
    this.#usable(lease);
    // A stream holds the connection while it is read: commit what waits first.
    if (!lease.unit && this.#group) this.#commit();
    for (const row of this.#prepare(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }

  /** Runs a compiled query (#execute). */
  #statement<R>(query: CompiledQuery, statement = this.#prepare(query.sql)): QueryResult<R> {
    return this.#execute<R>(statement, query.parameters as unknown[]);
  }

  /** Runs a statement, keeping the group honest: one that SQLite rolled back whole (an I/O error, a full disk) fails. */
  #execute<R>(statement: SQLite.Statement, parameters: unknown[]): QueryResult<R> {
    try {
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      if (this.#group && !this.#db.inTransaction) this.#fail(error);
      throw error;
    }
  }

  /**
   * Throws when the lease may run nothing: the log could not be synced
   * (#broken), or SQLite rolled back the real transaction its transaction was
   * in (#fail), whose later statements would otherwise run outside any
   * transaction, each committed on its own.
   */
  #usable(lease: Lease): void {
    if (this.#broken) throw this.#broken;
    if (lease.unit && lease.unit !== this.#group) throw lease.unit.failure;
  }

  #run(sql: string): void {
    this.#execute(this.#prepare(sql), NO_PARAMETERS);
  }

  /** A pragma through the kept statements (better-sqlite3's pragma() prepares it every time). */
  #pragma(setting: string): void {
    this.#prepare(`pragma ${setting}`).get();
  }

  /**
   * The open group, or a new one: its real transaction takes SQLite's write
   * lock at once (BEGIN IMMEDIATE). While another connection holds that lock,
   * it waits without blocking the event loop, up to the connection's
   * busy_timeout: that connection may be this process's own (two instances
   * in one process, as tests run them), whose group commits on this loop.
   */
  async #open(): Promise<Group> {
    if (this.#broken) throw this.#broken;
    if (this.#group) return this.#group;
    const deadline = performance.now() + this.#busyTimeoutMs;
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      try {
        this.#pragma("busy_timeout = 0");
        this.#run("begin immediate");
        break;
      } catch (error) {
        if (!isBusy(error) || performance.now() >= deadline) throw error;
      } finally {
        this.#pragma(`busy_timeout = ${this.#busyTimeoutMs}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    this.#group = new Group();
    return this.#group;
  }

  /**
   * Commits the open group (the caller holds the turn). Everyone waiting on
   * it is answered once the commit is on disk: at once when SQLite synced it,
   * else after the next sync of the log.
   */
  #commit(): void {
    const group = this.#group!;
    this.#group = undefined;
    if (this.#broken) {
      // Nothing more goes into a log that cannot be synced.
      if (this.#db.inTransaction) this.#db.exec("rollback");
      return group.reject(this.#broken);
    }
    try {
      this.#run("commit");
    } catch (error) {
      if (this.#db.inTransaction) this.#db.exec("rollback");
      group.reject(error);
      return;
    }
    if (!this.#wal) return this.#durable(group);
    this.#committed.push(group);
    this.#sync();
  }

  #durable(group: Group): void {
    group.resolve();
    this.#onCommit?.(group.units);
  }

  /**
   * Makes the committed groups durable: fdatasync of the write-ahead log, on
   * libuv's threads, so the event loop goes on (and the next group fills)
   * while the disk works; one sync at a time, each covering every commit
   * before it started. Once it returns, those commits survive a power cut as
   * with synchronous = FULL. The log's folder is synced once, for the log's
   * own name. A failed sync fails the groups it was for and every one
   * committed since, and the driver takes no more work (#broken): after a
   * failed fsync the kernel may report the next one clean without having
   * written those pages, so a retry would prove nothing (PostgreSQL stops
   * for the same reason).
   */
  #sync(): void {
    if (this.#broken) {
      for (const group of this.#committed.splice(0)) group.reject(this.#broken);
      return;
    }
    if (this.#syncing || this.#committed.length === 0) return;
    const groups = this.#committed.splice(0);
    const wal = this.#wal!;
    this.#syncing = (async () => {
      try {
        if (!this.#walDirSynced) {
          await this.#syncFile(path.dirname(wal));
          this.#walDirSynced = true;
        }
        await this.#syncFile(wal);
        for (const group of groups) this.#durable(group);
      } catch (error) {
        // SQLite's own code for a failed fsync: the public endpoints answer it as an outage, 503 with
        // Retry-After (server/requests/unavailable.ts), never 500; what was committed may be there after a restart.
        this.#broken ??= Object.assign(
          new Error(
            `SQLite's write-ahead log could not be synced to disk (${String(error)}): the database takes no more work until the server is restarted`,
            { cause: error },
          ),
          { code: "SQLITE_IOERR_FSYNC" },
        );
        for (const group of groups) group.reject(this.#broken);
      } finally {
        this.#syncing = undefined;
        // Commits held while this sync ran (#flushWhenIdle) go now; a lease holding the connection commits them as it lets go.
        if (this.#group && this.#turn.free) void this.#flushWhenIdle();
        this.#sync();
      }
    })();
  }

  /** Resolves after a sync of the log that began after now: for a write made outside any group. */
  #syncedSinceNow(): Promise<void> {
    const group = new Group();
    group.units = 1;
    this.#committed.push(group);
    this.#sync();
    return group.durable;
  }

  /** The group's transaction is gone (SQLite rolled it back after an error): everyone in it fails with that error. */
  #fail(error: unknown): void {
    const group = this.#group!;
    this.#group = undefined;
    group.reject(error);
  }

  /** Takes the turn again for a lease that gave it back early (a transaction inside Kysely's connection()). */
  async #hold(lease: Lease): Promise<void> {
    if (lease.held) return;
    await this.#turn.take();
    lease.held = true;
  }

  /** A lease gives the connection back: the group commits first when it is old or full, else soon if nobody waits. */
  #letGo(lease: Lease): void {
    lease.held = false;
    const group = this.#group;
    if (group && (group.units >= GROUP_MAX_UNITS || performance.now() - group.opened >= this.#maxGroupMs))
      this.#commit();
    this.#turn.give();
    if (this.#group && !this.#flushPlanned) {
      this.#flushPlanned = true;
      setImmediate(() => void this.#flushWhenIdle());
    }
  }

  /**
   * After the I/O ready now has had its turn: commits the group if nobody
   * holds or waits for the connection, and the log is not being synced. While
   * it is, a commit now would wait for the next sync all the same: the group
   * stays open, taking in more transactions, and commits when that sync
   * returns (#sync), so one commit writes the pages the group's transactions
   * share once.
   */
  async #flushWhenIdle(): Promise<void> {
    this.#flushPlanned = false;
    if (!this.#group || !this.#turn.free || this.#syncing) return;
    await this.#turn.take(true);
    try {
      if (this.#group) this.#commit();
    } finally {
      this.#turn.give();
    }
  }
}

/** Kysely's SQLite dialect (its adapter, compiler, introspector) over GroupCommitDriver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;
  readonly #options: GroupCommitOptions;

  constructor(database: SQLite.Database, options: GroupCommitOptions = {}) {
    super({ database });
    this.#database = database;
    this.#options = options;
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.#database, this.#options);
  }
}
