import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, seedUpload } from "../helpers/staff";
import { enqueueMail } from "../../server/mail/queue";
import { enqueueMessage } from "../../server/texts/index";
import { recordAudit } from "../../server/audit/audit";
import { outboxDir } from "../../server/mail/transport";
import { purgeExpired } from "../../server/privacy/purge";
import { staffRuntime } from "../../server/db/runtime";

/**
 * Decision 009: every place that holds personal data is purged by the daily job
 * (docs/privacy-retention.md). For each, one item just past its period and
 * one just inside it: the first goes, the second stays. Records past
 * STAFF_RETENTION_MONTHS are covered by staff-purge.test.ts.
 */

const NOW = new Date("2026-11-22T10:00:00Z");
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const monthsAgo = (months: number) => {
  const d = new Date(NOW);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
};

describe("retention of personal data", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Periods as a clinic might set them, different from the defaults, so the settings are shown to count.
    t = await createTestApp({
      RETAIN_SENT_MAIL_DAYS: "5",
      RETAIN_OUTBOX_DAYS: "3",
      RETAIN_AUDIT_MONTHS: "12",
      RETAIN_IDEMPOTENCY_DAYS: "2",
      UPLOAD_UNCLAIMED_HOURS: "24",
      STAFF_SESSION_IDLE_MINUTES: "30",
    });
  });
  afterAll(() => t.close());

  it("purges each kind of personal data past its period and keeps what is younger", async () => {
    const staff = await addStaff(t.db);

    // Mail queue: sent 6 days ago (blanked), sent 4 days ago (kept), failed 6 days ago (blanked), pending (kept).
    const mail = (to: string) => ({
      to,
      about: null,
      subject: `Subject ${to}`,
      text: `Body for ${to}`,
      html: `<p>${to}</p>`,
      attachments: [{ filename: "a.ics", contentType: "text/calendar", content: "X" }],
    });
    await enqueueMail(mail("old.sent@example.net"), new Date(ago(7 * DAY)), t.db);
    await enqueueMail(mail("young.sent@example.net"), new Date(ago(5 * DAY)), t.db);
    await enqueueMail(mail("old.failed@example.net"), new Date(ago(7 * DAY)), t.db);
    await enqueueMail(mail("pending@example.net"), new Date(ago(30 * DAY)), t.db);
    await t.db
      .updateTable("mail_queue")
      .set({ status: "sent", sent_at: ago(6 * DAY) })
      .where("to_address", "=", "old.sent@example.net")
      .execute();
    await t.db
      .updateTable("mail_queue")
      .set({ status: "sent", sent_at: ago(4 * DAY) })
      .where("to_address", "=", "young.sent@example.net")
      .execute();
    await t.db
      .updateTable("mail_queue")
      .set({ status: "failed", next_attempt_at: ago(6 * DAY), last_error: "550 old.failed@example.net unknown" })
      .where("to_address", "=", "old.failed@example.net")
      .execute();

    // Outbox files: 4 days old (deleted), 2 days old (kept).
    const outbox = outboxDir(t.config);
    fs.mkdirSync(outbox, { recursive: true });
    const oldEml = path.join(outbox, "old.eml");
    const youngEml = path.join(outbox, "young.eml");
    for (const [file, age] of [
      [oldEml, 4 * DAY],
      [youngEml, 2 * DAY],
    ] as const) {
      fs.writeFileSync(file, "To: someone@example.net\n\nbody");
      const when = new Date(NOW.getTime() - age);
      fs.utimesSync(file, when, when);
    }

    // Audit log: 13 months (deleted), 11 months (kept).
    await recordAudit(
      { staffId: staff.id, staffEmail: staff.email, action: "appointment_view", targetId: 1 },
      new Date(monthsAgo(13)),
      t.db,
    );
    await recordAudit(
      { staffId: staff.id, staffEmail: staff.email, action: "appointment_view", targetId: 2 },
      new Date(monthsAgo(11)),
      t.db,
    );

    // Idempotency replies: 3 days (deleted), 1 day (kept).
    for (const [key, age] of [
      ["old-key-123", 3 * DAY],
      ["young-key-123", DAY],
    ] as const) {
      await t.db
        .insertInto("idempotency_keys")
        .values({
          endpoint: "/x",
          idempotency_key: key,
          body_hash: "h",
          status_code: 201,
          response_json: '{"data":{"reference":"APT"}}',
          created_at: ago(age),
        })
        .execute();
    }

    // Rate-limit windows: ended (deleted), running (kept).
    await t.db
      .insertInto("rate_limits")
      .values({ key: "r|ended|1", hits: 3, expires_at: ago(1000) })
      .execute();
    await t.db
      .insertInto("rate_limits")
      .values({ key: "r|running|2", hits: 3, expires_at: new Date(NOW.getTime() + 30_000).toISOString() })
      .execute();

    // Staff sessions: idle 31 minutes (deleted), active a minute ago (kept).
    await t.db
      .insertInto("staff_sessions")
      .values({
        token_hash: "a".repeat(64),
        staff_id: staff.id,
        created_at: ago(3_600_000),
        last_seen_at: ago(31 * 60_000),
      })
      .execute();
    await t.db
      .insertInto("staff_sessions")
      .values({ token_hash: "b".repeat(64), staff_id: staff.id, created_at: ago(3_600_000), last_seen_at: ago(60_000) })
      .execute();

    // Uploads no booking claimed: 25 hours (deleted with its file), 23 hours (kept).
    const staleUpload = await seedUpload(t.db, t.dataDir, { appointmentId: null, createdAt: ago(25 * 3_600_000) });
    const freshUpload = await seedUpload(t.db, t.dataDir, { appointmentId: null, createdAt: ago(23 * 3_600_000) });

    const result = await purgeExpired(staffRuntime(t.db, t.config, () => NOW));
    expect(result).toMatchObject({
      mailBodies: 2,
      outboxFiles: 1,
      auditRows: 1,
      idempotencyKeys: 1,
      rateLimits: 1,
      sessions: 1,
      uploads: 1,
      files: 1,
    });

    const rows = await t.db.selectFrom("mail_queue").selectAll().orderBy("id").execute();
    expect(rows).toHaveLength(4);
    const [oldSent, youngSent, oldFailed, pending] = rows;
    for (const row of [oldSent!, oldFailed!]) {
      expect(row).toMatchObject({
        to_address: "",
        text_body: "",
        html_body: null,
        attachments_json: "[]",
        last_error: null,
      });
    }
    expect(oldSent).toMatchObject({ status: "sent", sent_at: ago(6 * DAY) }); // the record that it was sent stays
    expect(youngSent).toMatchObject({
      to_address: "young.sent@example.net",
      text_body: "Body for young.sent@example.net",
    });
    expect(pending).toMatchObject({
      status: "pending",
      to_address: "pending@example.net",
      text_body: "Body for pending@example.net",
    });

    expect(fs.existsSync(oldEml)).toBe(false);
    expect(fs.existsSync(youngEml)).toBe(true);
    // (The account this test made is audited too, today: "staff_added", young, kept.)
    const audit = await t.db
      .selectFrom("staff_audit")
      .select("target_id")
      .where("action", "!=", "staff_added")
      .execute();
    expect(audit.map((r) => r.target_id)).toEqual(["2"]);
    expect(
      (await t.db.selectFrom("idempotency_keys").select("idempotency_key").execute()).map((r) => r.idempotency_key),
    ).toEqual(["young-key-123"]);
    expect((await t.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key)).toEqual(["r|running|2"]);
    expect((await t.db.selectFrom("staff_sessions").select("token_hash").execute()).map((r) => r.token_hash)).toEqual([
      "b".repeat(64),
    ]);
    expect(fs.existsSync(staleUpload.file)).toBe(false);
    expect(fs.existsSync(freshUpload.file)).toBe(true);
    expect((await t.db.selectFrom("uploads").select("public_id").execute()).map((r) => r.public_id)).toEqual([
      freshUpload.publicId,
    ]);

    // A second run finds nothing more to do.
    expect(await purgeExpired(staffRuntime(t.db, t.config, () => NOW))).toMatchObject({
      mailBodies: 0,
      outboxFiles: 0,
      auditRows: 0,
      idempotencyKeys: 0,
      rateLimits: 0,
      sessions: 0,
      uploads: 0,
    });
  });

  it("blanks the number and body of text messages with the e-mail bodies, deletes their rows with the records, and keeps younger ones", async () => {
    const text = (to: string, at: string) =>
      enqueueMessage(
        { channel: "sms", to, about: "APT-2024-000001", kind: "reminder", body: `Body ${to}` },
        new Date(at),
        t.db,
      );
    const old = await text("+26771000001", ago(7 * DAY));
    const young = await text("+26771000002", ago(5 * DAY));
    const ancient = await text("+26771000003", ago(800 * DAY));
    const pending = await text("+26771000004", ago(7 * DAY));
    const finish = (id: number, at: string) =>
      t.db.updateTable("text_messages").set({ status: "delivered", status_at: at }).where("id", "=", id).execute();
    await finish(old, ago(6 * DAY));
    await finish(young, ago(4 * DAY));
    await finish(ancient, ago(799 * DAY));

    const result = await purgeExpired(staffRuntime(t.db, t.config, () => NOW));
    expect(result).toMatchObject({ texts: 1, textBodies: 1 });
    const rows = await t.db.selectFrom("text_messages").select(["id", "to_number", "body"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: old, to_number: "", body: "" },
      { id: young, to_number: "+26771000002", body: "Body +26771000002" },
      { id: pending, to_number: "+26771000004", body: "Body +26771000004" },
    ]);
    expect(await purgeExpired(staffRuntime(t.db, t.config, () => NOW))).toMatchObject({ texts: 0, textBodies: 0 });
  });

  it("uses defaults that fit their purpose: a week for mail, two years for the audit log, two days for idempotency replies", async () => {
    const { loadConfig } = await import("../../server/base/config");
    expect(loadConfig({}).retention).toEqual({ sentMailDays: 7, outboxDays: 7, auditMonths: 24, idempotencyDays: 2 });
  });
});
