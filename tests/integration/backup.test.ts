import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../server/config";
import { backup, readManifest, restore, RestoreRefused, uploadsDir } from "../../server/db/backup";
import { isPostgres, openDb, type Db } from "../../server/db/index";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase, type TestDatabase } from "../helpers/pg";
import { freePort } from "../helpers/server-process";

// On SQLite, or on PostgreSQL when TEST_DATABASE_URL is set (then pg_dump/pg_restore must be installed).
const admin = process.env.TEST_DATABASE_URL;

let serial = 0;
async function book(db: Db): Promise<string> {
  serial += 1;
  const reference = `B-${String(serial).padStart(6, "0")}`;
  const now = new Date().toISOString();
  await db
    .insertInto("appointments")
    .values({
      reference,
      name: "Test",
      surname: `Patient ${serial}`,
      dob: "1990-01-01",
      phone: "+26771000000",
      alternate_phone: "",
      email: "patient@example.org",
      gender: "Other",
      service_name: "X-Ray",
      payment_method: "cash",
      medical_aid_number: null,
      notes: "x".repeat(500),
      id_passport_number: `ID${serial}`,
      requested_date: "2030-01-07",
      submitted_time: "10:00",
      status: "requested",
      confirmed_date: null,
      confirmed_time: null,
      cancel_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return reference; // acknowledged: the insert has committed
}

async function references(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("appointments").select("reference").execute();
  return new Set(rows.map((r) => r.reference));
}

describe("backup and restore", () => {
  let t: TestApp;
  let port: number;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    port = await freePort(); // nothing listens here: "no server running" for restore
    t = await createTestApp({ PORT: String(port) });
    for (let i = 0; i < 300; i++) await book(t.db);
    fs.mkdirSync(uploadsDir(t.config), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(t.config), "referral-1.pdf"), "%PDF-1.4 first referral");
    fs.mkdirSync(path.join(uploadsDir(t.config), "2030"), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(t.config), "2030", "scan.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
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
    const dir = await backup(t.config);
    const during = acknowledged.length - before.length;
    stop = true;
    await writer;
    expect(writeError).toBeUndefined();
    expect(during).toBeGreaterThan(0); // the server kept taking bookings while the backup ran

    const manifest = readManifest(dir);
    expect(manifest.kind).toBe(isPostgres(t.db) ? "postgres" : "sqlite");
    expect(path.dirname(dir)).toBe(path.join(t.config.dataDir, "backups"));

    const target = await freshTarget();
    await restore(target, dir);
    const restored = openDb(target);
    cleanups.push(() => restored.destroy());
    const refs = await references(restored);
    for (const reference of before) expect(refs.has(reference)).toBe(true);
    expect(refs.has("B-000001")).toBe(true); // and the bookings made before the loop
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
    expect(fs.readFileSync(path.join(uploadsDir(target), "referral-1.pdf"), "utf8")).toBe("%PDF-1.4 first referral");
    expect([...fs.readFileSync(path.join(uploadsDir(target), "2030", "scan.png"))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("refuses to restore over existing data without --force, and replaces it with --force (old uploads kept aside)", async () => {
    const dir = await backup(t.config, new Date(Date.now() + 1000));
    const target = await freshTarget();
    await restore(target, dir);
    fs.writeFileSync(path.join(uploadsDir(target), "newer.pdf"), "%PDF newer");
    const db = openDb(target);
    cleanups.push(() => db.destroy());
    const extra = await book(db);

    await expect(restore(target, dir)).rejects.toThrow(RestoreRefused);
    await expect(restore(target, dir)).rejects.toThrow(/--force/);
    expect((await references(db)).has(extra)).toBe(true);

    await restore(target, dir, { force: true });
    expect((await references(db)).has(extra)).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir(target), "newer.pdf"))).toBe(false);
    const aside = fs.readdirSync(target.dataDir).find((f) => f.startsWith("uploads.replaced-"));
    expect(aside).toBeTruthy();
    expect(fs.readFileSync(path.join(target.dataDir, aside!, "newer.pdf"), "utf8")).toBe("%PDF newer");
  });

  it("refuses when a server answers on the configured port, even into an empty target", async () => {
    const dir = await backup(t.config, new Date(Date.now() + 2000));
    const server = http.createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ status: "ok", database: "up" }));
    });
    const busyPort = await freePort();
    await new Promise<void>((resolve) => server.listen(busyPort, "127.0.0.1", resolve));
    try {
      const target = { ...(await freshTarget()), host: "127.0.0.1", port: busyPort };
      await expect(restore(target, dir)).rejects.toThrow(/server is running/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
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
    expect(fs.existsSync(path.join(target.dataDir, "backups")) ? fs.readdirSync(path.join(target.dataDir, "backups")) : []).toEqual([]);
  });

  it("rejects a folder that is not a complete backup", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-not-a-backup-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    await expect(restore(await freshTarget(), dir)).rejects.toThrow(/not a complete backup/);
  });
});
