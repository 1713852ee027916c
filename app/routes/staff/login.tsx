import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formText, parseForm } from "~/lib/form-data";
import { SignInCard } from "~/components/staff/sign-in-card";
import { staffMeta } from "~/components/staff/staff-format";
import { assertSameSite, currentSession } from "~/lib/staff.server";
import { endBrowserSession, lockedMessage, signIn, startPendingSignIn, startSession } from "~/lib/staff/sign-in.server";
import "~/styles/staff.css";
import type { Route } from "./+types/login";
import { HYDRATE } from "~/lib/hydrate";

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

export const meta = () => staffMeta("Sign in");

const FAILURE_MESSAGE = "The email or password is not right. Check them and try again.";
const EXPIRED_MESSAGE = "That sign-in took too long, so it was stopped. Enter your email and password again.";

export async function loader(args: Route.LoaderArgs) {
  if (await currentSession(args)) throw redirect("/staff");
  const params = new URL(args.request.url).searchParams;
  // After too many wrong codes the code page sends the visitor here with the lock's length in minutes.
  const locked = Number(params.get("locked"));
  return {
    notice:
      Number.isInteger(locked) && locked >= 1 && locked <= 1440
        ? lockedMessage(locked)
        : params.get("expired") === "1"
          ? EXPIRED_MESSAGE
          : undefined,
  };
}

const MISSING_MESSAGE = "Enter your email and password.";

/** The email as typed (the account lookup normalises it), the password never trimmed. */
const signInForm = z
  .object({ email: formText(254), password: formText(1000) })
  .refine((v) => v.email.trim() !== "" && v.password !== "", { message: MISSING_MESSAGE, path: ["email"] });

export async function action({ request, context }: Route.ActionArgs) {
  const rt = assertSameSite({ request, context });
  const form = parseForm(await request.formData(), signInForm);
  if (!form.ok) return data({ error: MISSING_MESSAGE }, { status: 400 });
  const { email, password } = form.value;
  const result = await signIn(rt, { email, password, clientIp: context.clientIp });
  if (!result.ok) {
    if (result.reason === "locked") return data({ error: lockedMessage(result.retryAfterMinutes) }, { status: 429 });
    return data({ error: FAILURE_MESSAGE }, { status: 401 });
  }
  // Any session the browser already had ends here; a fresh one starts only when sign-in is complete.
  await endBrowserSession(rt, request);
  if (result.next === "session") return redirect("/staff", { headers: await startSession(rt, result.staff.id) });
  // Password right, second factor pending: a short-lived pending cookie, no session.
  return redirect(result.next === "enrol" ? "/staff/login/setup" : "/staff/login/code", {
    headers: await startPendingSignIn(rt, result.staff.id),
  });
}

export default function StaffLogin({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData?.error ?? loaderData.notice;
  return (
    <SignInCard title="Sign in" error={error}>
      <Form method="post" className="staff-form" aria-describedby={error ? "login-error" : undefined}>
        <div className="staff-field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            spellCheck={false}
          />
        </div>
        <div className="staff-field">
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1000}
          />
        </div>
        <button type="submit" className="button button--primary staff-login__submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="staff-login__note">For clinic staff only. Accounts are created by the clinic's administrator.</p>
    </SignInCard>
  );
}
