import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@domain/staff-limits";
import { staffMeta } from "~/components/staff/staff-format";
import { firstError, formText, parseForm } from "~/lib/form-data";
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

/** Three passwords, never trimmed; only the first one left empty is named (the rules are checked when it is set). */
const passwordForm = z
  .object({ current: formText(1000), next: formText(1000), confirm: formText(1000) })
  .superRefine((v, ctx) => {
    const missing = (["current", "next", "confirm"] as const).find((name) => !v[name]);
    if (missing) ctx.addIssue({ code: "custom", message: MISSING[missing], path: [missing] });
  });

export async function action(args: Route.ActionArgs) {
  const { staff, rt, token } = await requireStaff(args);
  const form = await args.request.formData();
  const parsed = parseForm(form, passwordForm);
  if (!parsed.ok) {
    const { field, message } = firstError(parsed.errors);
    return data({ field: field as Field, error: message, done: null }, { status: 400 });
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
  if (!result.ok) return data({ field: result.field, error: result.message, done: null }, { status: result.status });
  return { field: null, error: null, done: result.endedSessions };
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
  useEffect(() => {
    if (actionData) summaryRef.current?.focus();
  }, [actionData]);
  const done = actionData?.done;
  return (
    <div className="staff-narrow">
      <div className="staff-page-head">
        <h1>Change password</h1>
        <p className="staff-muted">
          Changing your password signs you out everywhere else: on other computers and in other browsers.
        </p>
      </div>
      {actionData?.error && (
        <div className="staff-alert staff-alert--error" role="alert" tabIndex={-1} ref={summaryRef}>
          <a href={`#${actionData.field}`}>{actionData.error}</a>
        </div>
      )}
      {typeof done === "number" && (
        <div className="staff-alert staff-alert--success" role="status" tabIndex={-1} ref={summaryRef}>
          Your password is changed.{" "}
          {done === 0
            ? "You had no other sessions."
            : `${done} other ${done === 1 ? "session was" : "sessions were"} signed out.`}
        </div>
      )}
      <Form method="post" className="staff-form staff-form--stack" key={typeof done === "number" ? "done" : "form"}>
        {FIELDS.map((f) => {
          const invalid = actionData?.field === f.name;
          const describedBy =
            [f.hint ? `${f.name}-hint` : null, invalid ? `${f.name}-error` : null].filter(Boolean).join(" ") ||
            undefined;
          return (
            <div className="staff-field" key={f.name}>
              <label htmlFor={f.name}>{f.label}</label>
              {f.hint && (
                <p id={`${f.name}-hint`} className="staff-field__hint">
                  {f.hint}
                </p>
              )}
              {invalid && (
                <p id={`${f.name}-error`} className="staff-field__error">
                  {actionData?.error}
                </p>
              )}
              <input
                id={f.name}
                name={f.name}
                type="password"
                autoComplete={f.autoComplete}
                required
                minLength={f.name === "current" ? undefined : MIN_PASSWORD_LENGTH}
                maxLength={1000}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            </div>
          );
        })}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Changing…" : "Change password"}
        </button>
      </Form>
    </div>
  );
}
