import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formText, parseForm } from "~/lib/form-data";
import { refused, type StaffAnswer } from "~/lib/staff/answer";
import { OneTimeCodeField, SignInCard } from "~/components/staff/sign-in-card";
import { staffMeta } from "~/components/staff/staff-format";
import { requirePendingSignIn } from "~/lib/staff.server";
import { lockedOut, startSession, verifySecondFactor } from "~/lib/staff/sign-in.server";
import "~/styles/staff.css";
import type { Route } from "./+types/login-code";
import { HYDRATE } from "~/lib/hydrate";

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

export const meta = () => staffMeta("Enter your code");

export async function loader(args: Route.LoaderArgs) {
  const { pending } = await requirePendingSignIn(args);
  if (!pending.enrolled) throw redirect("/staff/login/setup");
  return null;
}

/** A one-time or recovery code as typed; only an empty one is refused here. */
const codeForm = z.object({ code: formText(40).refine((c) => c.trim() !== "") });

/** Signed in, the answer is the console; refused, the code field's problem (a code is never sent back). */
type Answer = StaffAnswer<object, Record<string, never>>;

export async function action(args: Route.ActionArgs) {
  const { rt, pending } = await requirePendingSignIn(args);
  if (!pending.enrolled) throw redirect("/staff/login/setup");
  const form = await args.request.formData();
  const parsed = parseForm(form, codeForm);
  if (!parsed.ok)
    return refused<Answer>(400, {
      errors: { code: "Enter the 6-digit code from your authenticator app, or one of your recovery codes." },
    });
  const { code } = parsed.value;
  const result = await verifySecondFactor(rt, pending, { code, clientIp: args.context.clientIp });
  if (!result.ok) {
    // The pending sign-in has ended; after the lock the password is needed again.
    if (result.reason === "locked") return lockedOut(rt, result.retryAfterMinutes);
    return refused<Answer>(401, {
      errors: { code: "That code is not right, or it was already used. Enter the newest code from your app." },
    });
  }
  return redirect("/staff", { headers: await startSession(rt, result.staff.id) });
}

export default function StaffLoginCode({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.ok === false ? actionData.errors : undefined;
  return (
    <SignInCard title="Enter your code" errors={errors}>
      <Form method="post" className="staff-form" noValidate>
        <OneTimeCodeField
          label="Code"
          hint="The 6-digit code your authenticator app shows for this console now."
          error={errors?.code}
          maxLength={20}
        />
        <button type="submit" className="button button--primary staff-login__submit" disabled={busy}>
          {busy ? "Checking…" : "Continue"}
        </button>
      </Form>
      <details className="staff-login__more">
        <summary>Lost your phone?</summary>
        <p>
          Type one of your recovery codes (like <code>abcd-efgh-jkmn</code>) in the code box instead. Each recovery code
          works once. If you have none left, ask the clinic's administrator to reset your two-step sign-in.
        </p>
      </details>
      <p className="staff-login__note">
        <Link to="/staff/login">Start again with your email and password</Link>
      </p>
    </SignInCard>
  );
}
