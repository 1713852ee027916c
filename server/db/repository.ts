import type { Db } from "./index";

/**
 * A repository made once per database (decision 036). Each repository is a
 * set of methods closed over `db`; made afresh at every call, as
 * `appointmentRepository(db).create(…)` reads, a booking allocated some two
 * hundred closures it used once. `perDatabase(build)` keeps the one `build`
 * made for each database. One asked for with a transaction is made for it
 * each time (its methods run in that transaction by default): keeping it
 * would cost a weak entry per transaction, more than it saves.
 */
export function perDatabase<R extends object>(build: (db: Db) => R): (db: Db) => R {
  const made = new WeakMap<Db, R>();
  return (db) => {
    if (db.isTransaction) return build(db);
    let repository = made.get(db);
    if (!repository) {
      repository = build(db);
      made.set(db, repository);
    }
    return repository;
  };
}
