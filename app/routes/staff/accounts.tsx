import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatClinicDateTime } from "@domain/dates";
import { STAFF_NAME_MAX } from "@domain/staff-names";
import { ROLE_LABELS, STAFF_ROLES, isStaffRole, type StaffRole } from "@domain/staff-roles";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { DataTable } from "~/components/staff/data-table";
import { RowAction } from "~/components/staff/row-action";
import { AnswerSummary, StaffField } from "~/components/staff/form-errors";
import { done, refused, type StaffAnswer } from "~/lib/staff/answer";
import { requireStaff } from "~/lib/staff.server";
import {
  disableStaffAccount,
  enableStaffAccount,
  findPendingInvitation,
  findStaffAccount,
  INVITATION_HOURS,
  invitationProblems,
  inviteStaff,
  listStaff,
  resendInvitation,
  resetSecondFactor,
  isRefusal,
  refusalWords,
  setStaffRole,
  withdrawInvitation,
  type AccountChanged,
  type InvitationField,
  type Refusal,
} from "~/lib/staff/accounts.server";
import type { Route } from "./+types/accounts";

export const meta = () => staffMeta("Staff accounts");

export async function loader(args: Route.LoaderArgs) {
  const { rt, staff } = await requireStaff(args, { role: "manager" });
  return { ...(await listStaff(rt)), me: staff.id, invitationHours: INVITATION_HOURS };
}

/** What each role may do, in the words of the confirm step before a role change. */
const ROLE_POWERS: Record<StaffRole, string> = {
  manager:
    "A manager can also see the audit log, export and erase patients' data, export CSV, add closures and manage accounts.",
  reception: "Reception works appointments and enquiries only: the managers' pages are refused.",
  radiologist:
    "A radiologist sees the day list and the appointments and attaches the signed reports: the managers' pages are refused.",
};

/** The actions that take a confirm step (on an account, or on a pending invitation), and what the step says. */
const CONFIRMED_ACTIONS = {
  disable: {
    question: (name: string) => `Disable ${name}'s account?`,
    detail: () => "They are signed out at once and can no longer sign in, until a manager enables the account again.",
    yes: () => "Yes, disable the account",
    danger: true,
  },
  enable: {
    question: (name: string) => `Enable ${name}'s account?`,
    detail: () => "They can sign in again with their own password and two-step sign-in, as before it was disabled.",
    yes: () => "Yes, enable the account",
    danger: false,
  },
  "reset-mfa": {
    question: (name: string) => `Reset ${name}'s two-step sign-in?`,
    detail: () => "Their recovery codes stop working, they are signed out, and their next sign-in sets it up again.",
    yes: () => "Yes, reset two-step sign-in",
    danger: true,
  },
  role: {
    question: (name: string, role?: StaffRole) => `Make ${name} ${role ? ROLE_LABELS[role].toLowerCase() : ""}?`,
    detail: (role?: StaffRole) => (role ? ROLE_POWERS[role] : ""),
    yes: (role?: StaffRole) => `Yes, make them ${role ? ROLE_LABELS[role].toLowerCase() : ""}`,
    danger: false,
  },
  withdraw: {
    question: (name: string) => `Withdraw the invitation to ${name}?`,
    detail: () => "The link in their e-mail stops working at once. You can invite them again later.",
    yes: () => "Yes, withdraw the invitation",
    danger: true,
  },
} as const;
type ConfirmedAction = keyof typeof CONFIRMED_ACTIONS;

/** The invitation form's fields by their ids on the page (the error summary links to them). */
const INVITE_IDS: Record<InvitationField, string> = { name: "invite-name", email: "invite-email", role: "invite-role" };

/**
 * Done: the notice (after an invitation, `invited`, so the form starts empty
 * again), or, asked first, the confirm step (`confirm`): the same post again
 * with confirmed=yes does it. Refused: about fields of the invitation form
 * (`errors` by field id, with the values sent), or about none.
 */
type Answer = StaffAnswer<
  { invited?: boolean; confirm?: { id: number; intent: ConfirmedAction; name: string; role?: StaffRole } },
  Record<InvitationField, string>
>;

const NOT_WAITING = "That invitation is no longer waiting: it was accepted, withdrawn or has expired.";

/**
 * Every field as sent, cut at 300 characters: the role is checked per intent
 * and the e-mail address and name by the core, all at once (invitationProblems).
 */
const accountForm = z.object({
  intent: formText(300),
  role: formText(300),
  email: formText(300),
  name: formText(300),
  id: formText(300),
  confirmed: formText(300),
});

/** The invitation form's problems by field id, in its order (the error summary links to them). */
const inviteErrors = (problems: Partial<Record<InvitationField, string>>) =>
  Object.fromEntries((Object.keys(INVITE_IDS) as InvitationField[]).map((f) => [INVITE_IDS[f], problems[f]]));

/** Every change is a POST with an intent; the guard refuses anyone but a manager before the body is read. */
export async function action(args: Route.ActionArgs) {
  const { rt, staff } = await requireStaff(args, { role: "manager" });
  const refuse = (error: string, status = 400) => refused<Answer>(status, { error });
  const notice = (text: string) => done<Answer>({ notice: text });
  const form = parseForm(await args.request.formData(), accountForm);
  if (!form.ok) return refuse("Unknown action.");
  const { intent, role, id, confirmed } = form.value;
  /** An account change the core refused (the last active manager, an account gone meanwhile). */
  const changed = (outcome: AccountChanged | Refusal<string>, text: string) =>
    isRefusal(outcome) ? refuse(refusalWords(outcome), 409) : notice(text);
  if (intent === "invite") {
    const values = { name: form.value.name, email: form.value.email, role };
    const problems = invitationProblems(values);
    if (Object.keys(problems).length || !isStaffRole(role))
      return refused<Answer>(400, { errors: inviteErrors(problems), values });
    const invited = await inviteStaff(rt, staff, { email: values.email, name: values.name, role });
    if (isRefusal(invited)) return refused<Answer>(409, { errors: inviteErrors(invited.errors), values });
    return done<Answer>({ invited: true, notice: `Invitation sent to ${invited.email}.` });
  }
  if (intent === "withdraw" || intent === "resend") {
    const invitation = await findPendingInvitation(rt, Number(id));
    if (!invitation) return refuse(NOT_WAITING, 404);
    const name = `${invitation.name} (${invitation.email})`;
    if (intent === "resend") {
      if (!(await resendInvitation(rt, staff, invitation.id))) return refuse(NOT_WAITING, 404);
      return notice(
        `The invitation to ${name} is sent again, with a new link for ${INVITATION_HOURS} hours: the earlier link no longer works.`,
      );
    }
    if (confirmed !== "yes") return done<Answer>({ confirm: { id: invitation.id, intent, name } });
    if (!(await withdrawInvitation(rt, staff, invitation.id))) return refuse(NOT_WAITING, 404);
    return notice(`The invitation to ${name} is withdrawn: its link no longer works.`);
  }
  const target = await findStaffAccount(rt.db, Number(id));
  if (!target) return refuse("That account does not exist.", 404);
  const now = rt.now();
  if (intent === "role") {
    if (!isStaffRole(role)) return refuse("Choose a role.");
    if (role === target.role) return notice(`${target.name} is already ${ROLE_LABELS[role].toLowerCase()}.`);
    if (confirmed !== "yes") return done<Answer>({ confirm: { id: target.id, intent, name: target.name, role } });
    return changed(
      await setStaffRole(rt.db, target.email, role, now, staff),
      `${target.name} is now ${ROLE_LABELS[role].toLowerCase()}.`,
    );
  }
  if ((intent === "disable" || intent === "enable" || intent === "reset-mfa") && confirmed !== "yes") {
    return done<Answer>({ confirm: { id: target.id, intent, name: target.name } });
  }
  if (intent === "disable")
    return changed(
      await disableStaffAccount(rt.db, target.email, now, staff),
      `${target.name}'s account is disabled and signed out.`,
    );
  if (intent === "enable")
    return changed(
      await enableStaffAccount(rt.db, target.email, now, staff),
      `${target.name}'s account is enabled: they can sign in again.`,
    );
  if (intent === "reset-mfa")
    return changed(
      await resetSecondFactor(rt.db, target.email, now, staff),
      `${target.name}'s two-step sign-in is reset: their next sign-in sets it up again.`,
    );
  return refuse("Unknown action.");
}

function RoleSelect({
  defaultValue,
  ...aria
}: {
  id: string;
  defaultValue?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return (
    <select {...aria} name="role" defaultValue={defaultValue ?? "reception"}>
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
function ConfirmStep({
  id,
  intent,
  name,
  role,
  busy,
}: {
  id: number;
  intent: ConfirmedAction;
  name: string;
  role?: StaffRole;
  busy: boolean;
}) {
  const words = CONFIRMED_ACTIONS[intent];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After the router has settled the scroll position of the answered post.
    const frame = requestAnimationFrame(() => {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ block: "start" });
    });
    return () => cancelAnimationFrame(frame);
  }, [id, intent, role]);
  return (
    <section className="staff-section staff-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={heading} tabIndex={-1} className="staff-break">
        {words.question(name, role)}
      </h2>
      <p>{words.detail(role)}</p>
      <Form method="post" className="staff-button-row" noValidate>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="confirmed" value="yes" />
        {role ? <input type="hidden" name="role" value={role} /> : null}
        <button
          type="submit"
          name="intent"
          value={intent}
          className={`button ${words.danger ? "staff-button--danger" : "button--primary"}`}
          disabled={busy}
        >
          {words.yes(role)}
        </button>
        <Link to="/staff/accounts" className="button button--outline">
          No, keep it as it is
        </Link>
      </Form>
    </section>
  );
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, invitations, me, invitationHours } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.ok === false ? actionData.errors : undefined;
  const values = actionData?.ok === false ? actionData.values : undefined;
  const confirm = actionData?.ok ? actionData.confirm : undefined;
  // After an invitation is sent the form starts empty again (a new key: React makes new, empty fields).
  const formKey = actionData?.ok && actionData.invited ? `sent-${actionData.notice}` : "invite";
  return (
    <>
      <div className="staff-page-head">
        <h1>Staff accounts</h1>
        <p className="staff-muted">
          Reception works appointments and enquiries; radiologists do that too and attach the signed reports; managers
          also attach reports, see the audit log, export and erase patients&apos; data, export CSV and manage accounts.
          Every change here is recorded in the audit log.
        </p>
      </div>

      <AnswerSummary answer={actionData} />
      <div role="status" className="staff-live">
        {actionData?.ok && actionData.notice && (
          <p className="staff-alert staff-alert--success staff-break">{actionData.notice}</p>
        )}
      </div>
      {confirm && <ConfirmStep {...confirm} busy={busy} />}

      <section className="staff-section" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a colleague</h2>
        <p className="staff-muted">
          They receive an e-mail with a link that works once, for {invitationHours} hours, to choose a password and set
          up two-step sign-in.
        </p>
        <Form method="post" className="staff-filters" noValidate key={formKey}>
          <StaffField id={INVITE_IDS.name} label="Name" error={errors?.[INVITE_IDS.name]}>
            {(aria) => (
              <input
                {...aria}
                name="name"
                maxLength={STAFF_NAME_MAX}
                autoComplete="off"
                defaultValue={values?.name ?? ""}
              />
            )}
          </StaffField>
          <StaffField id={INVITE_IDS.email} label="E-mail" error={errors?.[INVITE_IDS.email]}>
            {(aria) => (
              <input
                {...aria}
                name="email"
                type="email"
                maxLength={254}
                autoComplete="off"
                spellCheck={false}
                defaultValue={values?.email ?? ""}
              />
            )}
          </StaffField>
          <StaffField id={INVITE_IDS.role} label="Role" error={errors?.[INVITE_IDS.role]}>
            {(aria) => <RoleSelect {...aria} defaultValue={values?.role} />}
          </StaffField>
          <div className="staff-filters__actions">
            <button type="submit" name="intent" value="invite" className="button button--primary" disabled={busy}>
              Send invitation
            </button>
          </div>
        </Form>
        {invitations.length > 0 && (
          <>
            <h3>Waiting to be accepted</h3>
            <ul className="staff-link-list staff-invitations">
              {invitations.map((i) => (
                <li key={i.id} className="staff-button-row staff-button-row--centred">
                  <span className="staff-break">
                    {i.name} ({i.email}), {ROLE_LABELS[i.role].toLowerCase()}, until{" "}
                    {formatClinicDateTime(i.expires_at)}
                  </span>
                  <span className="staff-button-row">
                    <RowAction value={i.id} intent="resend" busy={busy}>
                      Send again<span className="visually-hidden">{` to ${i.name}`}</span>
                    </RowAction>
                    <RowAction value={i.id} intent="withdraw" busy={busy}>
                      Withdraw<span className="visually-hidden">{` the invitation to ${i.name}`}</span>
                    </RowAction>
                  </span>
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
          columns={["Name", "Status", "Role", "Last sign-in", "Actions"]}
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
                  {a.disabled ? "Disabled" : "Active"}
                  <span className="staff-sub">
                    {a.totp_enabled_at ? "Two-step sign-in set up" : "Two-step sign-in not set up"}
                  </span>
                </td>
                <td>
                  <Form method="post" className="staff-button-row staff-button-row--centred" noValidate>
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
                <td className="staff-nowrap">
                  {a.last_sign_in_at ? formatClinicDateTime(a.last_sign_in_at) : "Never"}
                </td>
                <td>
                  {a.disabled ? (
                    <RowAction value={a.id} intent="enable" busy={busy}>
                      Enable<span className="visually-hidden">{` ${a.name}`}</span>
                    </RowAction>
                  ) : (
                    <div className="staff-button-row staff-button-row--centred">
                      <RowAction value={a.id} intent="reset-mfa" busy={busy}>
                        Reset two-step sign-in<span className="visually-hidden"> of {a.name}</span>
                      </RowAction>
                      <RowAction value={a.id} intent="disable" busy={busy} danger>
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
