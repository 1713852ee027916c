import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../server/base/config";
import type { Db } from "../../server/db/index";
import type { Insertable } from "kysely";
import type { AppointmentTable, EnquiryTable } from "../../server/db/schema";
import { createStaffAccount } from "../../server/staff/accounts";
import { orThrow } from "./outcome";
import type { StaffIdentity, StaffRole } from "../../domain/staff-roles";
import { staffRuntime } from "../../server/db/runtime";
import { newTotpSecret, totpCode } from "../../server/staff/second-factor";
import { confirmationProblem } from "../../domain/opening-days";
import { createSession, sessionCookieName } from "../../server/staff/sessions";
import { addDays, clinicDate } from "../../domain/dates";
import { clinicMinutes } from "../../domain/rooms";
import { distinctDays } from "./days";
import { ALLOWED_TYPES, uploadsDir } from "../../server/uploads/storage";

export const STAFF_PASSWORD = "correct horse battery staple";

export type TestStaff = StaffIdentity & { totpSecret: string | null };

/**
 * A staff account made with the same code as `npm run staff -- add`, with its
 * second factor already set up (as if enrolled at a first sign-in), unless
 * `enrolled: false`; a manager unless `role` says otherwise.
 */
export async function addStaff(
  db: Db,
  overrides: Partial<{ email: string; name: string; password: string; enrolled: boolean; role: StaffRole }> = {},
): Promise<TestStaff> {
  const { staff } = await orThrow(
    createStaffAccount(db, {
      email: overrides.email ?? `staff-${crypto.randomUUID().slice(0, 8)}@clinic.example.org`,
      name: overrides.name ?? "Test Receptionist",
      password: overrides.password ?? STAFF_PASSWORD,
      role: overrides.role ?? "manager",
    }),
  );
  if (overrides.enrolled === false) return { ...staff, totpSecret: null };
  const totpSecret = newTotpSecret();
  await db
    .updateTable("staff_users")
    .set({ totp_secret: totpSecret, totp_enabled_at: new Date().toISOString() })
    .where("id", "=", staff.id)
    .execute();
  return { ...staff, totpSecret };
}

/**
 * A TOTP code the server will accept now: for the current 30-second step, or
 * the next one (the server allows one step of drift) when the current one was
 * already used. Throws when both were used (a test signing in 3 times in 30 s).
 */
export async function freshTotpCode(db: Db, staffId: number, secret: string, now = new Date()): Promise<string> {
  const row = await db
    .selectFrom("staff_users")
    .select("totp_last_step")
    .where("id", "=", staffId)
    .executeTakeFirstOrThrow();
  const current = Math.floor(now.getTime() / 30_000);
  const step = Math.max(current, (row.totp_last_step ?? 0) + 1);
  if (step > current + 1)
    throw new Error("freshTotpCode: this account already used the codes for now and the next 30 seconds");
  return totpCode(secret, new Date(step * 30_000 + 1_000));
}

/** Sends the sign-in form's first step (e-mail and password) to a running server, as a browser would. */
export function postPassword(baseUrl: string, email: string, password: string): Promise<Response> {
  return fetch(`${baseUrl}/staff/login`, {
    method: "POST",
    headers: SAME_ORIGIN,
    body: form({ email, password }),
    redirect: "manual",
  });
}

/**
 * Signs in through the real forms over HTTP (password, then the TOTP code)
 * and returns the session cookie ("name=value").
 */
export async function signInByForm(
  baseUrl: string,
  db: Db,
  staff: TestStaff,
  password = STAFF_PASSWORD,
): Promise<string> {
  const first = await postPassword(baseUrl, staff.email, password);
  if (first.status !== 302 || first.headers.get("location") !== "/staff/login/code")
    throw new Error(`password step: ${first.status} ${first.headers.get("location")}`);
  const pending = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
  const second = await fetch(`${baseUrl}/staff/login/code`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, cookie: pending },
    body: form({ code: await freshTotpCode(db, staff.id, staff.totpSecret!) }),
    redirect: "manual",
  });
  if (second.status !== 302 || second.headers.get("location") !== "/staff")
    throw new Error(`code step: ${second.status}`);
  const session = second.headers.getSetCookie().find((c) => /staff_session=[^;]/.test(c));
  if (!session) throw new Error("code step: no session cookie");
  return session.split(";")[0]!;
}

/** A live session for a staff member, as a Cookie header value (no sign-in form needed). */
export async function sessionCookieFor(db: Db, config: Config, staffId: number): Promise<string> {
  const token = await createSession(staffRuntime(db, config), staffId);
  return `${sessionCookieName(config)}=${token}`;
}

let counter = 0;

/** A reference no other seeded row has (`PREFIX-TEST-…`), and the time stamps of a row made now. */
function freshRow(prefix: string) {
  counter += 1;
  const now = new Date().toISOString();
  return { reference: `${prefix}-TEST-${Date.now().toString(36)}-${counter}`, created_at: now, updated_at: now };
}

/** Appointment columns added after migration 0012 (the schedule's, the reminder's). */
type LaterColumns =
  | "reminder_sent_for"
  | "room"
  | "starts_at"
  | "ends_at"
  | "examination"
  | "safety_answers"
  | "safety_saved_at"
  | "contact_preference"
  | "language";

/**
 * An appointment request as the booking endpoint stores it, with `overrides`
 * applied. Columns later migrations added (LaterColumns) are left out
 * unless given, so a test can seed rows into an older schema.
 */
export function appointmentRow(
  overrides: Partial<Omit<Insertable<AppointmentTable>, "id">> = {},
): Omit<Insertable<AppointmentTable>, "id" | LaterColumns> & Partial<Pick<Insertable<AppointmentTable>, LaterColumns>> {
  return {
    ...freshRow("APT"),
    name: "Neo",
    surname: "Mosweu",
    dob: "1980-04-02",
    phone: "+26771234567",
    alternate_phone: "+26772345678",
    email: "neo.mosweu@example.org",
    gender: "Female",
    service_name: "Ultrasound Imaging",
    payment_method: "cash",
    medical_aid_number: null,
    notes: "Upper abdominal pain for two weeks.",
    id_passport_number: "123456789",
    requested_date: "2026-12-02",
    submitted_time: "10:15",
    status: "requested",
    confirmed_date: null,
    confirmed_time: null,
    cancel_reason: null,
    ...overrides,
  };
}

export async function seedAppointment(
  db: Db,
  overrides: Partial<Omit<Insertable<AppointmentTable>, "id">> = {},
): Promise<number> {
  const row = await db
    .insertInto("appointments")
    .values(appointmentRow(overrides))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A confirmed appointment held in `room` at `time` on `date`, as confirming stores it (requested
 * for that date unless `extra` says otherwise); answers its id.
 */
export function seedConfirmedIn(
  db: Db,
  date: string,
  time: string,
  room: string,
  extra: Partial<Omit<Insertable<AppointmentTable>, "id">> = {},
): Promise<number> {
  return seedAppointment(db, {
    service_name: room === "x-ray" ? "x-ray" : "ultrasound",
    requested_date: date,
    status: "confirmed",
    confirmed_date: date,
    confirmed_time: time,
    room,
    starts_at: clinicMinutes(date, time),
    ends_at: clinicMinutes(date, time) + 30,
    ...extra,
  });
}

export async function seedEnquiry(
  db: Db,
  overrides: Partial<Omit<Insertable<EnquiryTable>, "id">> = {},
): Promise<number> {
  const row = await db
    .insertInto("enquiries")
    .values({
      ...freshRow("ENQ"),
      name: "Kabo Sello",
      phone: "71 234 567",
      email: "kabo@example.org",
      description: "Do you do DEXA scans on Saturdays?",
      status: "new",
      ...overrides,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A minimal valid one-page PDF. */
export const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** An upload row and its file on disk, as the upload endpoint stores them. */
export async function seedUpload(
  db: Db,
  dataDir: string,
  {
    appointmentId,
    displayName = "referral form.pdf",
    bytes = PDF_BYTES,
    mime = "application/pdf" as const,
    createdAt,
  }: {
    appointmentId: number | null;
    displayName?: string;
    bytes?: Buffer;
    mime?: "application/pdf" | "image/jpeg" | "image/png";
    createdAt?: string;
  },
): Promise<{ publicId: string; storageName: string; file: string }> {
  const publicId = crypto.randomBytes(16).toString("base64url");
  const storageName = `${crypto.randomUUID()}.${ALLOWED_TYPES[mime]}`;
  const dir = uploadsDir({ dataDir });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, storageName);
  fs.writeFileSync(file, bytes);
  await db
    .insertInto("uploads")
    .values({
      public_id: publicId,
      storage_name: storageName,
      display_name: displayName,
      mime_type: mime,
      size_bytes: bytes.length,
      appointment_id: appointmentId,
      created_at: createdAt ?? new Date().toISOString(),
    })
    .execute();
  return { publicId, storageName, file };
}

/** A weekday (Monday to Friday), `offset` or more days ahead, on which the clinic is open at 10:00. */
export function nextOpenWeekday(config: Config, offset = 7): string {
  let date = addDays(clinicDate(new Date()), offset);
  while (confirmationProblem(config, date, "10:00", 60, new Date()) || new Date(`${date}T12:00:00Z`).getUTCDay() === 6)
    date = addDays(date, 1);
  return date;
}

/**
 * For one test file: `nextOpenWeekday(config, offset)`, but never a day it already gave, so that
 * the file's tests, which share its database, never share a day by chance (tests/helpers/days.ts).
 */
export function openWeekdays(config: Config): (offset?: number) => string {
  const next = distinctDays((offset) => nextOpenWeekday(config, offset));
  return (offset = 7) => next(offset);
}

/** A form's fields as a URL-encoded body, as a browser posts it. */
export const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** The headers a same-origin browser form submission carries. */
export const SAME_ORIGIN = { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };

/**
 * What a console page's error summary lists, in order: each link's target
 * (a field's id) and words. Empty when the page has no summary.
 */
export function errorSummaryLinks(html: string): { target: string; message: string }[] {
  const summary = /<div class="error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
  return [...summary.matchAll(/<a href="#([^"]+)">([\s\S]*?)<\/a>/g)].map((m) => ({
    target: m[1]!,
    message: m[2]!.replace(/<!-- -->/g, ""),
  }));
}
