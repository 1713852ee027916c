import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/index";
import { enqueueMail } from "../../server/mail/queue";
import { readMails, startMailSink, type MailSink } from "../e2e/mail-sink";
import { twoInstances } from "../helpers/instances";
import { multipartBody, pdfBytes, postBody, postJson, validAppointment } from "../helpers/requests";
import { stopServers, type ServerProcess } from "../../scripts/server-process";
import { addStaff, signInByForm } from "../helpers/staff";

// Two real server processes on different ports share one PostgreSQL database
// and one uploads folder (DATA_DIR), as docs/deploy.md describes for several
// instances. Needs TEST_DATABASE_URL (CI's PostgreSQL pass sets it).

const BOOK = "/api/appointment/public/appointments";
const UPLOAD = "/api/cloudinary/upload/referrals_forms";
const BOOKINGS_PER_MINUTE = 5;
const admin = process.env.TEST_DATABASE_URL;

if (!admin) {
  console.warn("multi-instance.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL role that may create databases");
}

describe.skipIf(!admin)("two instances on one PostgreSQL database", () => {
  let sink: MailSink;
  let db: Db;
  let a: ServerProcess;
  let b: ServerProcess;

  // The mail sink starts before the servers (they send to it) and closes after them.
  beforeAll(async () => {
    sink = await startMailSink(fs.mkdtempSync(path.join(os.tmpdir(), "clinic-multi-mail-")));
  });
  afterAll(async () => {
    await sink?.close();
  });
  const instances = twoInstances("multi", () => ({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_POLL_MS: "50",
    RATE_LIMIT_BOOKINGS_PER_MINUTE: String(BOOKINGS_PER_MINUTE),
    // Each part of the test speaks for its own client address (X-Forwarded-For), so budgets do not mix.
    TRUST_PROXY: "1",
  }));
  beforeAll(() => void ({ a, b, db } = instances));

  const post = (server: ServerProcess, url: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(`${server.url}${url}`, body, headers);

  it("a booking made on A, with its referral PDF, is seen and downloaded by staff signed in on B", async () => {
    const client = { "x-forwarded-for": "198.51.100.10" };
    const pdf = pdfBytes(4000);
    const file = multipartBody("referral-letter.pdf", pdf);
    const up = await postBody(`${a.url}${UPLOAD}`, new Uint8Array(file.payload), {
      headers: { ...file.headers, ...client },
    });
    expect(up.status).toBe(201);
    const upload = (await up.json()).data;
    const booked = await post(
      a,
      BOOK,
      validAppointment({
        surname: "Twoinstances",
        referralForms: [{ url: upload.url, publicId: upload.publicId, name: upload.fileName }],
      }),
      client,
    );
    expect(booked.status).toBe(201);
    const { reference } = (await booked.json()).data;

    const staff = await addStaff(db, { name: "Desk On B" });
    // Password, then the authenticator code, through the real forms on B.
    const cookie = await signInByForm(b.url, db, staff);
    expect(cookie).toMatch(/=.{20,}/);

    const list = await fetch(`${b.url}/staff/appointments`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(reference);
    const row = await db
      .selectFrom("appointments")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    const detail = await (await fetch(`${b.url}/staff/appointments/${row.id}`, { headers: { cookie } })).text();
    expect(detail).toContain(`/api/staff/uploads/${upload.publicId}`);

    const download = await fetch(`${b.url}/api/staff/uploads/${upload.publicId}?download=1`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    // The session made on B is valid on A too.
    expect((await fetch(`${a.url}/api/staff/session`, { headers: { cookie } })).status).toBe(200);
  });

  it("an Idempotency-Key holds across both: one record, the same answer; another body is refused with 422", async () => {
    const client = { "x-forwarded-for": "198.51.100.20" };
    const body = validAppointment({ surname: "Idempotent" });
    const headers = { ...client, "idempotency-key": "multi-instance-key-0001" };
    const answers = await Promise.all([a, b, a, b].map((s) => post(s, BOOK, body, headers)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const references = await Promise.all(answers.map(async (r) => (await r.json()).data.reference as string));
    expect(new Set(references).size).toBe(1);
    const rows = await db.selectFrom("appointments").select("id").where("surname", "=", "Idempotent").execute();
    expect(rows).toHaveLength(1);

    const other = await post(b, BOOK, { ...body, notes: "A different request under the same key." }, headers);
    expect(other.status).toBe(422);
  });

  it("the booking rate limit counts requests to both instances together", async () => {
    // Fixed one-minute windows, by the clock this process shares with both servers. A try whose
    // requests straddle two windows proves nothing: it is done again, for a new client, at once
    // (a try takes about a second, so the second one falls in one window).
    const minute = () => Math.floor(Date.now() / 60_000);
    for (let attempt = 0; ; attempt++) {
      const startedIn = minute();
      const client = { "x-forwarded-for": `198.51.100.${30 + 2 * attempt}` };
      const statuses: number[] = [];
      // Invalid bodies count too (the limit applies before validation) and create nothing.
      for (let i = 0; i < BOOKINGS_PER_MINUTE; i++) statuses.push((await post(i % 2 ? b : a, BOOK, {}, client)).status);
      const overA = await post(a, BOOK, {}, client);
      const overB = await post(b, BOOK, {}, client);
      // Another client is not affected.
      const other = await post(b, BOOK, {}, { "x-forwarded-for": `198.51.100.${31 + 2 * attempt}` });
      if (minute() !== startedIn && attempt === 0) continue;
      expect(statuses).toEqual(Array(BOOKINGS_PER_MINUTE).fill(400));
      expect([overA.status, overB.status]).toEqual([429, 429]);
      expect(overB.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(other.status).toBe(400);
      break;
    }
  }, 30_000);

  it("the upload sweep ran on one instance only, under its lease", async () => {
    // Each instance's first sweep runs 2 s after it starts: on a quick machine the tests above end sooner.
    const read = () => db.selectFrom("job_leases").selectAll().where("name", "=", "upload-sweep").execute();
    await expect.poll(async () => (await read()).length, { timeout: 10_000, interval: 50 }).toBe(1);
    const leases = await read();
    const pids = [a.child.pid, b.child.pid].map((pid) => `:${pid}:`);
    expect(pids.some((pid) => leases[0]!.holder.includes(pid))).toBe(true);
  });

  it("sends every queued e-mail exactly once while both mail workers run", async () => {
    const COUNT = 30;
    for (let i = 0; i < COUNT; i++) {
      await enqueueMail(
        {
          to: `patient${i}@example.org`,
          about: null,
          subject: `Multi-instance message ${i}`,
          text: `Body ${i}`,
        },
        new Date(),
        db,
      );
    }
    const total = async () =>
      Number(
        (
          await db
            .selectFrom("mail_queue")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pending = async () =>
      Number(
        (
          await db
            .selectFrom("mail_queue")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("status", "=", "pending")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = Date.now() + 30_000;
    while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await pending()).toBe(0);
    // A second delivery, if there were one, was claimed while the row was pending and may still be
    // under way. Each server's stop waits for its mail run in progress (and the sink writes a message
    // before it answers 250): once both have exited, every send either of them started has arrived.
    await stopServers([a, b]);

    const mails = readMails(sink.dir);
    // Every row in the queue (these 30, plus the bookings' own e-mails) was sent once, on its first attempt.
    expect(mails).toHaveLength(await total());
    const rows = await db.selectFrom("mail_queue").select(["status", "attempts"]).execute();
    expect(rows.every((r) => r.status === "sent" && Number(r.attempts) === 1)).toBe(true);
    for (let i = 0; i < COUNT; i++) {
      const subject = `Subject: Multi-instance message ${i}\r\n`;
      expect(
        mails.filter((m) => m.includes(subject)),
        `message ${i}`,
      ).toHaveLength(1);
    }
  }, 60_000);
});
