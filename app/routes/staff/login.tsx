import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formText, parseForm } from "~/lib/form-data";
import { refused, type StaffAnswer } from "~/lib/staff/answer";
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

/** Signed in, the answer is the next step's page; refused, each field's problem or a sentence, with the address kept (never the password). */
type Answer = StaffAnswer<object, { email: string }>;

export async function action({ request, context }: Route.ActionArgs) {
  const rt = assertSameSite({ request, context });
  const form = parseForm(await request.formData(), signInForm);
  if (!form.ok)
    return refused<Answer>(400, {
      errors: { email: form.errors.email?.[0], password: form.errors.password?.[0] },
      values: { email: form.values.email ?? "" },
    });
  const { email, password } = form.value;
  const result = await signIn(rt, { email, password, clientIp: context.clientIp });
  if (!result.ok) {
    if (result.reason === "locked")
      return refused<Answer>(429, { error: lockedMessage(result.retryAfterMinutes), values: { email } });
    return refused<Answer>(401, { error: FAILURE_MESSAGE, values: { email } });
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
  const refusal = actionData?.ok === false ? actionData : undefined;
  const error = refusal?.error ?? loaderData.notice;
  const errors = refusal?.errors;
  return (
    <SignInCard title="Sign in" error={error} errors={errors}>
      <Form
        method="post"
        className="staff-form"
        aria-describedby={error || refusal ? "login-error" : undefined}
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
              defaultValue={refusal?.values.email ?? ""}
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
