import { afterAll, beforeAll } from "vitest";
import type { StaffRole } from "../../domain/staff-roles";
import { createTestApp, type TestApp } from "./app";
import { addStaff, openWeekdays, sessionCookieFor, type TestStaff } from "./staff";

/** A test file's console: its app, one signed-in staff member, and the file's own open weekdays. */
export interface SignedInConsole extends TestApp {
  staff: TestStaff;
  /** The staff member's session cookie, for the console's pages. */
  cookie: string;
  /** openWeekdays: an open weekday `offset` or more days ahead, never one it gave before. */
  day: (offset?: number) => string;
}

/**
 * A served app (pages included) on a fresh database for one test file (`env` adds to its
 * environment), with a staff member of `role` signed in. Call it at the file's top: it registers the beforeAll that sets it up and the
 * afterAll that closes it; the returned object is filled in by the beforeAll.
 */
export function signedInConsole(role: StaffRole, env: Record<string, string> = {}): SignedInConsole {
  const signedIn = {} as SignedInConsole;
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env, { servePages: true });
    const staff = await addStaff(t.db, { role });
    const cookie = await sessionCookieFor(t.db, t.config, staff.id);
    Object.assign(signedIn, t, { staff, cookie, day: openWeekdays(t.config) });
  });
  afterAll(async () => {
    await t?.close();
  });
  return signedIn;
}
