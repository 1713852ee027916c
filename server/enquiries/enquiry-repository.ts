import { sql, type Kysely, type Selectable } from "kysely";
import type { Db } from "../db/index";
import type { Database, EnquiryStatus, EnquiryTable } from "../db/schema";
import { nextReference } from "../requests/reference";
import type { Locale } from "../../domain/locale";
import { perDatabase } from "../db/repository";

export interface NewEnquiry {
  name: string;
  phone: string;
  email: string;
  description: string;
  language: Locale;
}

export type EnquiryRow = Selectable<EnquiryTable>;

function withStatus(status: EnquiryStatus | undefined, trx: Kysely<Database>) {
  const query = trx.selectFrom("enquiries");
  return status ? query.where("status", "=", status) : query;
}

/** Enquiries table access. Every method takes an optional transaction. */
export const enquiryRepository = perDatabase((db: Db) => {
  return {
    /** Inserts an enquiry with the next ENQ reference of the year; call inside a transaction. */
    async create(values: NewEnquiry, now: Date, year: number, trx: Kysely<Database> = db): Promise<EnquiryRow> {
      const reference = await nextReference("ENQ", year, trx);
      const stamp = now.toISOString();
      return trx
        .insertInto("enquiries")
        .values({ ...values, reference, status: "new", created_at: stamp, updated_at: stamp })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** How many enquiries there are, or how many with a status. */
    async count(status?: EnquiryStatus, trx: Kysely<Database> = db): Promise<number> {
      const { total } = await withStatus(status, trx)
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    /** One page of enquiries (all, or with a status), newest first. */
    async findPage(
      status: EnquiryStatus | undefined,
      limit: number,
      offset: number,
      trx: Kysely<Database> = db,
    ): Promise<EnquiryRow[]> {
      return withStatus(status, trx)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** The oldest enquiries with a status, oldest first, at most `limit`. */
    async oldest(status: EnquiryStatus, limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("enquiries")
        .select(["id", "reference", "name", "created_at"])
        .where("status", "=", status)
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** Whole rows, in id order. */
    async findByIds(ids: number[], trx: Kysely<Database> = db): Promise<EnquiryRow[]> {
      return trx.selectFrom("enquiries").selectAll().where("id", "in", ids).orderBy("id").execute();
    },

    /** The e-mail address on the enquiry with this reference. */
    async emailOf(reference: string, trx: Kysely<Database> = db): Promise<{ email: string } | undefined> {
      return trx.selectFrom("enquiries").select("email").where("reference", "=", reference).executeTakeFirst();
    },

    /** Enquiries made with an address (trimmed, in any letter case), in id order. */
    async findByEmail(email: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("enquiries")
        .select(["id", "reference", "created_at", "name", "status"])
        .where((eb) => eb(eb.fn("lower", [eb.fn("trim", ["email"])]), "=", email))
        .orderBy("id")
        .execute();
    },

    /** Marks a new enquiry handled; false when it does not exist or was already handled. */
    async markHandled(id: number, now: Date, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("enquiries")
        .set({ status: "handled", updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "new")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Puts a handled enquiry back to new (the undo of markHandled); false when it does not exist or is not handled. */
    async markNew(id: number, now: Date, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("enquiries")
        .set({ status: "new", updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "handled")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Who wrote with this phone number (E.164, as stored): the address and name of each such enquiry. */
    async patientsByPhone(e164: string, trx: Kysely<Database> = db) {
      return trx.selectFrom("enquiries").select(["email", "name"]).where("phone", "=", e164).execute();
    },

    /** Enquiries whose name, lower-cased, is LIKE `pattern` (escape \): candidates, checked exactly by the caller. */
    async patientsByNamePattern(pattern: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("enquiries")
        .select(["email", "name"])
        .where(sql<boolean>`lower(name) like ${pattern} escape '\\'`)
        .execute();
    },

    async deleteByIds(ids: number[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("enquiries").where("id", "in", ids).execute();
    },

    /** Deletes enquiries made before `before` (ISO); returns how many. */
    async deleteCreatedBefore(before: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx.deleteFrom("enquiries").where("created_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
});
