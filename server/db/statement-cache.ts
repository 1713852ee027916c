import type SQLite from "better-sqlite3";

/** How many prepared statements the connection keeps: more than the server's distinct statements. */
const STATEMENT_CACHE_SIZE = 250;

/**
 * Prepared statements kept by their SQL, the least recently used out first
 * past `size`. Kysely prepares every query it runs, and preparing costs more
 * than running most of them; the server runs the same few dozen again and
 * again (values are parameters, never in the SQL). A statement still being
 * iterated is busy, so its SQL gets a fresh one meanwhile.
 */
export function cachedStatements(database: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  // Each kept statement with the tick of its last use. A hit only sets the tick: moving the entry to
  // the end of the Map (delete, then set) on every use cost 2 % of a booking's event-loop time. The
  // least recently used is looked for only when a new statement would pass `size`, which is rare.
  const cache = new Map<string, { statement: SQLite.Statement; used: number }>();
  let tick = 0;
  return (source: string): SQLite.Statement => {
    const kept = cache.get(source);
    if (kept && !kept.statement.busy) {
      kept.used = ++tick;
      return kept.statement;
    }
    const statement = database.prepare(source);
    if (!kept) {
      if (cache.size >= size) {
        let oldest: string | undefined;
        let oldestUse = Infinity;
        for (const [sql, entry] of cache) {
          if (entry.used < oldestUse) [oldest, oldestUse] = [sql, entry.used];
        }
        cache.delete(oldest!);
      }
      cache.set(source, { statement, used: ++tick });
    }
    return statement;
  };
}
