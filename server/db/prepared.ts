import type { CompiledQuery, Compilable, Kysely, QueryResult } from "kysely";
import type { Database } from "./schema";

/*
 * Statements built and compiled once (decision 036). Kysely builds a tree of
 * frozen nodes for every query and compiles it to SQL every time it runs:
 * for the booking path's inserts of 14 to 27 columns, that cost more of the
 * event loop than SQLite's own work on them. A prepared query is written
 * with Kysely's builder as any other, typed by the schema, but with named
 * values (`value("name")`) where the run's values go; it is compiled the
 * first time it runs on a database, and later runs only put their values
 * in place of the names.
 */

/** Where a named value of a row goes in a compiled query's parameters. */
class Slot {
  constructor(
    readonly name: string,
    readonly row: number,
  ) {}
}

interface Template<R> {
  compiled: CompiledQuery<R>;
  /** The compiled parameters: a Slot where a run's value goes, else the value written into the query. */
  parameters: readonly unknown[];
}

/**
 * `prepared<Values>()(build)`: a query built by `build` once per database (per Kysely adapter: a
 * transaction shares its database's), then run with `values` in place of
 * each `value(name)`, on `trx` (the database or a transaction). Every named value must be given (a value left
 * undefined is refused: Kysely would have left its column out, to its
 * default, and a compiled insert cannot); a value used where Kysely would
 * expand it (a list for `in`) cannot be named.
 */
export function prepared<P extends object>() {
  return <R>(
    build: (value: <K extends keyof P & string>(name: K) => P[K], trx: Kysely<Database>) => Compilable<R>,
  ): ((values: P, trx: Kysely<Database>) => Promise<QueryResult<R>>) => {
    const rows = preparedRows<P>()((value, _rows, trx) => build((name) => value(name, 0), trx));
    return (values, trx) => rows([values], trx);
  };
}

/**
 * `preparedRows<Values>()(build)`: as prepared, for a statement of several
 * rows (an insert of many), built for each number of rows it is run with:
 * `build(value, rows, trx)` names the value `name` of the row `row` as
 * `value(name, row)`, and each run gives one set of values per row.
 */
export function preparedRows<P extends object>() {
  return <R>(
    build: (
      value: <K extends keyof P & string>(name: K, row: number) => P[K],
      rows: number,
      trx: Kysely<Database>,
    ) => Compilable<R>,
  ): ((rows: readonly P[], trx: Kysely<Database>) => Promise<QueryResult<R>>) => {
    const templates = new WeakMap<object, Map<number, Template<R>>>();
    const value = <K extends keyof P & string>(name: K, row: number) => new Slot(name, row) as unknown as P[K];
    return async (rows, trx) => {
      const executor = trx.getExecutor();
      let byRows = templates.get(executor.adapter);
      if (!byRows) templates.set(executor.adapter, (byRows = new Map()));
      let template = byRows.get(rows.length);
      if (!template) {
        const compiled = build(value, rows.length, trx).compile();
        template = { compiled, parameters: compiled.parameters };
        byRows.set(rows.length, template);
      }
      const parameters = template.parameters.map((p) => {
        if (!(p instanceof Slot)) return p;
        const given = (rows[p.row] as Record<string, unknown>)[p.name];
        if (given === undefined) throw new Error(`prepared query: no value for "${p.name}"`);
        return given;
      });
      const { sql, query, queryId } = template.compiled;
      const run: CompiledQuery<R> = { sql, query, queryId, parameters };
      // Straight to a connection (the transaction's, in one): Kysely's executeQuery would wrap
      // the executor anew for every statement, only to hand the result to plugins, which the
      // server's databases have none of (and a prepared query never went through their
      // transformQuery anyway).
      if (executor.plugins.length > 0) return trx.executeQuery<R>(run);
      return executor.provideConnection((connection) => connection.executeQuery<R>(run));
    };
  };
}
