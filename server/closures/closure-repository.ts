import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import { prepared } from "../db/prepared";
import type { Database } from "../db/schema";
import { perDatabase } from "../db/repository";

export interface ClosureRow {
  id: number;
  firstDate: string;
  lastDate: string;
  reason: string;
  /** The room out of service (domain/rooms.ts id), or null: the whole clinic (migration 0025). */
  room: string | null;
}

const columns = ["id", "first_date as firstDate", "last_date as lastDate", "reason", "room"] as const;

/** Which closures a read asks for: every one, the whole clinic's only, or one room's only. */
export type ClosureScope = { kind: "all" } | { kind: "clinic" } | { kind: "room"; room: string };

/**
 * The closures overlapping from … to, one query per scope, built and compiled
 * once (server/db/prepared.ts): every booking reads the whole clinic's.
 */
const overlappingIn = {
  all: prepared<{ from: string; to: string }>()((value, trx) => within(value("from"), value("to"), trx)),
  clinic: prepared<{ from: string; to: string }>()((value, trx) =>
    within(value("from"), value("to"), trx).where("room", "is", null),
  ),
  room: prepared<{ from: string; to: string; room: string }>()((value, trx) =>
    within(value("from"), value("to"), trx).where("room", "=", value("room")),
  ),
};

/** The closures with any day in from … to (inclusive), in no order: read by clinic_closures_last_date. */
function within(from: string, to: string, trx: Kysely<Database>) {
  return trx.selectFrom("clinic_closures").select(columns).where("last_date", ">=", from).where("first_date", "<=", to);
}

/** Clinic closures (clinic_closures, migrations 0015 and 0025). Every method takes an optional transaction. */
export const closureRepository = perDatabase((db: Db) => {
  return {
    async create(
      values: {
        firstDate: string;
        lastDate: string;
        reason: string;
        room: string | null;
        createdBy: number | null;
        createdAt: string;
      },
      trx: Kysely<Database> = db,
    ): Promise<number> {
      const row = await trx
        .insertInto("clinic_closures")
        .values({
          first_date: values.firstDate,
          last_date: values.lastDate,
          reason: values.reason,
          room: values.room,
          created_by: values.createdBy,
          created_at: values.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Closures of `scope` with any day in from … to (inclusive), by first day
     * (then id). One query on clinic_closures_last_date: only closures not
     * yet over are read, however many past ones are stored. Sorted here, not
     * by the query: ordered by first_date, SQLite would read
     * clinic_closures_once instead, from the first closure ever stored.
     */
    async overlapping(
      from: string,
      to: string,
      scope: ClosureScope = { kind: "all" },
      trx: Kysely<Database> = db,
    ): Promise<ClosureRow[]> {
      const { rows } =
        scope.kind === "room"
          ? await overlappingIn.room({ from, to, room: scope.room }, trx)
          : await overlappingIn[scope.kind]({ from, to }, trx);
      return rows.sort((a, b) => (a.firstDate < b.firstDate ? -1 : a.firstDate > b.firstDate ? 1 : a.id - b.id));
    },

    async find(id: number, trx: Kysely<Database> = db): Promise<ClosureRow | undefined> {
      return trx.selectFrom("clinic_closures").select(columns).where("id", "=", id).executeTakeFirst();
    },

    /** Deletes a closure only while it starts after `today`; true when this call removed it. */
    async removeFuture(id: number, today: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .deleteFrom("clinic_closures")
        .where("id", "=", id)
        .where("first_date", ">", today)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
});

/** Whether an error is the database refusing the same closure twice (migration 0025's unique index). */
export function isSameClosure(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === "23505" && e.constraint === "clinic_closures_once") return true;
  return (
    typeof e.message === "string" &&
    e.message.includes("UNIQUE constraint failed") &&
    e.message.includes("clinic_closures")
  );
}
