import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlitePath } from "../../server/db/index";
import { UNAVAILABLE_MESSAGE } from "../../server/requests/unavailable";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase, type TestDatabase } from "../helpers/pg";
import { multipartBody, pdfBytes, validAppointment, validEnquiry } from "../helpers/requests";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

/**
 * Decision 008, outages: with the database unreachable the public endpoints
 * answer 503 with Retry-After and a plain message (never 500), nothing is
 * half-written, and they work again once the database is back.
 */
const ENQUIRY = "/api/contact-enquire/public/create";
const APPOINTMENT = "/api/appointment/public/appointments";
const UPLOAD = "/api/cloudinary/upload/referrals_forms";
const CALENDAR = "/api/appointment/public/calendar";

async function counts(t: TestApp) {
  const n = async (table: "enquiries" | "appointments" | "mail_queue" | "idempotency_keys") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    enquiries: await n("enquiries"),
    appointments: await n("appointments"),
    mail: await n("mail_queue"),
    keys: await n("idempotency_keys"),
  };
}

function requests(t: TestApp) {
  const file = multipartBody("referral.pdf", pdfBytes(4000));
  return {
    enquiry: (key: string) =>
      t.app.inject({ method: "POST", url: ENQUIRY, payload: validEnquiry(), headers: { "idempotency-key": key } }),
    appointment: (key: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: "POST",
        url: APPOINTMENT,
        payload: validAppointment(extra),
        headers: { "idempotency-key": key },
      }),
    upload: () => t.app.inject({ method: "POST", url: UPLOAD, payload: file.payload, headers: file.headers }),
    calendar: () => t.app.inject({ method: "GET", url: CALENDAR }),
  };
}

function expectUnavailable(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => { message: string } },
  label: string,
) {
  expect(res.statusCode, label).toBe(503);
  expect(Number(res.headers["retry-after"]), label).toBeGreaterThan(0);
  expect(res.headers["cache-control"], label).toBe("no-store");
  expect(res.json().message, label).toBe(UNAVAILABLE_MESSAGE);
}

const uploadFiles = (t: TestApp) => fs.readdirSync(path.join(t.dataDir, "uploads"));

describe.skipIf(!!process.env.TEST_DATABASE_URL)(
  "database unavailable (SQLite: the file is locked by another process)",
  () => {
    let t: TestApp;
    // Each write waits out the busy timeout before it fails: 200 ms here rather than 5 s.
    beforeAll(async () => {
      t = await createTestApp({}, { sqlite: { busyTimeoutMs: 200 } });
    });
    afterAll(() => t.close());

    it("answers 503 with Retry-After on every public endpoint that needs the database, writes nothing, and recovers", async () => {
      const r = requests(t);
      const before = await counts(t);
      // Another connection holds the write lock for longer than the busy timeout.
      const other = new SQLite(sqlitePath(t.config));
      other.exec("begin exclusive");
      try {
        expectUnavailable(await r.enquiry("outage-sqlite-enquiry"), "enquiry");
        expectUnavailable(await r.appointment("outage-sqlite-appointment"), "appointment");
        expectUnavailable(await r.upload(), "upload");
        // The calendar only reads (the closures), which SQLite allows beside another writer.
        expect((await r.calendar()).statusCode).toBe(200);
      } finally {
        other.exec("rollback");
        other.close();
      }
      expect(await counts(t)).toEqual(before);
      expect(uploadFiles(t)).toEqual([]);
      // The database is back: the same requests succeed.
      expect((await r.enquiry("outage-sqlite-enquiry")).statusCode).toBe(201);
      expect((await r.appointment("outage-sqlite-appointment")).statusCode).toBe(201);
      expect((await r.upload()).statusCode).toBe(201);
    }, 60_000);
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "database unavailable (PostgreSQL behind a TCP proxy that is cut mid-run)",
  () => {
    let t: TestApp;
    let proxy: TcpProxy;
    let database: TestDatabase;
    beforeAll(async () => {
      const admin = new URL(process.env.TEST_DATABASE_URL!);
      database = await createTestDatabase(admin.toString(), "outage");
      proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
      const viaProxy = new URL(database.url);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      t = await createTestApp({ DATABASE_URL: viaProxy.toString() });
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await database?.drop();
    });

    it("answers 503 with Retry-After while the database is gone, never 500, and works again when it is back", async () => {
      const r = requests(t);
      expect((await r.enquiry("outage-pg-warmup")).statusCode).toBe(201);
      const before = await counts(t);
      proxy.cut();
      try {
        expectUnavailable(await r.enquiry("outage-pg-enquiry"), "enquiry");
        expectUnavailable(await r.appointment("outage-pg-appointment"), "appointment");
        expectUnavailable(await r.upload(), "upload");
        // The calendar reads the clinic's closures from the database: with the database gone it says
        // so like the others (the booking page then marks only Sundays and says the clinic will confirm).
        expectUnavailable(await r.calendar(), "calendar");
        expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
      } finally {
        proxy.restore();
      }
      expect(await counts(t)).toEqual(before);
      expect(uploadFiles(t)).toEqual([]);
      expect((await r.enquiry("outage-pg-enquiry")).statusCode).toBe(201);
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }, 60_000);

    it("a connection lost in the middle of a booking's transaction leaves nothing half-written; the retry succeeds", async () => {
      const r = requests(t);
      const uploaded = await r.upload();
      expect(uploaded.statusCode).toBe(201);
      const { publicId, url, fileName } = uploaded.json().data;
      const booking = { referralForms: [{ publicId, url, name: fileName }] };
      const before = await counts(t);
      // Cut the moment the appointment row is about to be inserted: after BEGIN and the upload lookup.
      proxy.cutOn('insert into "appointments"');
      try {
        expectUnavailable(await r.appointment("outage-pg-mid-transaction", booking), "appointment");
      } finally {
        proxy.restore();
      }
      expect(await counts(t)).toEqual(before);
      const row = await t.db
        .selectFrom("uploads")
        .select(["appointment_id"])
        .where("public_id", "=", publicId)
        .executeTakeFirstOrThrow();
      expect(row.appointment_id).toBeNull();
      // The same request again, with the same key: booked once, the file attached, both e-mails queued.
      const retry = await r.appointment("outage-pg-mid-transaction", booking);
      expect(retry.statusCode).toBe(201);
      const after = await counts(t);
      expect(after.appointments).toBe(before.appointments + 1);
      expect(after.mail).toBe(before.mail + 2);
      const attached = await t.db
        .selectFrom("uploads")
        .select(["appointment_id"])
        .where("public_id", "=", publicId)
        .executeTakeFirstOrThrow();
      expect(attached.appointment_id).not.toBeNull();
    }, 60_000);
  },
);
