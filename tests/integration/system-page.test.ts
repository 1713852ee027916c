import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MANAGER_ONLY_MESSAGE } from "../../domain/staff-roles";
import { backupFileName, backupsDir } from "../../server/backup/backup-names";
import { PROJECT_ROOT } from "../../server/base/paths";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, sessionCookieFor } from "../helpers/staff";

/**
 * The manager's system page (/staff/system) says in words what /metrics gives
 * the operator's machines (decision 033): the queues and their oldest
 * message, messages failing, the last backup, free disk and the versions
 * running; the overview warns when any of these is in trouble. Needs a client
 * build (`npm run build`).
 */
describe("the system page and the overview's warning", () => {
  let t: TestApp;
  let manager: string;
  let reception: string;
  const MINUTE = 60_000;
  const managerName = "Thato Manager";

  beforeAll(async () => {
    t = await createTestApp({}, { servePages: true });
    const managerAccount = await addStaff(t.db, { name: managerName });
    manager = await sessionCookieFor(t.db, t.config, managerAccount.id);
    reception = await sessionCookieFor(t.db, t.config, (await addStaff(t.db, { role: "reception" })).id);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom("mail_queue").execute();
    fs.rmSync(backupsDir(t.config), { recursive: true, force: true });
  });

  /** A page's text as a reader gets it: React's comment markers out, entities back. */
  const page = async (url: string, cookie: string) => {
    const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
    return {
      status: res.statusCode,
      body: res.body,
      text: res.body
        .replace(/<!-- -->/g, "")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"'),
    };
  };
  const queueMail = (status: "pending" | "failed", createdAt: Date) =>
    t.db
      .insertInto("mail_queue")
      .values({
        to_address: "someone@example.org",
        about_reference: null,
        subject: "Test",
        text_body: "Test",
        html_body: null,
        attachments_json: "[]",
        status,
        attempts: status === "failed" ? 8 : 0,
        next_attempt_at: createdAt.toISOString(),
        locked_until: null,
        last_error: status === "failed" ? "550 no such user" : null,
        created_at: createdAt.toISOString(),
        sent_at: null,
      })
      .execute();
  const takeBackup = (at: Date) => {
    fs.mkdirSync(backupsDir(t.config), { recursive: true });
    fs.writeFileSync(path.join(backupsDir(t.config), backupFileName(at)), "");
  };

  it("shows a manager the queues, failing messages, backup, disk and versions; says what needs attention", async () => {
    await queueMail("pending", new Date(Date.now() - 20 * MINUTE));
    await queueMail("failed", new Date(Date.now() - 3 * 60 * MINUTE));
    const { status, text } = await page("/staff/system", manager);
    expect(status).toBe(200);
    expect(text).toContain("<h1>System</h1>");
    for (const channel of ["E-mail", "Text messages (SMS)", "WhatsApp"]) expect(text).toContain(`>${channel}</th>`);
    expect(text).toContain("queued 20 minutes ago");
    expect(text).toContain("(stuck)");
    // The troubles, in words.
    expect(text).toContain("No backup has been taken.");
    expect(text).toContain("E-mail: a message has been waiting to go out for 20 minutes.");
    expect(text).toContain("1 e-mail could not be delivered in the last 7 days.");
    // Free disk, and the versions running.
    expect(text).toMatch(/Free disk space<\/dt><dd>[\d.]+ [KMG]?B of [\d.]+ [KMG]?B \([\d.]+ % free\)/);
    const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };
    expect(text).toContain(`<dd>${pkg.version}</dd>`);
    expect(text).toContain(`<dd>${process.versions.node}</dd>`);
    expect(text).toMatch(process.env.TEST_DATABASE_URL ? /<dd>PostgreSQL \d+/ : /<dd>SQLite 3\.\d+\.\d+<\/dd>/);
  });

  it("says all is well when the last backup is recent, nothing waits long and nothing failed", async () => {
    takeBackup(new Date(Date.now() - 2 * 60 * MINUTE));
    await queueMail("pending", new Date(Date.now() - 2 * MINUTE));
    // A failure older than the week the page looks back is not counted.
    await queueMail("failed", new Date(Date.now() - 8 * 24 * 60 * MINUTE));
    const { text } = await page("/staff/system", manager);
    expect(text).toContain("Everything below is as it should be.");
    expect(text).toContain("queued 2 minutes ago");
    expect(text).not.toContain("(stuck)");
    expect(text).toContain("(2 hours ago)");
    const overview = await page("/staff", manager);
    expect(overview.text).not.toContain("The system needs attention");
  });

  it("a backup older than a day is a trouble", async () => {
    takeBackup(new Date(Date.now() - 26 * 60 * MINUTE));
    const { text } = await page("/staff/system", manager);
    expect(text).toContain("The last backup was taken 1 day ago: backups should run every day.");
  });

  it("is for managers only: reception gets 403 and no link to it", async () => {
    const refused = await page("/staff/system", reception);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(MANAGER_ONLY_MESSAGE);
    expect((await page("/staff", reception)).body).not.toContain('href="/staff/system"');
    expect((await page("/staff/appointments", manager)).body).toContain('href="/staff/system"');
  });

  it("the overview warns of the troubles: a manager gets a link to the system page, reception the words", async () => {
    await queueMail("pending", new Date(Date.now() - 30 * MINUTE));
    const forManager = await page("/staff", manager);
    expect(forManager.text).toContain("The system needs attention");
    expect(forManager.text).toContain("No backup has been taken.");
    expect(forManager.text).toContain("E-mail: a message has been waiting to go out for 30 minutes.");
    expect(forManager.body).toMatch(/<a href="\/staff\/system"[^>]*>Open the system page<\/a>/);

    expect(forManager.body).toMatch(/class="staff-alert staff-alert--error" aria-labelledby="system-troubles-title"/);

    // Reception cannot act on these: no red alarm, but a neutral note that says who can, by name.
    const forReception = await page("/staff", reception);
    expect(forReception.text).toContain("For a manager: the system needs attention");
    expect(forReception.text).toContain("No backup has been taken.");
    expect(forReception.text).toContain(
      `Nothing for you to do about this: a manager puts it right. If they may not know yet, tell ${managerName}.`,
    );
    expect(forReception.body).toMatch(/class="staff-alert staff-alert--note" aria-labelledby="system-troubles-title"/);
    expect(forReception.body).not.toMatch(/staff-alert--error" aria-labelledby="system-troubles-title"/);
    expect(forReception.body).not.toContain('href="/staff/system"');
  });
});
