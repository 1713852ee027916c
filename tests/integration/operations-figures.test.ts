import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinicInstant } from "../../domain/dates";
import { backupFileName, backupsDir, lastBackupTime } from "../../server/backup/backup-names";
import { emailQueue, readOperationalFigures, type QueueReader } from "../../server/operations/figures";
import { purgeExpired } from "../../server/privacy/purge";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { seedAppointment } from "../helpers/staff";

/**
 * The operator's figures (decision 033), read with a given clock: reminders
 * queued and overdue, the purge's last success, the newest backup, and the
 * queue readers' list.
 */

describe("the operator's figures", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("reminders: queued for today's and tomorrow's appointments at their current time; overdue when due and not queued", async () => {
    const confirmed = (date: string, time: string, reminder: string | null) =>
      seedAppointment(t.db, {
        status: "confirmed",
        confirmed_date: date,
        confirmed_time: time,
        reminder_sent_for: reminder,
      });
    await confirmed("2026-12-02", "10:00", "2026-12-02 10:00"); // queued
    await confirmed("2026-12-01", "15:00", "2026-12-01 15:00"); // queued, today
    await confirmed("2026-12-02", "11:00", null); // due since 17:00 the evening before (REMINDER_FROM): overdue
    await confirmed("2026-12-02", "12:00", "2026-12-02 09:00"); // moved after its reminder: overdue
    await confirmed("2026-12-05", "10:00", null); // not due yet
    await seedAppointment(t.db, {
      status: "cancelled",
      confirmed_date: "2026-12-02",
      confirmed_time: "13:00",
      reminder_sent_for: "2026-12-02 13:00",
    });

    const figures = await readOperationalFigures(t.db, t.config, clinicInstant("2026-12-01", "18:00"));
    expect(figures.reminders).toEqual({ queued: 2, overdue: 2 });
    // Before 17:00 the evening before, nothing is due yet.
    const early = await readOperationalFigures(t.db, t.config, clinicInstant("2026-12-01", "16:00"));
    expect(early.reminders).toEqual({ queued: 2, overdue: 0 });
  });

  it("the purge records when it finished, whoever runs it", async () => {
    expect((await readOperationalFigures(t.db, t.config, new Date())).lastPurgeAt).toBeUndefined();
    const finished = new Date("2026-11-26T03:04:05.000Z");
    await purgeExpired(staffRuntime(t.db, t.config, () => finished));
    expect((await readOperationalFigures(t.db, t.config, new Date())).lastPurgeAt).toEqual(finished);
  });

  it("the last backup is the newest complete backup file's time", async () => {
    expect(await lastBackupTime(t.config)).toBeUndefined();
    const dir = backupsDir(t.config);
    fs.mkdirSync(dir, { recursive: true });
    const older = new Date("2026-11-20T02:00:00.000Z");
    const newest = new Date("2026-11-21T02:00:00.000Z");
    fs.writeFileSync(path.join(dir, backupFileName(newest)), "");
    fs.writeFileSync(path.join(dir, backupFileName(older)), "");
    fs.writeFileSync(path.join(dir, `${backupFileName(new Date("2026-11-22T02:00:00.000Z"))}.partial`), "");
    fs.mkdirSync(path.join(dir, ".staging-abc"));
    expect(await lastBackupTime(t.config)).toEqual(newest);
    expect((await readOperationalFigures(t.db, t.config, new Date())).lastBackupAt).toEqual(newest);
  });

  it("every queue reader in the list reports its channels", async () => {
    const texts: QueueReader = async () => [
      { channel: "sms", pending: 3, oldestPendingAt: "2026-11-26T08:00:00.000Z", failed: 1, sentLastDay: 9 },
      { channel: "whatsapp", pending: 0, oldestPendingAt: null, failed: 0, sentLastDay: 4 },
    ];
    const figures = await readOperationalFigures(t.db, t.config, new Date(), [emailQueue, texts]);
    expect(figures.queues.map((q) => q.channel)).toEqual(["email", "sms", "whatsapp"]);
    expect(figures.queues[0]).toEqual({
      channel: "email",
      pending: 0,
      oldestPendingAt: null,
      failed: 0,
      sentLastDay: 0,
    });
  });
});
