import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formText, parseForm } from "~/lib/form-data";
import { SignInCard } from "~/components/staff/sign-in-card";
import { StaffField } from "~/components/staff/form-errors";
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

/** The email as typed (the account lookup normalises it), the password never trimmed; each one missing is named. */
const signInForm = z.object({
  email: formText(254).refine((v) => v.trim() !== "", "Enter your email address."),
  password: formText(1000).refine((v) => v !== "", "Enter your password."),
});

export async function action({ request, context }: Route.ActionArgs) {
  const rt = assertSameSite({ request, context });
  const form = parseForm(await request.formData(), signInForm);
  if (!form.ok)
    return data(
      {
        error: undefined,
        errors: { email: form.errors.email?.[0], password: form.errors.password?.[0] },
        email: form.values.email ?? "",
      },
      { status: 400 },
    );
  const { email, password } = form.value;
  const result = await signIn(rt, { email, password, clientIp: context.clientIp });
  if (!result.ok) {
    if (result.reason === "locked")
      return data({ error: lockedMessage(result.retryAfterMinutes), errors: undefined, email }, { status: 429 });
    return data({ error: FAILURE_MESSAGE, errors: undefined, email }, { status: 401 });
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
  const errors = actionData?.errors;
  return (
    <SignInCard title="Sign in" error={error} errors={errors}>
      <Form
        method="post"
        className="staff-form"
        aria-describedby={error || errors ? "login-error" : undefined}
        noValidate
      >
        <StaffField id="email" label="Email" error={errors?.email}>
          {(aria) => (
            <input
              {...aria}
              name="email"
              type="email"
              autoComplete="username"
              maxLength={254}
              spellCheck={false}
              defaultValue={actionData?.email ?? ""}
            />
          )}
        </StaffField>
        <StaffField id="password" label="Password" error={errors?.password}>
          {(aria) => (
            <input {...aria} name="password" type="password" autoComplete="current-password" maxLength={1000} />
          )}
        </StaffField>
        <button type="submit" className="button button--primary staff-login__submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="staff-login__note">For clinic staff only. Accounts are created by the clinic's administrator.</p>
    </SignInCard>
  );
}
