import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { staffMeta } from "~/components/staff/staff-format";
import {
  assertSameSite,
  checkStaffRequest,
  createSession,
  readSessionToken,
  revokeSession,
  sessionCookie,
  signIn,
  staffRuntimeFrom,
} from "~/lib/staff.server";
import "~/styles/staff.css";
import type { Route } from "./+types/login";

export const meta = () => staffMeta("Sign in");

const FAILURE_MESSAGE = "The email or password is not right. Check them and try again.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rt = staffRuntimeFrom(context);
  const result = await checkStaffRequest(rt, "GET", (n) => request.headers.get(n) ?? undefined);
  if (result.ok) throw redirect("/staff");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const rt = assertSameSite({ request, context });
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 254);
  const password = String(form.get("password") ?? "").slice(0, 1000);
  if (!email.trim() || !password) {
    return data({ error: "Enter your email and password." }, { status: 400 });
  }
  const result = await signIn(rt, { email, password, clientIp: context.clientIp ?? "unknown" });
  if (!result.ok) {
    if (result.reason === "locked") {
      return data(
        { error: `Too many failed sign-in attempts. Try again in ${result.retryAfterMinutes} ${result.retryAfterMinutes === 1 ? "minute" : "minutes"}.` },
        { status: 429 },
      );
    }
    return data({ error: FAILURE_MESSAGE }, { status: 401 });
  }
  // A fresh session every sign-in; any session the browser already had ends here.
  const previous = readSessionToken(rt.config, request.headers.get("cookie"));
  if (previous) await revokeSession(rt, previous);
  const token = await createSession(rt, result.staff.id);
  return redirect("/staff", { headers: { "set-cookie": sessionCookie(rt.config, token) } });
}

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.error) errorRef.current?.focus();
  }, [actionData]);
  return (
    <div className="staff staff--login">
      <main id="main" className="staff-login">
        <div className="staff-login__card card">
          <p className="staff-login__kicker">Staff console</p>
          <h1>Sign in</h1>
          {actionData?.error && (
            <div className="staff-alert staff-alert--error" role="alert" tabIndex={-1} ref={errorRef} id="login-error">
              {actionData.error}
            </div>
          )}
          <Form method="post" className="staff-form" aria-describedby={actionData?.error ? "login-error" : undefined}>
            <div className="staff-field">
              <label htmlFor="email">Email</label>
              <input id="email" name="email" type="email" autoComplete="username" required maxLength={254} spellCheck={false} />
            </div>
            <div className="staff-field">
              <label htmlFor="password">Password</label>
              <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={1000} />
            </div>
            <button type="submit" className="button button--primary staff-login__submit" disabled={busy}>
              {busy ? "Signing in…" : "Sign in"}
            </button>
          </Form>
          <p className="staff-login__note">For clinic staff only. Accounts are created by the clinic's administrator.</p>
        </div>
      </main>
    </div>
  );
}
