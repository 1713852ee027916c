import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../server/base/config";
import {
  backup,
  BackupRefused,
  backupsDir,
  keptBackups,
  newBackupKey,
  rotateBackups,
  uploadsDir,
} from "../../server/backup/backup";
import { decryptBackup, parseIdentities, restore, RestoreRefused } from "../../server/backup/restore";
import { isPostgres, openDb, type Db } from "../../server/db/index";
import { reportsDir } from "../../server/uploads/storage";
import { tarStream } from "../../server/backup/tar";
import { createTestApp, type TestApp } from "../helpers/app";
import { runScript } from "../helpers/scripts";
import { seedAppointment } from "../helpers/staff";
import { createTestDatabase, type TestDatabase } from "../helpers/pg";
import { freePort } from "../../scripts/server-process";

// On SQLite, or on PostgreSQL when TEST_DATABASE_URL is set (then pg_dump/pg_restore must be installed).
const admin = process.env.TEST_DATABASE_URL;

let serial = 0;
async function book(db: Db): Promise<string> {
  serial += 1;
  const reference = `B-${String(serial).padStart(6, "0")}`;
  await seedAppointment(db, {
    reference,
    surname: `Patient ${serial}`,
    email: "patient@example.org",
    notes: "x".repeat(500),
    id_passport_number: `ID${serial}`,
    requested_date: "2030-01-07",
  });
  return reference; // acknowledged: the insert has committed
}

/** A patient whose name must never appear in a backup file's bytes. */
const MARKER_NAME = "Kgomotso Mmapula-Tshekedi";
const MARKER_ID = "ID-BW-778812399";
const UPLOAD_TEXT = "%PDF-1.4 first referral for Kgomotso";
/** A signed report's file, as DATA_DIR/reports holds it (a server-made name). */
const REPORT_NAME = "0123456789abcdef0123456789abcdef.pdf";
const REPORT_TEXT = "%PDF-1.4 signed report: no fracture seen in Kgomotso";

async function references(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("appointments").select("reference").execute();
  return new Set(rows.map((r) => r.reference));
}

describe("backup and restore", () => {
  let t: TestApp;
  let port: number;
  let identity: string;
  let recipient: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    port = await freePort(); // nothing listens here: "no server running" for restore
    identity = await generateX25519Identity();
    recipient = await identityToRecipient(identity);
    t = await createTestApp({ PORT: String(port), BACKUP_RECIPIENT: recipient });
    for (let i = 0; i < 300; i++) await book(t.db);
    const now = new Date().toISOString();
    await t.db
      .updateTable("appointments")
      .set({
        name: MARKER_NAME.split(" ")[0]!,
        surname: MARKER_NAME.split(" ")[1]!,
        id_passport_number: MARKER_ID,
        updated_at: now,
      })
      .where("reference", "=", "B-000002")
      .execute();
    fs.mkdirSync(uploadsDir(t.config), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(t.config), "referral-1.pdf"), UPLOAD_TEXT);
    fs.mkdirSync(path.join(uploadsDir(t.config), "2030"), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(t.config), "2030", "scan.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.mkdirSync(reportsDir(t.config), { recursive: true });
    fs.writeFileSync(path.join(reportsDir(t.config), REPORT_NAME), REPORT_TEXT);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await t.close();
  });

  /** A configuration for a fresh place to restore into: new DATA_DIR, and a new database on PostgreSQL. */
  async function freshTarget(): Promise<Config> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-restore-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let target: TestDatabase | undefined;
    if (admin) {
      target = await createTestDatabase(admin, "restore");
      cleanups.push(() => target!.drop());
    }
    return { ...t.config, dataDir, databaseUrl: target?.url };
  }

  it("backs up online while bookings arrive, and the restore holds every booking acknowledged before it began", async () => {
    const acknowledged: string[] = [];
    let stop = false;
    let writeError: unknown;
    const writer = (async () => {
      try {
        while (!stop) {
          acknowledged.push(await book(t.db));
          // Like requests arriving over the network: other work (the backup) runs between bookings.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        writeError = error;
      }
    })();
    // Let bookings flow, then start the backup while they keep arriving.
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 5));
    const before = [...acknowledged];
    const { file } = await backup(t.config);
    const during = acknowledged.length - before.length;
    stop = true;
    await writer;
    expect(writeError).toBeUndefined();
    expect(during).toBeGreaterThan(0); // the server kept taking bookings while the backup ran

    expect(path.dirname(file)).toBe(path.join(t.config.dataDir, "backups"));
    expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.clinic-backup\.age$/);

    const target = await freshTarget();
    const manifest = await restore(target, file, { identities: [identity] });
    expect(manifest.kind).toBe(isPostgres(t.db) ? "postgres" : "sqlite");
    expect(manifest.uploads).toBe(2);
    expect(manifest.reports).toBe(1);
    const restored = openDb(target);
    cleanups.push(() => restored.destroy());
    const refs = await references(restored);
    for (const reference of before) expect(refs.has(reference)).toBe(true);
    expect(refs.has("B-000001")).toBe(true); // and the bookings made before the loop
    const marker = await restored
      .selectFrom("appointments")
      .select(["surname", "id_passport_number"])
      .where("reference", "=", "B-000002")
      .executeTakeFirstOrThrow();
    expect(marker).toEqual({ surname: MARKER_NAME.split(" ")[1], id_passport_number: MARKER_ID });
    // A consistent copy: nothing half-written, and every restored row is one the source has.
    const source = await references(t.db);
    for (const reference of refs) expect(source.has(reference)).toBe(true);
    if (!isPostgres(restored)) {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(restored);
      expect(rows[0]?.integrity_check).toBe("ok");
    }
    // The restored database is usable: it takes new bookings.
    await book(restored);

    // Uploads came back byte for byte.
    expect(fs.readFileSync(path.join(uploadsDir(target), "referral-1.pdf"), "utf8")).toBe(UPLOAD_TEXT);
    expect([...fs.readFileSync(path.join(uploadsDir(target), "2030", "scan.png"))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // So did the signed reports, private as they were (a 0600 file in a 0700 folder).
    const report = path.join(reportsDir(target), REPORT_NAME);
    expect(fs.readFileSync(report, "utf8")).toBe(REPORT_TEXT);
    expect(fs.statSync(report).mode & 0o777).toBe(0o600);
    expect(fs.statSync(reportsDir(target)).mode & 0o777).toBe(0o700);
    // No plaintext staging left behind in the target's DATA_DIR.
    expect(fs.readdirSync(target.dataDir).filter((f) => f.startsWith(".restore-"))).toEqual([]);
  });

  it("writes an age-encrypted file (0600, in a 0700 folder) with no readable database, dump, upload or patient name in it", async () => {
    fs.chmodSync(backupsDir(t.config), 0o755); // a folder made loose by hand is tightened again
    // The clock's own time, never a future one: a backup dated ahead would be "the newest of the day"
    // and rotation would delete the one the keygen test below writes with the real clock.
    const { file } = await backup(t.config, new Date());
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 21).toString("latin1")).toBe("age-encryption.org/v1");
    expect(bytes.length).toBeGreaterThan(4096);
    for (const plaintext of [
      "SQLite format 3",
      "PGDMP",
      "CREATE TABLE",
      "appointments",
      "ustar",
      "manifest.json",
      "%PDF",
      MARKER_NAME.split(" ")[1]!,
      MARKER_ID,
      "patient@example.org",
    ]) {
      expect(bytes.includes(Buffer.from(plaintext, "latin1")), plaintext).toBe(false);
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(backupsDir(t.config)).mode & 0o777).toBe(0o700);
    // Nothing else was left beside it: no staging copy of the database, no partial file; and
    // rotation ran: the first test's backup, older on the same day, is gone (newest per day kept).
    expect(fs.readdirSync(backupsDir(t.config))).toEqual([path.basename(file)]);
  });

  it("refuses to back up without BACKUP_RECIPIENT, in the function and in `npm run backup` (exit 1, clear message, nothing written)", async () => {
    const target = await freshTarget();
    // A database that could be backed up (PostgreSQL: the fresh target database).
    if (!target.databaseUrl)
      fs.copyFileSync(path.join(t.config.dataDir, "clinic.sqlite"), path.join(target.dataDir, "clinic.sqlite"));
    const unset = { ...target, backups: { ...target.backups, recipient: undefined } };
    await expect(backup(unset)).rejects.toThrow(BackupRefused);
    await expect(backup(unset)).rejects.toThrow(/BACKUP_RECIPIENT is not set/);
    const run = await runScript("backup", [], {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      BACKUP_RECIPIENT: "",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/BACKUP_RECIPIENT is not set: backups are encrypted to an age public key/);
    expect(fs.existsSync(backupsDir(target)) ? fs.readdirSync(backupsDir(target)) : []).toEqual([]);
  }, 30_000);

  it("`npm run backup -- keygen` prints an identity file whose key decrypts what `npm run backup` writes; `npm run restore` reads it from a file or standard input", async () => {
    const keygen = await runScript("backup", ["keygen"], {});
    expect(keygen.status).toBe(0);
    const publicKey = /# public key: (age1\w+)/.exec(keygen.stdout)?.[1];
    expect(publicKey).toBeTruthy();
    expect(keygen.stderr).toContain(publicKey);
    const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "clinic-key-")), "identity.txt");
    cleanups.push(() => fs.rmSync(path.dirname(keyFile), { recursive: true, force: true }));
    fs.writeFileSync(keyFile, keygen.stdout, { mode: 0o600 });

    const dbEnv = { DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl, PORT: String(port) };
    const made = await runScript("backup", [], { ...dbEnv, BACKUP_RECIPIENT: publicKey, BACKUP_KEEP_DAILY: "366" });
    expect(made.status, made.stderr).toBe(0);
    const file = /backup written to (\S+)/.exec(made.stdout)![1]!;

    const target = await freshTarget();
    const targetEnv = { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, PORT: String(port) };
    const noKey = await runScript("restore", [file], targetEnv);
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toMatch(/needs its key: pass --identity/);
    const restored = await runScript("restore", [file, "--identity", keyFile], targetEnv);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/restored the (sqlite|postgres) backup/);
    const db = openDb(target);
    cleanups.push(() => db.destroy());
    expect((await references(db)).has("B-000002")).toBe(true);
    const again = await runScript("restore", [file, "--identity", "-", "--force"], targetEnv, keygen.stdout);
    expect(again.status, again.stderr).toBe(0);
  }, 90_000); // five processes, each starting tsx: slow on a busy machine

  it("refuses to restore over existing data without --force, and replaces it with --force (old uploads and reports kept aside)", async () => {
    const { file: dir } = await backup(t.config, new Date(Date.now() + 1000));
    const target = await freshTarget();
    const key = { identities: [identity] };
    await restore(target, dir, key);
    fs.writeFileSync(path.join(uploadsDir(target), "newer.pdf"), "%PDF newer");
    const db = openDb(target);
    cleanups.push(() => db.destroy());
    const extra = await book(db);

    await expect(restore(target, dir, key)).rejects.toThrow(RestoreRefused);
    await expect(restore(target, dir, key)).rejects.toThrow(/--force/);
    expect((await references(db)).has(extra)).toBe(true);

    await restore(target, dir, { ...key, force: true });
    expect((await references(db)).has(extra)).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir(target), "newer.pdf"))).toBe(false);
    const aside = fs.readdirSync(target.dataDir).find((f) => f.startsWith("uploads.replaced-"));
    expect(aside).toBeTruthy();
    expect(fs.readFileSync(path.join(target.dataDir, aside!, "newer.pdf"), "utf8")).toBe("%PDF newer");
    // A report attached after the backup is kept aside too, and the backup's report is back.
    const newerReport = "fedcba9876543210fedcba9876543210.pdf";
    fs.writeFileSync(path.join(reportsDir(target), newerReport), "%PDF newer report");
    await restore(target, dir, { ...key, force: true });
    expect(fs.readdirSync(reportsDir(target))).toEqual([REPORT_NAME]);
    const reportsAside = fs
      .readdirSync(target.dataDir)
      .filter((f) => f.startsWith("reports.replaced-"))
      .map((f) => path.join(target.dataDir, f, newerReport));
    expect(reportsAside.filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, "utf8"))).toEqual([
      "%PDF newer report",
    ]);
  });

  it("refuses when a server answers on the configured port, even into an empty target", async () => {
    const { file: dir } = await backup(t.config, new Date(Date.now() + 2000));
    const server = http.createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ status: "ok", database: "up" }));
    });
    const busyPort = await freePort();
    await new Promise<void>((resolve) => server.listen(busyPort, "127.0.0.1", resolve));
    try {
      const target = { ...(await freshTarget()), host: "127.0.0.1", port: busyPort };
      await expect(restore(target, dir, { identities: [identity] })).rejects.toThrow(/server is running/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a wrong key gives a clear error and overwrites nothing, even with --force", async () => {
    const { file } = await backup(t.config, new Date(Date.now() + 3000));
    const target = await freshTarget();
    await restore(target, file, { identities: [identity] });
    const db = openDb(target);
    cleanups.push(() => db.destroy());
    const extra = await book(db);
    fs.writeFileSync(path.join(uploadsDir(target), "newer.pdf"), "%PDF newer");
    const entriesBefore = fs.readdirSync(target.dataDir).sort();

    const wrong = await generateX25519Identity();
    const attempt = restore(target, file, { identities: [wrong], force: true });
    await expect(attempt).rejects.toThrow(RestoreRefused);
    await expect(restore(target, file, { identities: [wrong], force: true })).rejects.toThrow(
      /was not encrypted to this identity \(wrong key\?\)\. Nothing was restored or changed\./,
    );
    expect((await references(db)).has(extra)).toBe(true);
    expect(fs.readFileSync(path.join(uploadsDir(target), "newer.pdf"), "utf8")).toBe("%PDF newer");
    expect(fs.readdirSync(target.dataDir).sort()).toEqual(entriesBefore); // no staging, nothing set aside

    // The command says the same and exits 2.
    const keyFile = path.join(target.dataDir, "..", `${path.basename(target.dataDir)}-wrong.txt`);
    fs.writeFileSync(keyFile, `# a different key\n${wrong}\n`);
    cleanups.push(() => fs.rmSync(keyFile, { force: true }));
    const run = await runScript("restore", [file, "--identity", keyFile, "--force"], {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      PORT: String(port),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/not encrypted to this identity \(wrong key\?\)/);
    expect((await references(db)).has(extra)).toBe(true);
  }, 30_000);

  it("a damaged backup (one byte changed, or cut short) is refused whole and changes nothing", async () => {
    const { file } = await backup(t.config, new Date(Date.now() + 4000));
    const bytes = fs.readFileSync(file);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0x01;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-damaged-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dir, "flipped.age"), flipped);
    fs.writeFileSync(path.join(dir, "short.age"), bytes.subarray(0, bytes.length - 1000));
    for (const name of ["flipped.age", "short.age"]) {
      const target = await freshTarget();
      await expect(restore(target, path.join(dir, name), { identities: [identity] })).rejects.toThrow(
        /Nothing was restored or changed/,
      );
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
      if (!target.databaseUrl) expect(fs.existsSync(path.join(target.dataDir, "clinic.sqlite"))).toBe(false);
    }
  });

  it("reads identity files with comments, and rejects text that holds no secret key", async () => {
    const { identityFile, recipient: pub } = await newBackupKey();
    expect(pub).toMatch(/^age1[02-9ac-hj-np-z]{58}$/);
    expect(parseIdentities(identityFile)).toHaveLength(1);
    expect(() => parseIdentities(`# only a comment\n${pub}\n`)).toThrow(/AGE-SECRET-KEY-1/);
    expect(() => parseIdentities("")).toThrow(RestoreRefused);
  });

  it("refuses an archive that names a path outside the backup (crafted with the public key), writing nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-crafted-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const target = await freshTarget();
    for (const name of ["../escaped.txt", "uploads/../../escaped.txt", "/tmp/escaped.txt", "notes.txt"]) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of tarStream([{ name, data: Buffer.from("pwned") }])) chunks.push(chunk);
      const encrypter = new Encrypter();
      encrypter.addRecipient(recipient); // anyone who knows the public key can make such a file
      const file = path.join(dir, "crafted.age");
      fs.writeFileSync(file, await encrypter.encrypt(Buffer.concat(chunks)));
      await expect(restore(target, file, { identities: [identity] }), name).rejects.toThrow(/unexpected entry/);
      await expect(decryptBackup(file, [identity], target.dataDir)).rejects.toThrow(/Nothing was restored or changed/);
    }
    expect(fs.existsSync(path.join(target.dataDir, "..", "escaped.txt"))).toBe(false);
    expect(fs.existsSync("/tmp/escaped.txt")).toBe(false);
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
  });

  it("a failed backup leaves no folder behind", async () => {
    const target = await freshTarget();
    // SQLite: the fresh DATA_DIR has no database file. PostgreSQL: a database that does not exist.
    const broken = { ...target };
    if (target.databaseUrl) {
      const url = new URL(target.databaseUrl);
      url.pathname = `/no_such_database_${port}`;
      broken.databaseUrl = url.toString();
    }
    await expect(backup(broken)).rejects.toThrow();
    expect(
      fs.existsSync(path.join(target.dataDir, "backups")) ? fs.readdirSync(path.join(target.dataDir, "backups")) : [],
    ).toEqual([]);
  });

  it("rejects a folder that is not a complete backup", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-not-a-backup-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    await expect(restore(await freshTarget(), dir)).rejects.toThrow(/not a complete backup/);
  });
});

describe("backup rotation (BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY)", () => {
  const name = (iso: string) => `${iso.replace(/[:.]/g, "-")}.clinic-backup.age`;
  const day = (date: string, time = "00:30:00.000") => name(`${date}T${time}Z`);

  /** Simulates one backup a day (and a few extra), rotating after each one as `npm run backup` does. */
  function simulate(
    dir: string,
    days: { date: string; times: string[] }[],
    keep: { keepDaily: number; keepWeekly: number },
  ) {
    const history: string[][] = [];
    for (const { date, times } of days) {
      for (const time of times) {
        fs.writeFileSync(path.join(dir, day(date, time)), "x", { mode: 0o600 });
        rotateBackups(dir, keep, new Date(`${date}T${time}Z`));
        history.push(fs.readdirSync(dir).sort());
      }
    }
    return history;
  }

  function dates(from: string, to: string): string[] {
    const out: string[] = [];
    for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
      out.push(d.toISOString().slice(0, 10));
    return out;
  }

  it("keeps exactly the newest of the last 7 days and of the last 4 ISO weeks over 12 weeks of daily backups", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-rotate-"));
    try {
      fs.writeFileSync(path.join(dir, "notes.txt"), "not a backup"); // other files are left alone
      const days = dates("2026-09-01", "2026-11-22").map((date) => ({
        date,
        // two backups on 20 and 22 November: only the later one of each day counts
        times: date === "2026-11-20" || date === "2026-11-22" ? ["00:30:00.000", "12:00:00.000"] : ["00:30:00.000"],
      }));
      const history = simulate(dir, days, { keepDaily: 7, keepWeekly: 4 });
      // Never more than 7 + 4 (+1 for notes.txt) at any point.
      for (const listing of history) expect(listing.length).toBeLessThanOrEqual(12);
      // 2026-11-22 is a Sunday: ISO weeks end on 22, 15, 8 and 1 November.
      expect(fs.readdirSync(dir).sort()).toEqual(
        [
          day("2026-11-01"), // week 44
          day("2026-11-08"), // week 45
          day("2026-11-15"), // week 46
          day("2026-11-16"),
          day("2026-11-17"),
          day("2026-11-18"),
          day("2026-11-19"),
          day("2026-11-20", "12:00:00.000"),
          day("2026-11-21"),
          day("2026-11-22", "12:00:00.000"), // today: daily and week 47
          "notes.txt",
        ].sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("counts only days that have a backup, so a pause deletes nothing it would need", () => {
    const names = [...dates("2026-10-01", "2026-10-10").map((d) => day(d)), day("2026-11-20")];
    const kept = keptBackups(names, { keepDaily: 3, keepWeekly: 2 });
    // Daily: 20 Nov, 10 Oct, 9 Oct. Weekly: week of 20 Nov, week of 5-11 Oct (its newest: 10 Oct).
    expect([...kept].sort()).toEqual([day("2026-10-09"), day("2026-10-10"), day("2026-11-20")]);
  });

  it("BACKUP_KEEP_WEEKLY=0 keeps only dailies; ISO weeks cross the new year (29 Dec 2025 - 4 Jan 2026 is one week)", () => {
    expect([...keptBackups([day("2026-01-01"), day("2026-01-02")], { keepDaily: 1, keepWeekly: 0 })]).toEqual([
      day("2026-01-02"),
    ]);
    const kept = keptBackups([day("2025-12-29"), day("2026-01-04"), day("2026-01-05")], {
      keepDaily: 1,
      keepWeekly: 2,
    });
    expect([...kept].sort()).toEqual([day("2026-01-04"), day("2026-01-05")]);
  });

  it("removes a crashed backup's staging folder or partial file after a day, not while it may be running", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-rotate-"));
    try {
      fs.mkdirSync(path.join(dir, ".staging-old"));
      fs.writeFileSync(path.join(dir, `${day("2026-11-20")}.partial`), "x");
      fs.mkdirSync(path.join(dir, ".staging-new"));
      const old = new Date("2026-11-20T00:00:00Z");
      fs.utimesSync(path.join(dir, ".staging-old"), old, old);
      fs.utimesSync(path.join(dir, `${day("2026-11-20")}.partial`), old, old);
      expect(rotateBackups(dir, { keepDaily: 7, keepWeekly: 4 }, new Date(Date.now()))).toEqual(
        [".staging-old", `${day("2026-11-20")}.partial`].sort(),
      );
      expect(fs.readdirSync(dir)).toEqual([".staging-new"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
