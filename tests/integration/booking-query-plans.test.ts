import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOTS_PATH } from "../../domain/api-paths";
import { addDays, clinicInstant, clinicToday } from "../../domain/dates";
import { isOpenDay } from "../../domain/opening-days";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/base/config";
import { migrate, openDb, sqlitePath } from "../../server/db/index";
import type { Database } from "../../server/db/schema";
import { GroupCommitSqliteDialect } from "../../server/db/sqlite";
import { appointmentRepository } from "../../server/appointments/appointment-repository";
import { mailRepository } from "../../server/mail/mail-repository";
import { deliverDueMail } from "../../server/mail/worker";
import { createTextSenders } from "../../server/texts/senders";
import { textMessageRepository } from "../../server/texts/text-message-repository";
import { claimMs, deliverDueMessages } from "../../server/texts/worker";
import { bookTimeBody } from "../helpers/requests";

/** SQLite's query plan of each caught statement (its SQL and how many parameters it takes), step by step. */
function queryPlans(file: string, statements: [string, number][]): Map<string, string[]> {
  const reader = new SQLite(file, { readonly: true });
  try {
    return new Map(
      statements.map(([sql, parameters]) => [
        sql,
        (
          reader.prepare(`explain query plan ${sql}`).all(...Array<null>(parameters).fill(null)) as { detail: string }[]
        ).map((step) => step.detail),
      ]),
    );
  } finally {
    reader.close();
  }
}

/**
 * Every statement of the booking path reads by an index (issue 25, decision
 * 036): a booking, its replay, the rate limit, and the mail and text workers
 * sending what it queued. Each statement they run is caught as it runs and
 * asked for SQLite's query plan: none may scan a table, so a booking costs
 * the same however many rows are stored. SQLite only (PostgreSQL plans by its
 * statistics).
 */
describe.skipIf(process.env.TEST_DATABASE_URL)("the booking path's query plans (SQLite)", () => {
  let dataDir: string;
  const statements = new Map<string, number>();
  let plans: Map<string, string[]>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-plans-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      RATE_LIMIT_ENABLED: "true",
      MESSAGE_QUIET_HOURS: "",
    });
    const migrated = openDb(config);
    await migrate(migrated);
    await migrated.destroy();

    // The server's own dialect, with every statement it runs caught.
    const database = new SQLite(sqlitePath(config));
    database.pragma("journal_mode = WAL");
    database.pragma("foreign_keys = ON");
    const db = new Kysely<Database>({
      dialect: new GroupCommitSqliteDialect(database),
      log: (event) => void statements.set(event.query.sql, event.query.parameters.length),
    });
    const app = await buildApp({ config, db, servePages: false });
    await app.ready();
    try {
      let date = addDays(clinicToday(), 3);
      while (!isOpenDay(date, [])) date = addDays(date, 1);
      const booking = {
        name: "Kagiso",
        surname: "Molefe",
        dob: "1980-01-01",
        phoneNumber: "71234567",
        alternateNumber: "72345678",
        email: "kagiso@example.net",
        gender: "Female",
        service: { name: "Ultrasound Imaging", paymentMethod: "cash" },
        notes: "",
        appointmentDate: date,
        appointmentTime: "09:00",
        referralForms: [],
        idPassportNumber: "000000000",
      };
      for (const _ of ["first", "replay"]) {
        const res = await app.inject({
          method: "POST",
          url: "/api/appointment/public/appointments",
          headers: { "content-type": "application/json", "idempotency-key": "plans-test-key-1" },
          payload: booking,
        });
        expect(res.statusCode).toBe(201);
      }
      expect((await deliverDueMail(db, async () => {}, { from: "clinic@example.org", maxAttempts: 8 })).sent).toBe(2);
      const senders = createTextSenders(db, config);
      try {
        const texts = await deliverDueMessages(db, senders, {
          quietHours: null,
          maxAttempts: 8,
          claimMs: claimMs(config),
        });
        expect(texts.sent).toBe(1);
      } finally {
        await senders.close();
      }
    } finally {
      await app.close();
    }

    plans = queryPlans(
      sqlitePath(config),
      [...statements].filter(([sql]) => !/^\s*(begin|commit|rollback|savepoint|release|pragma)\b/i.test(sql)),
    );
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const planOf = (pattern: RegExp) => {
    const found = [...plans].filter(([sql]) => pattern.test(sql));
    expect(found, String(pattern)).toHaveLength(1);
    return found[0]![1].join(" | ");
  };

  it("scans no table", () => {
    expect(plans.size).toBeGreaterThan(15);
    // A row of constants, or the rows of an insert of several (its VALUES), is no table.
    const scans = [...plans].filter(([, steps]) =>
      steps.some((step) => /^SCAN (?!CONSTANT ROW|\d+-ROW VALUES CLAUSE)/.test(step)),
    );
    expect(scans).toEqual([]);
  });

  it("reads the closures still to come by their last day, not every closure ever stored", () => {
    expect(planOf(/from "clinic_closures"/)).toMatch(/USING INDEX clinic_closures_last_date \(last_date>\?\)/);
  });

  it("finds the stored answer and the reference by their unique indexes", () => {
    expect(planOf(/from "idempotency_keys" where/)).toMatch(/sqlite_autoindex_idempotency_keys_1/);
    expect(planOf(/select "id", "created_at" from "appointments" where "reference"/)).toMatch(
      /sqlite_autoindex_appointments_1 \(reference=\?\)/,
    );
  });

  it("looks for a possible duplicate among the patient's own requests of that day, not all the day's (decision 085)", () => {
    expect(planOf(/select "id" from "appointments" where "requested_date" = \?/)).toMatch(
      /^SEARCH appointments USING INDEX appointments_requested_date_phone \(requested_date=\? AND phone=\?\)$/,
    );
  });

  it("reads the messages due in their index's order: a backlog is not read and sorted whole on every run", () => {
    expect(planOf(/select "id" from "mail_queue" where "status"/)).toBe(
      "SEARCH mail_queue USING INDEX mail_queue_due (status=? AND next_attempt_at<?)",
    );
    expect(planOf(/select "id", "channel" from "text_messages" where "status"/)).toBe(
      "SEARCH text_messages USING INDEX text_messages_due (status=? AND next_attempt_at<?)",
    );
  });
});

/**
 * The indexes a booking no longer writes an entry in while their column is
 * empty (migration 0028): every statement that reads them still does, now
 * from the partial index, not by reading the whole table.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)("the partial indexes' readers (SQLite)", () => {
  let dataDir: string;
  let plans: Map<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-partial-plans-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const migrated = openDb(config);
    await migrate(migrated);
    await migrated.destroy();

    const statements = new Map<string, number>();
    const db = new Kysely<Database>({
      dialect: new GroupCommitSqliteDialect(new SQLite(sqlitePath(config))),
      log: (event) => void statements.set(event.query.sql, event.query.parameters.length),
    });
    try {
      const at = new Date().toISOString();
      await mailRepository(db).queueState(at);
      await mailRepository(db).blankFinishedBefore(at);
      await textMessageRepository(db).exists("sms", "provider-1");
      await textMessageRepository(db).recordProgress("sms", "provider-1", "delivered", at, null);
      await appointmentRepository(db).confirmedBetween(0, 600);
    } finally {
      await db.destroy();
    }
    plans = new Map(
      [...queryPlans(sqlitePath(config), [...statements])].map(([sql, steps]) => [sql, steps.join(" | ")]),
    );
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const planOf = (pattern: RegExp) => {
    const found = [...plans].filter(([sql]) => pattern.test(sql));
    expect(found, String(pattern)).toHaveLength(1);
    return found[0]![1];
  };

  it("counts the e-mails sent since a moment, and blanks those sent before one, from mail_queue_sent", () => {
    expect(planOf(/from "mail_queue" where "status" = \? and "sent_at" >= \?/)).toMatch(
      /USING (COVERING )?INDEX mail_queue_sent \(status=\? AND sent_at>\?\)/,
    );
    expect(planOf(/update "mail_queue" set "to_address"/)).toMatch(
      /USING INDEX mail_queue_sent \(status=\? AND sent_at<\?\)/,
    );
  });

  it("finds a text by its provider's id from text_messages_provider_id", () => {
    expect(planOf(/select "id" from "text_messages" where "channel" = \? and "provider_message_id"/)).toMatch(
      /USING (COVERING )?INDEX text_messages_provider_id/,
    );
    expect(planOf(/update "text_messages" set "status"/)).toMatch(/USING INDEX text_messages_provider_id/);
  });

  it("reads no table whole for the rooms' confirmed appointments", () => {
    expect(planOf(/from "appointments" where "status" = \? and "room" is not null/)).not.toMatch(/(^|\| )SCAN/);
  });
});

/**
 * What the rooms hold is read from the confirmed appointments' index by room and start (migration
 * 0044, decision 085), not from every confirmed appointment ever kept: by the free times (the slots
 * API, booking a time, the alternatives to a time taken) and by SQLite's overlap triggers, which
 * look for a clash on every write of a confirmed appointment. The clock is fixed at Monday 1 March
 * 2027, 08:00 in Gaborone.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)("the rooms' holds (SQLite)", () => {
  let dataDir: string;
  let file: string;
  const statements = new Map<string, number>();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-holds-plans-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    file = sqlitePath(config);
    const migrated = openDb(config);
    await migrate(migrated);
    await migrated.destroy();
    const db = new Kysely<Database>({
      dialect: new GroupCommitSqliteDialect(new SQLite(file)),
      log: (event) => void statements.set(event.query.sql, event.query.parameters.length),
    });
    const now = clinicInstant("2027-03-01", "08:00");
    const app = await buildApp({ config, db, servePages: false, now: () => now });
    await app.ready();
    try {
      const slots = await app.inject({
        method: "GET",
        url: `${SLOTS_PATH}?service=x-ray&from=2027-03-01&to=2027-04-29`,
      });
      expect(slots.statusCode).toBe(200);
      // Booked, then taken: the second is answered with the nearest free times.
      for (const status of [201, 409]) {
        const res = await app.inject({
          method: "POST",
          url: "/api/appointment/public/appointments",
          headers: { "content-type": "application/json" },
          payload: bookTimeBody("2027-03-02", "10:00"),
        });
        expect(res.statusCode).toBe(status);
      }
    } finally {
      await app.close();
    }
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("the free times read the rooms' range of confirmed appointments from the index alone", () => {
    const held = [...statements].filter(([sql]) =>
      /^select ("id", )?"room", "starts_at", "ends_at" from "appointments"/.test(sql),
    );
    expect(held.length).toBeGreaterThan(0);
    for (const [, steps] of queryPlans(file, held)) {
      expect(steps.join(" | ")).toBe(
        "SEARCH appointments USING COVERING INDEX appointments_room_holds (room=? AND starts_at>? AND starts_at<?)",
      );
    }
  });

  it("the overlap triggers look for a clash in the new appointment's room and time from the index", () => {
    const reader = new SQLite(file, { readonly: true });
    try {
      const triggers = reader
        .prepare(
          "select name, sql from sqlite_master where type = 'trigger' and name like 'appointments_room_no_overlap%'",
        )
        .all() as { name: string; sql: string }[];
      expect(triggers.map((t) => t.name).sort()).toEqual([
        "appointments_room_no_overlap_insert",
        "appointments_room_no_overlap_update",
      ]);
      for (const trigger of triggers) {
        // The trigger's search, with the new row's values as parameters.
        const search = /select 1 from appointments a[^)]*/.exec(trigger.sql)![0].replace(/\bnew\.\w+/g, "?");
        const steps = reader
          .prepare(`explain query plan ${search}`)
          .all(...Array<null>(search.split("?").length - 1).fill(null)) as { detail: string }[];
        expect(steps.map((step) => step.detail).join(" | "), trigger.name).toMatch(
          /^SEARCH a USING (COVERING )?INDEX appointments_room_holds \(room=\? AND starts_at<\?\)$/,
        );
      }
    } finally {
      reader.close();
    }
  });
});
