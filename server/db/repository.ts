import type { Db } from "./index";

/**
 * A repository made once per database (decision 036). Each repository is a
 * set of methods closed over `db`; made afresh at every call, as
 * `appointmentRepository(db).create(…)` reads, a booking allocated some two
 * hundred closures it used once. `perDatabase(build)` keeps the one `build`
 * made for each database (a transaction is a database of its own, kept as
 * long as it is).
 */
export function perDatabase<R extends object>(build: (db: Db) => R): (db: Db) => R {
  const made = new WeakMap<Db, R>();
  return (db) => {
    let repository = made.get(db);
    if (!repository) {
      repository = build(db);
      made.set(db, repository);
    }
    return repository;
  };
}
