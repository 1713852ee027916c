import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@domain/staff-limits";
import { SignInCard } from "~/components/staff/sign-in-card";
import { staffMeta } from "~/components/staff/staff-format";
import { assertSameSite } from "~/lib/staff.server";
import { acceptInvitation, accountExistsMessage, findInvitation, startPendingSignIn } from "~/lib/staff/sign-in.server";
import { formText, parseForm } from "~/lib/form-data";
import { refused, type StaffAnswer } from "~/lib/staff/answer";
import { StaffField } from "~/components/staff/form-errors";
import { HYDRATE } from "~/lib/hydrate";
import "~/styles/staff.css";
import type { Route } from "./+types/invite";

export const meta = () => staffMeta("Accept your invitation");

/** The console loads React like its sign-in pages (app/lib/hydrate.ts). */
export const handle = HYDRATE;

const NOT_VALID = "This invitation link is not valid: it was used already, it expired, or it was copied wrongly.";

/** The link's token rides in the query string (never logged) and then in the form, never in a path. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rt = context.staffRuntime;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await findInvitation(rt, token);
  if (!invitation) throw data(NOT_VALID, { status: 404 });
  if (invitation.accountExists) return data({ refused: accountExistsMessage(invitation.email) }, { status: 409 });
  return { token, name: invitation.name, email: invitation.email };
}

/**
 * The new password twice, never trimmed (its rules are checked when it is
 * set), and the invitation's token; every error at once.
 */
const inviteForm = z
  .object({ token: formText(1000), password: formText(1000), confirm: formText(1000) })
  .superRefine((v, ctx) => {
    if (!v.password) ctx.addIssue({ code: "custom", message: "Choose a password.", path: ["password"] });
    if (!v.confirm) ctx.addIssue({ code: "custom", message: "Type the password again.", path: ["confirm"] });
    else if (v.password && v.password !== v.confirm)
      ctx.addIssue({ code: "custom", message: "The two passwords are not the same.", path: ["confirm"] });
  });

/**
 * Accepted, the answer is the next step's page. Refused: the password's
 * problems by field (a password is never sent back), or a sentence when the
 * invitation cannot be accepted at all (409: its address has an account).
 */
type Answer = StaffAnswer<object, Record<string, never>>;

/** Sets the password, takes the invitation once, then goes on to set up two-step sign-in. */
export async function action({ request, context }: Route.ActionArgs) {
  const rt = assertSameSite({ request, context });
  const form = await request.formData();
  const parsed = parseForm(form, inviteForm);
  if (!parsed.ok)
    return refused<Answer>(400, {
      errors: { password: parsed.errors.password?.[0], confirm: parsed.errors.confirm?.[0] },
    });
  const { password, token } = parsed.value;
  const result = await acceptInvitation(rt, token, password);
  if (!result) throw data(NOT_VALID, { status: 404 });
  if (!result.ok && result.status === 409) return refused<Answer>(409, { error: result.error });
  if (!result.ok) return refused<Answer>(400, { errors: { password: result.error } });
  return redirect("/staff/login/setup", { headers: await startPendingSignIn(rt, result.staff.id) });
}

export default function StaffInvite({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if ("refused" in loaderData) return <InvitationRefused message={loaderData.refused} />;
  if (actionData?.ok === false && actionData.error) return <InvitationRefused message={actionData.error} />;
  const errors = actionData?.ok === false ? actionData.errors : undefined;
  return (
    <SignInCard title="Choose your password" errors={errors}>
      <p>
        Welcome, {loaderData.name}. Your account will be <strong>{loaderData.email}</strong>. After the password, you
        set up two-step sign-in with an authenticator app.
      </p>
      <Form method="post" className="staff-form" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <StaffField
          id="password"
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, not common or easy to guess. A few unrelated words work well.`}
          error={errors?.password}
        >
          {(aria) => <input {...aria} name="password" type="password" autoComplete="new-password" maxLength={1000} />}
        </StaffField>
        <StaffField id="confirm" label="New password again" error={errors?.confirm}>
          {(aria) => <input {...aria} name="confirm" type="password" autoComplete="new-password" maxLength={1000} />}
        </StaffField>
        <button type="submit" className="button button--primary staff-login__submit" disabled={busy}>
          {busy ? "Saving…" : "Save and continue"}
        </button>
      </Form>
    </SignInCard>
  );
}

/** An invitation that cannot be accepted (its address has an account): what happened, and where to go instead. */
function InvitationRefused({ message }: { message: string }) {
  return (
    <SignInCard title="Invitation cannot be used" error={message}>
      <p>
        <Link to="/staff/login">Go to the sign-in page</Link>
      </p>
    </SignInCard>
  );
}

export function ErrorBoundary() {
  return (
    <SignInCard title="Invitation not valid">
      <p>{NOT_VALID}</p>
      <p>Ask a manager of the clinic to send you a new invitation.</p>
      <p>
        <Link to="/staff/login">Go to the sign-in page</Link>
      </p>
    </SignInCard>
  );
}
