import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database, EnquiryTable } from "../db/schema";
import { nextReference } from "../requests/reference";

export interface NewEnquiry {
  name: string;
  phone: string;
  email: string;
  description: string;
}

export type EnquiryRow = Omit<EnquiryTable, "id"> & { id: number };

/** Enquiries table access. Every method takes an optional transaction. */
export function enquiryRepository(db: Db) {
  return {
    /** Inserts an enquiry with the next ENQ reference of the year; call inside a transaction. */
    async create(values: NewEnquiry, now: Date, year: number, trx: Kysely<Database> = db): Promise<EnquiryRow> {
      const reference = await nextReference(trx, "ENQ", year);
      const stamp = now.toISOString();
      return trx
        .insertInto("enquiries")
        .values({ ...values, reference, status: "new", created_at: stamp, updated_at: stamp })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findByReference(reference: string, trx: Kysely<Database> = db): Promise<EnquiryRow | undefined> {
      return trx.selectFrom("enquiries").selectAll().where("reference", "=", reference).executeTakeFirst();
    },

    async count(trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("enquiries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
