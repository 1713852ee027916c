import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { freePort } from "../../scripts/server-process";
import { validAppointment } from "../helpers/requests";
import { readMails, startMailSink, type MailSink } from "../e2e/mail-sink";
import { openDb } from "../../server/db/index";
import { enqueueMail } from "../../server/mail/queue";
import { createSender, type SendableMail } from "../../server/mail/transport";
import { deliverDueMail } from "../../server/mail/worker";

describe("mail delivery", () => {
  let t: TestApp;
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink(fs.mkdtempSync(path.join(os.tmpdir(), "clinic-mail-")));
    t = await createTestApp({
      RATE_LIMIT_ENABLED: "false",
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_MAX_ATTEMPTS: "3",
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  const opts = () => ({ from: t.config.mail.from, maxAttempts: t.config.mail.maxAttempts });

  it("sends a booking's two e-mails to a real SMTP server: the clinic's notification and the patient's confirmation", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/appointment/public/appointments",
      payload: validAppointment(),
    });
    expect(res.statusCode).toBe(201);
    const { reference, appointmentDate } = res.json().data;
    const sender = createSender(t.config);
    const result = await deliverDueMail(t.db, sender.send, opts());
    sender.close();
    expect(result).toEqual({ sent: 2, retried: 0, failed: 0 });

    const mails = readMails(sink.dir);
    expect(mails).toHaveLength(2);
    const patient = mails.find((m) => /^To: kagiso\.molefhe@example\.net/m.test(m))!;
    const clinic = mails.find((m) => /^To: info@clinic\.example\.org/m.test(m))!;
    expect(patient).toBeTruthy();
    expect(clinic).toBeTruthy();
    const unfolded = patient.replace(/=\r?\n/g, "");
    expect(patient).toMatch(new RegExp(`^Subject: Your appointment request ${reference}`, "m"));
    expect(unfolded).toContain(reference);
    expect(unfolded).toContain(
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${appointmentDate}T00:00:00Z`),
      ),
    );
    expect(unfolded).toContain("X-ray Imaging");
    expect(unfolded).toContain("Bring a valid ID and your medical aid card.");
    expect(unfolded).toMatch(/We have received your appointment request/);
    expect(unfolded).toMatch(/contact you by the end of \w+ \d{1,2} \w+ \d{4} to confirm the time/);
    expect(clinic).toMatch(new RegExp(`^Subject: New appointment request ${reference}`, "m"));

    const rows = await t.db.selectFrom("mail_queue").selectAll().execute();
    expect(rows.every((r) => r.status === "sent" && r.sent_at && r.attempts === 1)).toBe(true);
    // Nothing left to send.
    expect(await deliverDueMail(t.db, async () => {}, opts())).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("retries a failed delivery with backoff and gives up after MAIL_MAX_ATTEMPTS", async () => {
    await t.db.deleteFrom("mail_queue").execute();
    await enqueueMail({ to: "someone@example.net", about: null, subject: "s", text: "t" }, new Date(), t.db);
    const down = createSender({
      ...t.config,
      mail: { ...t.config.mail, smtpUrl: `smtp://127.0.0.1:${await freePort()}` },
    });
    let clock = new Date();
    const now = () => clock;
    expect(await deliverDueMail(t.db, down.send, { ...opts(), now })).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await t.db.selectFrom("mail_queue").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1, locked_until: null });
    expect(Date.parse(row.next_attempt_at) - clock.getTime()).toBe(30_000);
    expect(row.last_error).toBeTruthy();
    // Not due yet: nothing happens.
    expect(await deliverDueMail(t.db, down.send, { ...opts(), now })).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock = new Date(clock.getTime() + 31_000);
    expect(await deliverDueMail(t.db, down.send, { ...opts(), now })).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await t.db.selectFrom("mail_queue").selectAll().executeTakeFirstOrThrow();
    expect(Date.parse(row.next_attempt_at) - clock.getTime()).toBe(60_000);
    clock = new Date(clock.getTime() + 61_000);
    expect(await deliverDueMail(t.db, down.send, { ...opts(), now })).toEqual({ sent: 0, retried: 0, failed: 1 });
    row = await t.db.selectFrom("mail_queue").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    down.close();
  });

  it("never sends a message twice when two instances run the worker at once (lease)", async () => {
    await t.db.deleteFrom("mail_queue").execute();
    for (let i = 0; i < 10; i++)
      await enqueueMail({ to: `p${i}@example.net`, about: null, subject: `m${i}`, text: "t" }, new Date(), t.db);
    const other = openDb(t.config); // a second connection, as a second server instance would have
    const sent: string[] = [];
    const slowSend = async (m: SendableMail) => {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(typeof m.to === "string" ? m.to : m.to.address);
    };
    const [a, b] = await Promise.all([deliverDueMail(t.db, slowSend, opts()), deliverDueMail(other, slowSend, opts())]);
    await other.destroy();
    expect(a.sent + b.sent).toBe(10);
    expect(sent.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}@example.net`).sort());
  });

  it("writes .eml files under DATA_DIR/outbox when no SMTP server is configured", async () => {
    const sender = createSender({ ...t.config, mail: { ...t.config.mail, smtpUrl: undefined } });
    expect(sender.kind).toBe("outbox");
    await sender.send({ from: "a@example.org", to: "b@example.net", subject: "Hello outbox", text: "body" });
    const outbox = path.join(t.dataDir, "outbox");
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(outbox, files[0]!), "utf8")).toMatch(/^Subject: Hello outbox/m);
  });
});
