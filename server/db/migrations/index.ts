import type { Migration } from "kysely";
import * as requests from "./0001-requests";
import * as requestSafety from "./0002-request-safety";
import * as staff from "./0010-staff";

/**
 * Every migration, by name. Names sort in the order they run. Add a new file
 * and list it here; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-requests": requests,
  "0002-request-safety": requestSafety,
  "0010-staff": staff,
};
