import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formText, parseForm } from "~/lib/form-data";
import { done, refused, type StaffAnswer } from "~/lib/staff/answer";
import { OneTimeCodeField, SignInCard } from "~/components/staff/sign-in-card";
import { staffMeta } from "~/components/staff/staff-format";
import { pendingSignIn, requirePendingSignIn } from "~/lib/staff.server";
import { confirmEnrolment, enrolment, lockedOut, PENDING_MINUTES, startSession } from "~/lib/staff/sign-in.server";
import "~/styles/staff.css";
import type { Route } from "./+types/login-setup";
import { HYDRATE } from "~/lib/hydrate";

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

export const meta = () => staffMeta("Set up two-step sign-in");

export async function loader(args: Route.LoaderArgs) {
  const found = await pendingSignIn(args);
  // No live pending sign-in: either it timed out, or the action of this very
  // request just finished it (React Router runs the loader again after an
  // action, and the recovery codes are then in the action's answer).
  if (!found) return { setup: null, pendingMinutes: PENDING_MINUTES };
  if (found.pending.enrolled) throw redirect("/staff/login/code");
  return { setup: await enrolment(args.context.staffRuntime, found.pending), pendingMinutes: PENDING_MINUTES };
}

/** A one-time or recovery code as typed; only an empty one is refused here. */
const codeForm = z.object({ code: formText(40).refine((c) => c.trim() !== "") });

/**
 * Done: signed in, with the recovery codes, shown only in this answer (never
 * stored readable). Refused: the code field's problem.
 */
type Answer = StaffAnswer<{ recoveryCodes: string[] }, Record<string, never>>;

export async function action(args: Route.ActionArgs) {
  const { rt, pending } = await requirePendingSignIn(args);
  if (pending.enrolled) throw redirect("/staff/login/code");
  const form = await args.request.formData();
  const parsed = parseForm(form, codeForm);
  if (!parsed.ok)
    return refused<Answer>(400, {
      errors: { code: "Enter the 6-digit code your app shows after adding the account." },
    });
  const { code } = parsed.value;
  const result = await confirmEnrolment(rt, pending, { code, clientIp: args.context.clientIp });
  if (!result.ok) {
    if (result.reason === "locked") return lockedOut(rt, result.retryAfterMinutes);
    return refused<Answer>(401, {
      errors: {
        code: "That code is not right. Check the app shows this console's account, then enter its newest code.",
      },
    });
  }
  // Signed in. The recovery codes are in this one answer (never stored readable, never shown again).
  return done<Answer>(
    { notice: "Two-step sign-in is set up, and you are signed in.", recoveryCodes: result.recoveryCodes },
    { headers: await startSession(rt, result.staff.id) },
  );
}

export default function StaffLoginSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (actionData?.ok) {
    return (
      <SignInCard title="Save your recovery codes" wide>
        <div className="staff-alert staff-alert--success" role="status">
          {actionData.notice}
        </div>
        <p>
          If you lose your phone, each of these codes lets you sign in once instead of a code from the app.{" "}
          <strong>They are shown only now.</strong> Write them down or print this page, and keep them somewhere safe,
          away from your computer.
        </p>
        <ol className="staff-recovery-codes" aria-label="Recovery codes">
          {actionData.recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <p>
          <Link to="/staff" className="button button--primary staff-login__submit" reloadDocument>
            I have saved them: open the console
          </Link>
        </p>
      </SignInCard>
    );
  }
  const setup = loaderData.setup;
  if (!setup) {
    return (
      <SignInCard title="Sign in again">
        <p>
          This sign-in has ended: it was not finished within {loaderData.pendingMinutes} minutes, or it was already
          used.
        </p>
        <p>
          <Link to="/staff/login" className="button button--primary staff-login__submit">
            Sign in
          </Link>
        </p>
      </SignInCard>
    );
  }
  return (
    <SignInCard title="Set up two-step sign-in" errors={actionData?.ok === false ? actionData.errors : undefined} wide>
      <p>
        Every staff account needs a second step at sign-in: a code from an authenticator app on your phone (for example
        Google Authenticator, Microsoft Authenticator or FreeOTP).
      </p>
      <ol className="staff-steps">
        <li>
          <p>In the app, add an account and scan this QR code.</p>
          <div
            className="staff-qr"
            role="img"
            aria-label="QR code that adds this console to your authenticator app"
            dangerouslySetInnerHTML={{ __html: setup.qr }}
          />
          <p className="staff-field__hint">
            Cannot scan it? Choose to enter a key instead, with the account name{" "}
            <strong className="staff-break">{setup.email}</strong> and this key (time-based):
          </p>
          <p className="staff-secret">
            <code>{setup.secret}</code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows.</p>
          <Form method="post" className="staff-form" noValidate>
            <OneTimeCodeField
              label="Code from the app"
              hint="Six digits. A new code appears every 30 seconds."
              error={actionData?.ok === false ? actionData.errors.code : undefined}
            />
            <button type="submit" className="button button--primary staff-login__submit" disabled={busy}>
              {busy ? "Checking…" : "Confirm and sign in"}
            </button>
          </Form>
        </li>
      </ol>
      <p className="staff-login__note">
        <Link to="/staff/login">Cancel and start again</Link>
      </p>
    </SignInCard>
  );
}
