/**
 * A clinic's database after years of use, for `npm run bench` (decision 036):
 * BENCH_STORED (100,000) appointments made over two years, each with what a
 * booking stores beside it (its two e-mails, its text message, its two
 * private links, its status history), as the daily purge leaves them: bodies
 * and recipients of messages finished more than a week ago blanked,
 * Idempotency-Keys of the last two days only. Past appointments were
 * attended, cancelled or missed; those still ahead are requested. Written
 * straight through better-sqlite3 in one transaction, after the server's own
 * migrations made the schema.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import SQLite from "better-sqlite3";
import { BOOKABLE_SERVICES } from "../domain/catalogue";
import { addDays, clinicDate, isoWeekday } from "../domain/dates";
import { isOpenDay } from "../domain/opening-days";
import { clinicMinutes, ROOMS, type RoomId } from "../domain/rooms";
import { loadConfig } from "../server/base/config";
import { migrate, openDb, sqlitePath } from "../server/db/index";
import { formatReference } from "../server/requests/reference";

const DAY_MS = 86_400_000;
/** How long the stored appointments were made over. */
const SPAN_DAYS = 730;
/** Messages finished within this many days keep their bodies (RETAIN_SENT_MAIL_DAYS). */
const BODIES_KEPT_DAYS = 7;
/** Idempotency-Keys are kept this many days (RETAIN_IDEMPOTENCY_DAYS). */
const KEYS_KEPT_DAYS = 2;

/** Text the size of a booking's e-mail, for the messages whose bodies are kept. */
const MAIL_TEXT = "Dear patient, we have received your request. ".repeat(30);
const MAIL_HTML = `<p>${"We have received your request and will call you to confirm a time. ".repeat(60)}</p>`;
const SMS_TEXT =
  "Example Imaging: request APT-2026-000000 for Mon 30 Nov received, time to follow. https://clinic.example.org/appointment/0123456789012345678901234567890123456789abc";

/**
 * Migrates a new SQLite database in `dataDir` and stores `count` appointments
 * with their messages and links; answers the database file's size in MB.
 */
export async function seedStoredAppointments(dataDir: string, count: number, now = new Date()): Promise<number> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
  const kysely = openDb(config);
  await migrate(kysely);
  await kysely.destroy();

  const db = new SQLite(sqlitePath(config));
  db.pragma("journal_mode = WAL");
  const appointment = db.prepare(`insert into appointments (id, reference, name, surname, dob, phone, alternate_phone,
    email, gender, service_name, payment_method, medical_aid_number, notes, id_passport_number, requested_date,
    submitted_time, status, confirmed_date, confirmed_time, cancel_reason, created_at, updated_at, room, starts_at,
    ends_at, contact_preference) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const history = db.prepare(`insert into appointment_status_history (appointment_id, from_status, to_status, note,
    staff_id, created_at) values (?, ?, ?, null, null, ?)`);
  const link = db.prepare("insert into appointment_links (token_hash, appointment_id, created_at) values (?, ?, ?)");
  const mail = db.prepare(`insert into mail_queue (to_address, about_reference, subject, text_body, html_body,
    attachments_json, status, attempts, next_attempt_at, locked_until, last_error, created_at, sent_at)
    values (?, ?, ?, ?, ?, '[]', 'sent', 1, ?, null, null, ?, ?)`);
  const text = db.prepare(`insert into text_messages (channel, to_number, about_reference, kind, body, status,
    attempts, next_attempt_at, created_at, sent_at, status_at) values ('sms', ?, ?, 'received', ?, 'delivered', 1, ?, ?, ?, ?)`);
  const key = db.prepare(`insert into idempotency_keys (endpoint, idempotency_key, body_hash, status_code,
    response_json, created_at, reference) values ('/api/appointment/public/appointments', ?, ?, 201, ?, ?, ?)`);
  const counter = db.prepare(`insert into reference_counters (kind, year, last_value) values ('APT', ?, ?)
    on conflict (kind, year) do update set last_value = excluded.last_value`);

  const today = clinicDate(now);
  const perYear = new Map<number, number>();
  const hash = () => crypto.randomBytes(32).toString("hex");
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const made = new Date(now.getTime() - SPAN_DAYS * DAY_MS + (i / count) * (SPAN_DAYS * DAY_MS - 60_000));
      const stamp = made.toISOString();
      const year = Number(clinicDate(made).slice(0, 4));
      const n = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, n);
      const reference = formatReference("APT", year, n);
      const asked = addDays(clinicDate(made), 1 + (i % 30));
      const past = asked < today;
      const status = !past ? "requested" : i % 20 === 0 ? "cancelled" : i % 33 === 0 ? "no_show" : "attended";
      const room = status === "requested" || status === "cancelled" ? null : ROOMS[i % ROOMS.length]!.id;
      const service = BOOKABLE_SERVICES[i % BOOKABLE_SERVICES.length]!.slug;
      const fresh = now.getTime() - made.getTime() < BODIES_KEPT_DAYS * DAY_MS;
      const email = fresh ? `patient.${i}@example.net` : "";
      appointment.run(
        i,
        reference,
        `Patient${i}`,
        `Surname${i % 997}`,
        "1980-01-01",
        `+2677${String(1000000 + (i % 8999999)).slice(-7)}`,
        "+26772345678",
        `patient.${i}@example.net`,
        i % 2 ? "Female" : "Male",
        service,
        "cash",
        null,
        "",
        String(100000000 + i),
        asked,
        "09:00",
        status,
        room ? asked : null,
        room ? "09:00" : null,
        status === "cancelled" ? "Cannot come" : null,
        stamp,
        stamp,
        room,
        null,
        null,
        null,
      );
      history.run(i, null, "requested", stamp);
      if (status !== "requested") history.run(i, "requested", status, stamp);
      link.run(hash(), i, stamp);
      link.run(hash(), i, stamp);
      for (const subject of [`New appointment request ${reference}`, `We have your request ${reference}`]) {
        mail.run(email, reference, subject, fresh ? MAIL_TEXT : "", fresh ? MAIL_HTML : null, stamp, stamp, stamp);
      }
      text.run(fresh ? "+26771234567" : "", reference, fresh ? SMS_TEXT : "", stamp, stamp, stamp, stamp);
      if (now.getTime() - made.getTime() < KEYS_KEPT_DAYS * DAY_MS) {
        const answer = JSON.stringify({ message: "Received", data: { reference, appointmentDate: asked } });
        key.run(crypto.randomUUID(), hash(), answer, stamp, reference);
      }
    }
    for (const [year, last] of perYear) counter.run(year, last);
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return fs.statSync(sqlitePath(config)).size / 1048576;
}

/** A service each room serves, for the schedule ahead's rows. */
const SERVICE_OF_ROOM: Record<RoomId, string> = {
  "x-ray": "x-ray",
  fluoroscopy: "fluoroscopy",
  "bone-densitometry": "bone-densitometry-dexa-scan",
  "ultrasound-1": "ultrasound",
  "ultrasound-2": "ultrasound",
  procedure: "pain-management",
  mammography: "mammography",
};

/**
 * The schedule ahead, for the free-times bench (decision 063): in every room, on each of the next
 * `days` days the clinic opens, a confirmed 30-minute appointment every 45 minutes from 08:00 to
 * 19:00 (Saturdays to 12:00), so the free times are found between many holds. Ids follow the
 * stored appointments'; answers how many were written.
 */
export function seedScheduleAhead(dataDir: string, days: number, firstId: number, now = new Date()): number {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
  const db = new SQLite(sqlitePath(config));
  const insert = db.prepare(`insert into appointments (id, reference, name, surname, dob, phone, alternate_phone,
    email, gender, service_name, payment_method, notes, id_passport_number, requested_date, submitted_time, status,
    confirmed_date, confirmed_time, created_at, updated_at, room, starts_at, ends_at) values (?, ?, 'Booked', 'Ahead',
    '1980-01-01', '+26771234567', '+26772345678', 'ahead@example.net', 'Female', ?, 'cash', '', '1', ?, '09:00',
    'confirmed', ?, ?, ?, ?, ?, ?, ?)`);
  const stamp = now.toISOString();
  let id = firstId;
  db.transaction(() => {
    for (let d = 0; d < days; d++) {
      const date = addDays(clinicDate(now), d);
      if (!isOpenDay(date, [])) continue;
      const last = isoWeekday(date) === 6 ? 12 * 60 : 19 * 60;
      for (const room of ROOMS) {
        for (let minute = (isoWeekday(date) === 6 ? 9 : 8) * 60; minute <= last; minute += 45) {
          const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
          const starts = clinicMinutes(date, time);
          const service = SERVICE_OF_ROOM[room.id];
          insert.run(id, `BENCH-${id}`, service, date, date, time, stamp, stamp, room.id, starts, starts + 30);
          id++;
        }
      }
    }
  })();
  db.close();
  return id - firstId;
}
