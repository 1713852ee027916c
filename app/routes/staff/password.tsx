import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@domain/staff-limits";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { AnswerSummary, StaffField } from "~/components/staff/form-errors";
import { done, refused, type FieldErrors, type StaffAnswer } from "~/lib/staff/answer";
import { requireStaff } from "~/lib/staff.server";
import { changePassword } from "~/lib/staff/accounts.server";
import type { Route } from "./+types/password";

export const meta = () => staffMeta("Change password");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return null;
}

type Field = "current" | "next" | "confirm";

const MISSING: Record<Field, string> = {
  current: "Enter your current password.",
  next: "Enter a new password.",
  confirm: "Type the new password again.",
};

/**
 * Three passwords, never trimmed: every one left empty is named, and two
 * new ones that differ, all at once (the rules are checked when it is set).
 */
const passwordForm = z
  .object({ current: formText(1000), next: formText(1000), confirm: formText(1000) })
  .superRefine((v, ctx) => {
    for (const name of ["current", "next", "confirm"] as const)
      if (!v[name]) ctx.addIssue({ code: "custom", message: MISSING[name], path: [name] });
    if (v.next && v.confirm && v.next !== v.confirm)
      ctx.addIssue({
        code: "custom",
        message: "The two new passwords do not match. Type the same new password twice.",
        path: ["confirm"],
      });
  });

/** Done: the notice, which says how many other sessions were signed out. Refused: by field; a password is never sent back. */
type Answer = StaffAnswer<object, Record<string, never>>;

export async function action(args: Route.ActionArgs) {
  const { staff, rt, token } = await requireStaff(args);
  const form = await args.request.formData();
  const parsed = parseForm(form, passwordForm);
  if (!parsed.ok) {
    const errors: FieldErrors = {};
    for (const name of ["current", "next", "confirm"] as const) errors[name] = parsed.errors[name]?.[0];
    return refused<Answer>(400, { errors });
  }
  const { current, next, confirm } = parsed.value;
  const result = await changePassword(rt, {
    staffId: staff.id,
    keepToken: token,
    current,
    next,
    confirm,
    clientIp: args.context.clientIp,
  });
  if (!result.ok) return refused<Answer>(result.status, { errors: { [result.field]: result.message } });
  const ended = result.endedSessions;
  return done<Answer>({
    notice: `Your password is changed. ${
      ended === 0
        ? "You had no other sessions."
        : `${ended} other ${ended === 1 ? "session was" : "sessions were"} signed out.`
    }`,
  });
}

const FIELDS: { name: Field; label: string; autoComplete: string; hint?: string }[] = [
  { name: "current", label: "Current password", autoComplete: "current-password" },
  {
    name: "next",
    label: "New password",
    autoComplete: "new-password",
    hint: `At least ${MIN_PASSWORD_LENGTH} characters. Four or more unrelated words work well; common passwords and your own name are refused.`,
  },
  { name: "confirm", label: "New password again", autoComplete: "new-password" },
];

export default function StaffPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const summaryRef = useRef<HTMLDivElement>(null);
  const changed = actionData?.ok === true;
  useEffect(() => {
    if (changed) summaryRef.current?.focus();
  }, [actionData, changed]);
  return (
    <div className="staff-narrow">
      <div className="staff-page-head">
        <h1>Change password</h1>
        <p className="staff-muted">
          Changing your password signs you out everywhere else: on other computers and in other browsers.
        </p>
      </div>
      <AnswerSummary answer={actionData} />
      {actionData?.ok && (
        <div className="staff-alert staff-alert--success" role="status" tabIndex={-1} ref={summaryRef}>
          {actionData.notice}
        </div>
      )}
      <Form method="post" className="staff-form staff-form--stack" key={changed ? "done" : "form"} noValidate>
        {FIELDS.map((f) => (
          <StaffField
            key={f.name}
            id={f.name}
            label={f.label}
            hint={f.hint}
            error={actionData?.ok === false ? actionData.errors[f.name] : undefined}
          >
            {(aria) => <input {...aria} name={f.name} type="password" autoComplete={f.autoComplete} maxLength={1000} />}
          </StaffField>
        ))}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Changing…" : "Change password"}
        </button>
      </Form>
    </div>
  );
}
