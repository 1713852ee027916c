import type { Config } from "../base/config";
import type { Db } from "./index";

/** What staff code needs at run time: the database, the configuration and a clock (tests move it). */
export interface StaffRuntime {
  db: Db;
  config: Config;
  now: () => Date;
}

export function staffRuntime(db: Db, config: Config, now: () => Date = () => new Date()): StaffRuntime {
  return { db, config, now };
}
