import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "../../domain/validation/appointment-form";
import { buildApp } from "../../server/app";
import { loadConfig, type Config } from "../../server/base/config";
import { migrate, openDb, sqlitePath, type Db } from "../../server/db/index";
import { UNAVAILABLE_MESSAGE } from "../../server/requests/unavailable";
import {
  bookingFormFields,
  formMultipart,
  openDate,
  pdfBytes,
  validAppointment,
  type FormField,
} from "../helpers/requests";

/**
 * Issue 33, N4: the write-ahead log's sync fails after a booking was
 * committed to it. The driver then takes no more work (decision 036), and
 * the booking, told it failed, is there after a restart. The answer is the
 * outage's 503 with Retry-After (never 500), on the JSON API and on the
 * plain form; and the plain form shown again carries the key its post was
 * made under, so that sending it again after the restart, without the file
 * the page asks to attach again and from another address (a phone's
 * address changes), is a replay, not a second booking (decision 041).
 */

const APPOINTMENT = "/api/appointment/public/appointments";
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

interface Running {
  app: FastifyInstance;
  db: Db;
  config: Config;
}

const dirs: string[] = [];
const running: Running[] = [];

/** The server on `dataDir`'s database, as a start after a restart: `syncFile` stands for the disk. */
async function start(dataDir: string, syncFile?: (file: string) => Promise<void>, servePages = true): Promise<Running> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", RATE_LIMIT_ENABLED: "false" });
  const db = openDb(config, syncFile ? { syncFile } : {});
  await migrate(db);
  const app = await buildApp({ config, db, servePages });
  await app.ready();
  const r = { app, db, config };
  running.push(r);
  return r;
}

async function stop(r: Running) {
  running.splice(running.indexOf(r), 1);
  await r.app.close();
}

/**
 * A disk that fails the first sync of the log that holds a booking: the
 * booking is committed to the log (another connection reads it there) and
 * the sync that should make it durable reports EIO, as a failing disk would.
 */
function failingOnFirstBooking(config: Config) {
  let failed = false;
  return async (file: string) => {
    if (failed || !file.endsWith("-wal")) return;
    const reader = new SQLite(sqlitePath(config), { readonly: true });
    try {
      // While the migrations run, there is no table yet.
      const table = reader.prepare("select 1 from sqlite_master where name = 'appointments'").get();
      if (!table || !reader.prepare("select 1 from appointments").get()) return;
    } finally {
      reader.close();
    }
    failed = true;
    throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" });
  };
}

async function appointments(db: Db) {
  return db.selectFrom("appointments").select(["reference", "surname"]).execute();
}

afterEach(async () => {
  for (const r of [...running]) await stop(r).catch(() => undefined);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-sync-failure-"));
  dirs.push(dir);
  return dir;
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)("a failed sync of SQLite's write-ahead log (issue 33, N4)", () => {
  it("the JSON API answers 503 with Retry-After, not 500; after a restart the retry with its key is a replay", async () => {
    const dir = dataDir();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir });
    const first = await start(dir, failingOnFirstBooking(config), false);
    const booking = validAppointment({ surname: "Synced", appointmentDate: openDate(3) });
    const post = (r: Running) =>
      r.app.inject({
        method: "POST",
        url: APPOINTMENT,
        payload: booking,
        headers: { "idempotency-key": "sync-fail-api-1" },
      });
    const failed = await post(first);
    expect(failed.statusCode).toBe(503);
    expect(Number(failed.headers["retry-after"])).toBeGreaterThan(0);
    expect(failed.json().message).toBe(UNAVAILABLE_MESSAGE);
    // The database takes no more work until the restart: the same 503, never 500.
    expect((await post(first)).statusCode).toBe(503);
    await stop(first);

    const second = await start(dir);
    expect(await appointments(second.db)).toHaveLength(1); // told it failed, yet there
    const retry = await post(second);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.reference).toBe((await appointments(second.db))[0]!.reference);
    expect(await appointments(second.db)).toHaveLength(1);
  }, 60_000);

  it("the plain form answers 503 with Retry-After and the form again, whose key makes the retry after a restart a replay", async () => {
    const dir = dataDir();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir });
    const first = await start(dir, failingOnFirstBooking(config));
    const fields = bookingFormFields({ surname: "Plainform" });
    const body = formMultipart(fields, { filename: "referral.pdf", content: pdfBytes(3000) });
    const failed = await first.app.inject({
      method: "POST",
      url: "/book-appointment",
      payload: body.payload,
      headers: { "content-type": body.contentType, ...SAME_ORIGIN },
      remoteAddress: "198.51.100.7",
    });
    expect(failed.statusCode).toBe(503);
    expect(Number(failed.headers["retry-after"])).toBeGreaterThan(0);
    expect(failed.body).toContain("Our booking system is briefly unavailable");
    // The form is shown again with what was typed, and with the key its post was made under.
    expect(failed.body).toContain('value="Plainform"');
    const key = new RegExp(`<input type="hidden" name="${SUBMISSION_KEY_FIELD}" value="([^"]+)"`).exec(
      failed.body,
    )?.[1];
    expect(key).toMatch(/^page-booking:[A-Za-z0-9_-]{43}$/);
    await stop(first);

    const second = await start(dir);
    const stored = await appointments(second.db);
    expect(stored).toHaveLength(1);
    // Sent again from the page shown: the file not attached again, the notes changed, from another address.
    const changed = fields.map(([n, v]): FormField => [n, n === "notes" ? "Sent again" : v]);
    const again = formMultipart([...changed, [SUBMISSION_KEY_FIELD, key!]]);
    const retry = await second.app.inject({
      method: "POST",
      url: "/book-appointment",
      payload: again.payload,
      headers: { "content-type": again.contentType, ...SAME_ORIGIN },
      remoteAddress: "203.0.113.40",
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toContain(stored[0]!.reference);
    expect(await appointments(second.db)).toHaveLength(1);
  }, 60_000);
});
