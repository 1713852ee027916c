import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@domain/staff-limits";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { StaffErrorSummary, StaffField, type FieldErrors } from "~/components/staff/form-errors";
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

export async function action(args: Route.ActionArgs) {
  const { staff, rt, token } = await requireStaff(args);
  const form = await args.request.formData();
  const parsed = parseForm(form, passwordForm);
  if (!parsed.ok) {
    const errors: FieldErrors = {};
    for (const name of ["current", "next", "confirm"] as const) errors[name] = parsed.errors[name]?.[0];
    return data({ errors, done: null }, { status: 400 });
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
  if (!result.ok) return data({ errors: { [result.field]: result.message }, done: null }, { status: result.status });
  return { errors: null, done: result.endedSessions };
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
  const done = actionData?.done;
  useEffect(() => {
    if (typeof done === "number") summaryRef.current?.focus();
  }, [actionData, done]);
  const errors: FieldErrors | undefined = actionData?.errors ?? undefined;
  return (
    <div className="staff-narrow">
      <div className="staff-page-head">
        <h1>Change password</h1>
        <p className="staff-muted">
          Changing your password signs you out everywhere else: on other computers and in other browsers.
        </p>
      </div>
      {errors && <StaffErrorSummary errors={errors} />}
      {typeof done === "number" && (
        <div className="staff-alert staff-alert--success" role="status" tabIndex={-1} ref={summaryRef}>
          Your password is changed.{" "}
          {done === 0
            ? "You had no other sessions."
            : `${done} other ${done === 1 ? "session was" : "sessions were"} signed out.`}
        </div>
      )}
      <Form
        method="post"
        className="staff-form staff-form--stack"
        key={typeof done === "number" ? "done" : "form"}
        noValidate
      >
        {FIELDS.map((f) => (
          <StaffField key={f.name} id={f.name} label={f.label} hint={f.hint} error={errors?.[f.name]}>
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
