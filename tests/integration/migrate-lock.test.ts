import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "../../server/db/migrations/index";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function freshDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-migrate-"));
  dirs.push(dir);
  return dir;
}

/** Starts a separate process that migrates DATA_DIR's SQLite database, as a server start does. */
function migrateInChild(dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/migrate-once.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
  return { child, done, output: () => output };
}

describe("SQLite migrations from several processes", () => {
  it("processes starting together on one file all succeed, and each migration runs once", async () => {
    const dataDir = freshDataDir();
    const results = await Promise.all(Array.from({ length: 3 }, () => migrateInChild(dataDir).done));
    for (const r of results) expect(r, r.output).toMatchObject({ code: 0 });
    const db = new SQLite(path.join(dataDir, "clinic.sqlite"), { readonly: true });
    const rows = db.prepare("select name from kysely_migration order by name").all() as { name: string }[];
    db.close();
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  }, 60_000); // three Node processes starting on a busy machine

  it("a process waits while another holds the migration lock", async () => {
    const dataDir = freshDataDir();
    const file = path.join(dataDir, "clinic.sqlite");
    new SQLite(file).close();
    const lock = new SQLite(`${file}.migrate-lock`);
    lock.exec("begin exclusive");
    const { done, output } = migrateInChild(dataDir);
    let finished = false;
    void done.then(() => (finished = true));
    // The child says when it finds the lock held (migrate's onLockWait), then blocks on it: from
    // here it can neither migrate nor exit until the lock is released. Without the lock it never says so.
    await expect.poll(output, { timeout: 15_000, interval: 10 }).toContain("started;waiting;");
    expect(finished).toBe(false);
    const peek = new SQLite(file, { readonly: true });
    const tables = peek.prepare("select name from sqlite_master where name = 'appointments'").all();
    peek.close();
    expect(tables).toEqual([]);

    lock.exec("rollback");
    lock.close();
    const result = await done;
    expect(result, result.output).toMatchObject({ code: 0 });
    expect(result.output).toContain("started;waiting;migrated");
  }, 60_000);
});
