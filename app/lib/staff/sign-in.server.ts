import { redirect, type AppLoadContext } from "react-router";
import { recordAudit } from "../../../server/audit/audit";
import type { StaffRuntime } from "../../../server/db/runtime";
import {
  createPendingSignIn,
  enrolmentSecret,
  groupedSecret,
  otpauthUri,
  qrSvg,
  type PendingSignIn,
} from "../../../server/staff/second-factor";
import {
  clearedPendingCookie,
  clearedSessionCookie,
  createSession,
  pendingCookie,
  readSessionToken,
  revokeSession,
  sessionCookie,
} from "../../../server/staff/sessions";
import { assertSameSite, currentSession } from "../staff.server";

/*
 * The sign-in pages (password, code, setting up the second factor, an
 * invitation's password, signing out): staff identity's steps as the pages
 * take them, each answering with the cookies the next step needs.
 */

export { lockedMessage, signIn } from "../../../server/staff/sign-in";
export { confirmEnrolment, verifySecondFactor } from "../../../server/staff/second-factor";
export { PENDING_MINUTES } from "../../../server/staff/sessions";
export { acceptInvitation, accountExistsMessage, findInvitation } from "../../../server/staff/invitations";

/** Sign-in is complete: a new session, and the pending cookie cleared. Returns the answer's headers. */
export async function startSession(rt: StaffRuntime, staffId: number): Promise<Headers> {
  const token = await createSession(rt, staffId);
  const headers = new Headers();
  headers.append("set-cookie", sessionCookie(rt.config, token));
  headers.append("set-cookie", clearedPendingCookie(rt.config));
  return headers;
}

/** Password right (or just chosen), second factor to come: a short-lived pending cookie, no session. */
export async function startPendingSignIn(rt: StaffRuntime, staffId: number): Promise<HeadersInit> {
  return { "set-cookie": pendingCookie(rt.config, await createPendingSignIn(rt, staffId)) };
}

/** Ends whatever session the browser's cookie names, live or not (a new sign-in starts fresh). */
export async function endBrowserSession(rt: StaffRuntime, request: Request): Promise<void> {
  const token = readSessionToken(rt.config, request.headers.get("cookie"));
  if (token) await revokeSession(rt, token);
}

/** Too many wrong codes: the pending sign-in has ended; the sign-in page says for how long the account is locked. */
export function lockedOut(rt: StaffRuntime, minutes: number): Response {
  return redirect(`/staff/login?locked=${minutes}`, { headers: { "set-cookie": clearedPendingCookie(rt.config) } });
}

/** What the setup page shows to add the account to an authenticator app: the key, grouped, and its QR code. */
export async function enrolment(rt: StaffRuntime, pending: PendingSignIn) {
  const secret = await enrolmentSecret(rt, pending);
  const uri = otpauthUri(secret, pending.email, rt.config.clinic.shortName);
  return { secret: groupedSecret(secret), qr: await qrSvg(uri), email: pending.email };
}

/**
 * Signs out (a same-site post only): the browser's live session ends, and is
 * audited. Returns the cookie that clears it, sent whether or not a session was live.
 */
export async function signOut(args: { request: Request; context: AppLoadContext }): Promise<string> {
  const rt = assertSameSite(args);
  const session = await currentSession(args);
  if (session) {
    await revokeSession(rt, session.token);
    await recordAudit(
      { staffId: session.staff.id, staffEmail: session.staff.email, action: "sign_out" },
      rt.now(),
      rt.db,
    );
  }
  return clearedSessionCookie(rt.config);
}
