import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startServer as start, type ServerProcess } from "../../scripts/server-process";
import {
  anotherPatient,
  multipartBody,
  pdfBytes,
  postBody,
  postJson,
  validAppointment,
  validEnquiry,
} from "../helpers/requests";
import { readMails, startMailSink } from "../e2e/mail-sink";

const BOOK = "/api/appointment/public/appointments";

// Servers still running after a test (e.g. one that timed out) are stopped, never left behind.
const started: ServerProcess[] = [];
async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await start(env);
  started.push(server);
  return server;
}
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }
});

describe("the real server process", () => {
  // Once on our group-commit driver, once on Kysely's own (SQLITE_GROUP_COMMIT, decision 054).
  it.each(["true", "false"])(
    "loses no acknowledged booking when killed with SIGKILL mid-stream, and the database stays intact (SQLITE_GROUP_COMMIT=%s)",
    async (groupCommit) => {
      const mode = { RATE_LIMIT_ENABLED: "false", SQLITE_GROUP_COMMIT: groupCommit };
      const server = await startServer(mode);
      const acknowledged: string[] = [];
      let stop = false;
      let n = 0;
      const worker = async () => {
        while (!stop) {
          const i = n++;
          try {
            const res = await postJson(
              `${server.url}${BOOK}`,
              validAppointment({ ...anotherPatient(), notes: `booking ${i}` }),
              {
                "idempotency-key": `durability-${i.toString().padStart(6, "0")}`,
              },
            );
            if (res.status === 201) acknowledged.push((await res.json()).data.reference);
          } catch {
            return; // the server is gone
          }
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
      server.child.kill("SIGKILL");
      stop = true;
      await Promise.all(workers);
      await server.exited;
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);

      // Restart on the same data folder: it must come up (WAL recovery, migrations) and hold every acknowledged booking.
      const again = await startServer({ ...mode, DATA_DIR: server.dataDir });
      const after = await postJson(`${again.url}${BOOK}`, validAppointment());
      expect(after.status).toBe(201);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);

      const db = new SQLite(path.join(server.dataDir, "clinic.sqlite"), { readonly: true });
      const stored = new Set(
        db
          .prepare("select reference from appointments")
          .all()
          .map((r) => (r as { reference: string }).reference),
      );
      for (const ref of acknowledged) expect(stored.has(ref), ref).toBe(true);
      // Each stored whole: its private link, its two e-mails (the clinic's and the patient's) and its text.
      const count = (sql: string) =>
        new Map((db.prepare(sql).all() as { reference: string; n: number }[]).map((row) => [row.reference, row.n]));
      const links = count(
        "select a.reference, count(*) as n from appointment_links l join appointments a on a.id = l.appointment_id group by a.reference",
      );
      const mails = count(
        "select about_reference as reference, count(*) as n from mail_queue group by about_reference",
      );
      const texts = count(
        "select about_reference as reference, count(*) as n from text_messages group by about_reference",
      );
      for (const ref of acknowledged) {
        expect([ref, links.get(ref), mails.get(ref), texts.get(ref)]).toEqual([ref, 1, 2, 1]);
      }
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      // References stayed unique and sequential across the crash.
      expect(stored.size).toBe((db.prepare("select count(*) as n from appointments").get() as { n: number }).n);
      db.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
    150_000,
  );

  it("two server instances on one database create one record for concurrent duplicates of a key", async () => {
    const a = await startServer({ RATE_LIMIT_ENABLED: "false" });
    const b = await startServer({ RATE_LIMIT_ENABLED: "false", DATA_DIR: a.dataDir });
    try {
      for (let round = 0; round < 5; round++) {
        const body = JSON.stringify(validAppointment({ notes: `round ${round}` }));
        const headers = { "content-type": "application/json", "idempotency-key": `two-instances-${round}-key` };
        const answers = await Promise.all(
          [a, b, a, b, a, b].map((s) =>
            fetch(`${s.url}${BOOK}`, { method: "POST", headers, body }).then(async (r) => ({
              status: r.status,
              body: await r.text(),
            })),
          ),
        );
        expect(answers.map((x) => x.status)).toEqual(Array(6).fill(201));
        expect(new Set(answers.map((x) => JSON.parse(x.body).data.reference)).size).toBe(1);
      }
    } finally {
      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      await Promise.all([a.exited, b.exited]);
    }
    const db = new SQLite(path.join(a.dataDir, "clinic.sqlite"), { readonly: true });
    expect((db.prepare("select count(*) as n from appointments").get() as { n: number }).n).toBe(5);
    expect((db.prepare("select count(*) as n from mail_queue").get() as { n: number }).n).toBeLessThanOrEqual(10);
    db.close();
    fs.rmSync(a.dataDir, { recursive: true, force: true });
  }, 150_000);

  it("sends the mail from its background worker and writes no personal data to its logs", async () => {
    const sink = await startMailSink(fs.mkdtempSync(path.join(os.tmpdir(), "clinic-mail-")));
    const server = await startServer({
      LOG_LEVEL: "trace",
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_POLL_MS: "100",
      RATE_LIMIT_ENABLED: "false",
    });
    const personal = {
      name: "Zebediah",
      surname: "Quarshie-Oyelaran",
      dob: "1971-07-19",
      phoneNumber: "72 345 678",
      alternateNumber: "+27 82 765 4321",
      email: "zq.private@example.net",
      medicalAidNumber: "MA-55443322",
      notes: "Pregnant, third trimester",
      idPassportNumber: "ZX9081726",
    };
    const secrets = [
      ...Object.values(personal),
      "+26772345678",
      "+27827654321",
      "72345678",
      "secret-referral-name",
      "Xylophonist enquiry text",
      "Ophelia Nkwe",
      "3190123",
    ];
    try {
      const file = multipartBody("secret-referral-name.pdf", pdfBytes());
      const up = await postBody(`${server.url}/api/cloudinary/upload/referrals_forms`, new Uint8Array(file.payload), {
        headers: file.headers,
      });
      expect(up.status).toBe(201);
      const u = (await up.json()).data;
      const body = validAppointment({
        ...personal,
        referralForms: [{ url: u.url, publicId: u.publicId, name: u.fileName }],
      });
      const post = (b: unknown, key?: string) =>
        postJson(`${server.url}${BOOK}`, b, key ? { "idempotency-key": key } : {});
      expect((await post(body, "log-test-key-1")).status).toBe(201);
      expect((await post(body, "log-test-key-1")).status).toBe(201); // replay
      expect((await post({ ...body, email: "not-an-email", dob: "2999-01-01" })).status).toBe(400);
      // Broken JSON: parsers quote the input in their error messages, which must not reach the log.
      const broken = await fetch(`${server.url}${BOOK}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"email":"${personal.email}","idPassportNumber":"${personal.idPassportNumber}",`,
      });
      expect(broken.status).toBe(400);
      const enquiry = await postJson(
        `${server.url}/api/contact-enquire/public/create`,
        validEnquiry({ name: "Ophelia Nkwe", phoneNumber: "3190123", description: "Xylophonist enquiry text" }),
      );
      expect(enquiry.status).toBe(201);

      const deadline = Date.now() + 15_000;
      while (readMails(sink.dir).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const mails = readMails(sink.dir);
      expect(mails).toHaveLength(3);
      expect(mails.some((m) => m.includes("zq.private@example.net"))).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      await sink.close();
    }
    const logs = server.output();
    expect(logs).toMatch(/"statusCode":201/); // the requests were logged…
    expect(logs).toMatch(/mail sent/);
    for (const value of secrets) expect(logs, `log contains ${value}`).not.toContain(value); // …without personal data
  }, 150_000);
});
