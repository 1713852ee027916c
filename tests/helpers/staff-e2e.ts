import crypto from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { loadConfig } from "../../server/base/config";
import { openDb, type Db } from "../../server/db/index";
import { closeAndTell } from "../../server/appointments/front-desk/closure-effects";
import { staffRuntime } from "../../server/db/runtime";
import { addStaff, sessionCookieFor, STAFF_PASSWORD } from "./staff";

export { freshTotpCode, nextOpenWeekday } from "./staff";

/** The end-to-end server's database (E2E_DATABASE_URL on the PostgreSQL pass, else SQLite in E2E_DATA_DIR), opened from the test process. */
export function e2eDb(): { db: Db; config: ReturnType<typeof loadConfig> } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    LOG_LEVEL: "silent",
    PUBLIC_BASE_URL: process.env.E2E_BASE_URL ?? "http://127.0.0.1",
  });
  return { db: openDb(config), config };
}

/** A staff account made by the same code as `npm run staff -- add`, unique per test; enrolled in TOTP unless `enrolled: false`. */
export async function e2eStaff(db: Db, label: string, { enrolled = true }: { enrolled?: boolean } = {}) {
  const email = `e2e-${label}-${crypto.randomUUID().slice(0, 8)}@clinic.example.org`;
  const staff = await addStaff(db, { email, name: `E2E ${label}`, enrolled });
  return { ...staff, password: STAFF_PASSWORD };
}

/** Signs a browser context in as this staff member with a live session cookie (no sign-in form needed). */
export async function signInByCookie(
  context: BrowserContext,
  baseURL: string,
  { db, config }: { db: Db; config: ReturnType<typeof loadConfig> },
  staffId: number,
) {
  const [name, value] = (await sessionCookieFor(db, config, staffId)).split("=") as [string, string];
  await context.addCookies([{ name, value, url: baseURL }]);
}

/**
 * A new manager closes as the console does (closeAndTell, confirmed: patients told, their times
 * released); answers what was saved, and the private page's path (/tn/… for a Setswana patient)
 * that the closure's e-mail about `reference` links to.
 */
export async function closeAndFollowMail(
  { db, config }: { db: Db; config: ReturnType<typeof loadConfig> },
  label: string,
  closure: Parameters<typeof closeAndTell>[2],
  reference: string,
) {
  const manager = await e2eStaff(db, label);
  const staff = { id: manager.id, email: manager.email, name: "E2E manager", role: "manager" as const };
  const saved = await closeAndTell(staffRuntime(db, config), staff, closure, { confirmed: true });
  const mail = await db
    .selectFrom("mail_queue")
    .select("text_body")
    .where("about_reference", "=", reference)
    .executeTakeFirst();
  return { saved, path: mail && /(?:\/tn)?\/appointment\/[\w-]{43}/.exec(mail.text_body)?.[0] };
}
