import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatClinicDateTime } from "@domain/dates";
import { STAFF_NAME_MAX } from "@domain/staff-names";
import { ROLE_LABELS, STAFF_ROLES, isStaffRole, type StaffRole } from "@domain/staff-roles";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import {
  disableStaffAccount,
  enableStaffAccount,
  findPendingInvitation,
  findStaffAccount,
  INVITATION_HOURS,
  inviteStaff,
  listStaff,
  resetSecondFactor,
  setStaffRole,
  StaffAccountError,
  withdrawInvitation,
} from "~/lib/staff/accounts.server";
import type { Route } from "./+types/accounts";

export const meta = () => staffMeta("Staff accounts");

export async function loader(args: Route.LoaderArgs) {
  const { rt, staff } = await requireStaff(args, { role: "manager" });
  return { ...(await listStaff(rt)), me: staff.id, invitationHours: INVITATION_HOURS };
}

/** The actions that take a confirm step (on an account, or on a pending invitation), and what the step says. */
const CONFIRMED_ACTIONS = {
  disable: {
    question: (name: string) => `Disable ${name}'s account?`,
    detail: "They are signed out at once and can no longer sign in, until a manager enables the account again.",
    yes: "Yes, disable the account",
    danger: true,
  },
  enable: {
    question: (name: string) => `Enable ${name}'s account?`,
    detail: "They can sign in again with their own password and two-step sign-in, as before it was disabled.",
    yes: "Yes, enable the account",
    danger: false,
  },
  "reset-mfa": {
    question: (name: string) => `Reset ${name}'s two-step sign-in?`,
    detail: "Their recovery codes stop working, they are signed out, and their next sign-in sets it up again.",
    yes: "Yes, reset two-step sign-in",
    danger: true,
  },
  withdraw: {
    question: (name: string) => `Withdraw the invitation to ${name}?`,
    detail: "The link in their e-mail stops working at once. You can invite them again later.",
    yes: "Yes, withdraw the invitation",
    danger: true,
  },
} as const;
type ConfirmedAction = keyof typeof CONFIRMED_ACTIONS;

type Result =
  | { ok: true; message: string }
  | { ok: false; error: string; field?: "email" | "name" }
  /** Asked first: the same post again with confirmed=yes does it. */
  | { ok: null; confirm: { id: number; intent: ConfirmedAction; name: string } };

const NOT_WAITING = "That invitation is no longer waiting: it was accepted, withdrawn or has expired.";

/**
 * Every field as sent, cut at 300 characters: the role is checked per intent
 * and the e-mail address and name by the core, in the order the page answers
 * them (an unknown intent is answered after the account is looked up).
 */
const accountForm = z.object({
  intent: formText(300),
  role: formText(300),
  email: formText(300),
  name: formText(300),
  id: formText(300),
  confirmed: formText(300),
});

/** Every change is a POST with an intent; the guard refuses anyone but a manager before the body is read. */
export async function action(args: Route.ActionArgs) {
  const { rt, staff } = await requireStaff(args, { role: "manager" });
  const refuse = (error: string, status = 400, field?: "email" | "name") =>
    data<Result>({ ok: false, error, field }, { status });
  const form = parseForm(await args.request.formData(), accountForm);
  if (!form.ok) return refuse("Unknown action.");
  const { intent, role, id, confirmed } = form.value;
  try {
    if (intent === "invite") {
      if (!isStaffRole(role)) return refuse("Choose a role.");
      const email = await inviteStaff(rt, staff, { email: form.value.email, name: form.value.name, role });
      return data<Result>({ ok: true, message: `Invitation sent to ${email}.` });
    }
    if (intent === "withdraw") {
      const invitation = await findPendingInvitation(rt, Number(id));
      if (!invitation) return refuse(NOT_WAITING, 404);
      const name = `${invitation.name} (${invitation.email})`;
      if (confirmed !== "yes") return data<Result>({ ok: null, confirm: { id: invitation.id, intent, name } });
      if (!(await withdrawInvitation(rt, staff, invitation.id))) return refuse(NOT_WAITING, 404);
      return data<Result>({ ok: true, message: `The invitation to ${name} is withdrawn: its link no longer works.` });
    }
    const target = await findStaffAccount(rt.db, Number(id));
    if (!target) return refuse("That account does not exist.", 404);
    const now = rt.now();
    if (intent === "role") {
      if (!isStaffRole(role)) return refuse("Choose a role.");
      await setStaffRole(rt.db, target.email, role, now, staff);
      return data<Result>({ ok: true, message: `${target.name} is now ${ROLE_LABELS[role].toLowerCase()}.` });
    }
    if ((intent === "disable" || intent === "enable" || intent === "reset-mfa") && confirmed !== "yes") {
      return data<Result>({ ok: null, confirm: { id: target.id, intent, name: target.name } });
    }
    if (intent === "disable") {
      await disableStaffAccount(rt.db, target.email, now, staff);
      return data<Result>({ ok: true, message: `${target.name}'s account is disabled and signed out.` });
    }
    if (intent === "enable") {
      await enableStaffAccount(rt.db, target.email, now, staff);
      return data<Result>({ ok: true, message: `${target.name}'s account is enabled: they can sign in again.` });
    }
    if (intent === "reset-mfa") {
      await resetSecondFactor(rt.db, target.email, now, staff);
      return data<Result>({
        ok: true,
        message: `${target.name}'s two-step sign-in is reset: their next sign-in sets it up again.`,
      });
    }
    return refuse("Unknown action.");
  } catch (error) {
    if (error instanceof StaffAccountError) return refuse(error.message, 409, error.field);
    throw error;
  }
}

function RoleSelect({ id, defaultValue }: { id: string; defaultValue?: StaffRole }) {
  return (
    <select id={id} name="role" defaultValue={defaultValue ?? "reception"}>
      {STAFF_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

/**
 * The confirm step of a disable, an enable, a reset or a withdrawal: what it will do,
 * the same post with confirmed=yes, or back to the list. Focus moves to its
 * question.
 */
function ConfirmStep({ id, intent, name, busy }: { id: number; intent: ConfirmedAction; name: string; busy: boolean }) {
  const words = CONFIRMED_ACTIONS[intent];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After the router has settled the scroll position of the answered post.
    const frame = requestAnimationFrame(() => {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ block: "start" });
    });
    return () => cancelAnimationFrame(frame);
  }, [id, intent]);
  return (
    <section className="staff-section staff-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={heading} tabIndex={-1} className="staff-break">
        {words.question(name)}
      </h2>
      <p>{words.detail}</p>
      <Form method="post" className="staff-button-row">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="confirmed" value="yes" />
        <button
          type="submit"
          name="intent"
          value={intent}
          className={`button ${words.danger ? "staff-button--danger" : "button--primary"}`}
          disabled={busy}
        >
          {words.yes}
        </button>
        <Link to="/staff/accounts" className="button button--outline">
          No, keep it as it is
        </Link>
      </Form>
    </section>
  );
}

/** One account's or invitation's one-button action (a POST with its intent and id). */
function RowAction({
  id,
  intent,
  busy,
  danger = false,
  children,
}: {
  id: number;
  intent: ConfirmedAction;
  busy: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`button ${danger ? "staff-button--danger" : "button--outline"} staff-button--small`}
        disabled={busy}
      >
        {children}
      </button>
    </Form>
  );
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, invitations, me, invitationHours } = loaderData;
  const busy = useNavigation().state !== "idle";
  const fieldError = actionData?.ok === false ? actionData.field : undefined;
  return (
    <>
      <div className="staff-page-head">
        <h1>Staff accounts</h1>
        <p className="staff-muted">
          Reception works appointments and enquiries; managers also see the audit log, export and erase patients&apos;
          data, export CSV and manage accounts. Every change here is recorded in the audit log.
        </p>
      </div>

      <div role="status" className="staff-live">
        {actionData?.ok && <p className="staff-alert staff-alert--success staff-break">{actionData.message}</p>}
        {actionData?.ok === false && !fieldError && (
          <p className="staff-alert staff-alert--error staff-break">{actionData.error}</p>
        )}
      </div>
      {actionData?.ok === null && <ConfirmStep {...actionData.confirm} busy={busy} />}

      <section className="staff-section" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a colleague</h2>
        <p className="staff-muted">
          They receive an e-mail with a link that works once, for {invitationHours} hours, to choose a password and set
          up two-step sign-in.
        </p>
        <Form method="post" className="staff-filters">
          <div className="staff-field">
            <label htmlFor="invite-name">Name</label>
            <input
              id="invite-name"
              name="name"
              required
              maxLength={STAFF_NAME_MAX}
              autoComplete="off"
              aria-invalid={fieldError === "name" || undefined}
              aria-describedby={fieldError === "name" ? "invite-error" : undefined}
            />
          </div>
          <div className="staff-field">
            <label htmlFor="invite-email">E-mail</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={fieldError === "email" || undefined}
              aria-describedby={fieldError === "email" ? "invite-error" : undefined}
            />
          </div>
          <div className="staff-field">
            <label htmlFor="invite-role">Role</label>
            <RoleSelect id="invite-role" />
          </div>
          <div className="staff-filters__actions">
            <button type="submit" name="intent" value="invite" className="button button--primary" disabled={busy}>
              Send invitation
            </button>
          </div>
        </Form>
        {actionData?.ok === false && fieldError && (
          <p id="invite-error" className="staff-alert staff-alert--error">
            {actionData.error}
          </p>
        )}
        {invitations.length > 0 && (
          <>
            <h3>Waiting to be accepted</h3>
            <ul className="staff-link-list">
              {invitations.map((i) => (
                <li key={i.id} className="staff-button-row staff-button-row--centred">
                  <span className="staff-break">
                    {i.name} ({i.email}), {ROLE_LABELS[i.role].toLowerCase()}, until{" "}
                    {formatClinicDateTime(i.expires_at)}
                  </span>
                  <RowAction id={i.id} intent="withdraw" busy={busy}>
                    Withdraw<span className="visually-hidden">{` the invitation to ${i.name}`}</span>
                  </RowAction>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="staff-section" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Accounts</h2>
        <DataTable
          region="Accounts table"
          scroll
          caption="Staff accounts"
          columns={["Name", "Role", "Status", "Last sign-in", "Actions"]}
        >
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id}>
                <td>
                  {a.name}
                  {a.id === me && " (you)"}
                  <span className="staff-sub staff-break">{a.email}</span>
                </td>
                <td>
                  <Form method="post" className="staff-button-row staff-button-row--centred">
                    <input type="hidden" name="id" value={a.id} />
                    <label htmlFor={`role-${a.id}`} className="visually-hidden">
                      Role of {a.name}
                    </label>
                    <RoleSelect id={`role-${a.id}`} defaultValue={a.role} />
                    <button
                      type="submit"
                      name="intent"
                      value="role"
                      className="button button--outline staff-button--small"
                      disabled={busy}
                    >
                      Change<span className="visually-hidden"> the role of {a.name}</span>
                    </button>
                  </Form>
                </td>
                <td>
                  {a.disabled ? "Disabled" : "Active"}
                  <span className="staff-sub">
                    {a.totp_enabled_at ? "Two-step sign-in set up" : "Two-step sign-in not set up"}
                  </span>
                </td>
                <td className="staff-nowrap">
                  {a.last_sign_in_at ? formatClinicDateTime(a.last_sign_in_at) : "Never"}
                </td>
                <td>
                  {a.disabled ? (
                    <RowAction id={a.id} intent="enable" busy={busy}>
                      Enable<span className="visually-hidden">{` ${a.name}`}</span>
                    </RowAction>
                  ) : (
                    <div className="staff-button-row staff-button-row--centred">
                      <RowAction id={a.id} intent="reset-mfa" busy={busy}>
                        Reset two-step sign-in<span className="visually-hidden"> of {a.name}</span>
                      </RowAction>
                      <RowAction id={a.id} intent="disable" busy={busy} danger>
                        Disable<span className="visually-hidden"> {a.name}</span>
                      </RowAction>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </section>
    </>
  );
}
