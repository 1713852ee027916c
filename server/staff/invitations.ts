import { isStaffRole, ROLE_LABELS, type StaffIdentity, type StaffRole } from "../../domain/staff-roles";
import { enqueueMail } from "../mail/queue";
import {
  accountExists,
  accountProblems,
  createAccountRow,
  listStaffAccounts,
  normaliseEmail,
  staffTargetName,
} from "./accounts";
import { invalid, isRefusal, refusingTransaction, type Invalid } from "../db/outcome";
import { recordAudit, type AuditEntry } from "../audit/audit";
import { invitationRepository } from "./invitation-repository";
import { hashPassword, passwordProblem } from "./passwords";
import type { StaffRuntime } from "../db/runtime";
import { hashToken, newToken } from "../base/tokens";
import { staffUserRepository } from "./staff-user-repository";

/** How long an invitation link works. */
export const INVITATION_HOURS = 24;

/** Where an invitation link leads; the token goes in the query string, which is never logged. */
export const INVITATION_PATH = "/staff/invite";

export interface Invitation {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

export type InvitationField = "name" | "email" | "role";

export const ROLE_MISSING = "Choose a role.";

/**
 * Every problem with an invitation's fields at once, by field, in the
 * form's order (the console shows them together); empty when there is none.
 * The same rules inviteStaff runs.
 */
export function invitationProblems(input: {
  name: string;
  email: string;
  role: string;
}): Partial<Record<InvitationField, string>> {
  const problems: Partial<Record<InvitationField, string>> = accountProblems(input);
  if (!isStaffRole(input.role)) problems.role = ROLE_MISSING;
  return problems;
}

/**
 * A manager invites a colleague: one pending invitation per address (a new
 * one replaces the old), valid INVITATION_HOURS, its token only in the e-mail
 * and only its hash stored. Audited, naming the invitee. Refuses (invalid,
 * each field's problem at once) bad input or an address that already has an
 * account; the refusal undoes the transaction.
 */
export async function inviteStaff(
  rt: StaffRuntime,
  by: StaffIdentity,
  input: { email: string; name: string; role: StaffRole },
): Promise<{ kind: "invited"; email: string } | Invalid<InvitationField>> {
  const problems = invitationProblems(input);
  if (Object.keys(problems).length) return invalid(problems);
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  const now = rt.now();
  const token = newToken();
  return refusingTransaction(rt.db, async (trx) => {
    // A write first, so the transaction holds SQLite's write lock before it reads (see lockActiveManagers).
    const invitations = invitationRepository(rt.db);
    await invitations.deleteExpiredOr(email, now.toISOString(), trx);
    if (await staffUserRepository(rt.db).findByEmail(email, trx)) return accountExists(email);
    const id = await invitations.create(
      {
        token_hash: hashToken(token),
        email,
        name,
        role: input.role,
        invited_by: by.id,
        created_at: now.toISOString(),
        expires_at: expiryFrom(now),
      },
      trx,
    );
    await enqueueMail(invitationMail(rt, { name, email, role: input.role, token, from: by.name }), now, trx);
    await recordAudit(invitationAudit(by, { id, name, email, role: input.role }, "staff_invited"), now, trx);
    return { kind: "invited" as const, email };
  });
}

/** The audit line of a manager's step on an invitation: the invitation as target (named), its role as detail. */
function invitationAudit(
  by: StaffIdentity,
  invitation: { id: number; name: string; email: string; role: StaffRole },
  action: AuditEntry["action"],
): AuditEntry {
  return {
    staffId: by.id,
    staffEmail: by.email,
    action,
    targetType: "invitation",
    targetId: invitation.id,
    targetName: staffTargetName(invitation),
    detail: invitation.role,
  };
}

function expiryFrom(now: Date): string {
  return new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString();
}

/**
 * A manager sends a pending invitation again (the colleague lost the e-mail,
 * or it was about to expire): a fresh token and a fresh INVITATION_HOURS, so
 * the link in the earlier e-mail stops working, and a new e-mail. Audited.
 * Returns the invitation, or null when it was no longer pending (accepted,
 * withdrawn or expired meanwhile).
 */
export async function resendInvitation(rt: StaffRuntime, by: StaffIdentity, id: number): Promise<Invitation | null> {
  const now = rt.now();
  const token = newToken();
  return rt.db.transaction().execute(async (trx) => {
    const invitation = await invitationRepository(rt.db).renewLive(
      id,
      { tokenHash: hashToken(token), expiresAt: expiryFrom(now) },
      now.toISOString(),
      trx,
    );
    if (!invitation) return null;
    await enqueueMail(invitationMail(rt, { ...invitation, token, from: by.name }), now, trx);
    await recordAudit(invitationAudit(by, invitation, "invitation_resent"), now, trx);
    return invitation;
  });
}

function invitationMail(
  rt: StaffRuntime,
  invite: { name: string; email: string; role: StaffRole; token: string; from: string },
) {
  const clinic = rt.config.clinic;
  const link = new URL(`${INVITATION_PATH}?token=${invite.token}`, rt.config.publicBaseUrl).toString();
  return {
    to: invite.email,
    about: null,
    subject: `Your staff account at ${clinic.name}`,
    text: [
      `Dear ${invite.name},`,
      "",
      `${invite.from} has invited you to the staff console of ${clinic.name}, as ${ROLE_LABELS[invite.role].toLowerCase()}.`,
      `Open this link within ${INVITATION_HOURS} hours to choose your password and set up two-step sign-in with an authenticator app:`,
      "",
      link,
      "",
      "The link works once. If you did not expect this message, ignore it: no account is made until the link is used.",
      "",
      clinic.name,
    ].join("\n"),
  };
}

/**
 * The live invitation behind a link's token, or null (unknown, used,
 * withdrawn or expired); `accountExists` when its address has meanwhile got
 * an account (made from the command line), so it can no longer be accepted.
 */
export async function findInvitation(
  rt: StaffRuntime,
  token: string,
): Promise<(Invitation & { accountExists: boolean }) | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const row = await invitationRepository(rt.db).findLive(hashToken(token), rt.now().toISOString());
  if (!row) return null;
  // 1 or 0 on SQLite, a boolean on PostgreSQL.
  return { id: row.id, email: row.email, name: row.name, role: row.role, accountExists: Boolean(row.account_exists) };
}

/** Why an invitation whose address has meanwhile got an account cannot be accepted, and what to do. */
export function accountExistsMessage(email: string): string {
  return `An account for ${email} already exists, so this invitation cannot be used. Sign in with that account; if you do not know its password, ask a manager of the clinic.`;
}

const NAME_REFUSED =
  "The name on this invitation cannot be used for an account. Ask a manager of the clinic to send a new invitation.";

/** 400: the password is refused (choose another); 409: the invitation cannot be accepted at all. */
export type AcceptResult = { ok: true; staff: StaffIdentity } | { ok: false; error: string; status: 400 | 409 };

/**
 * Accepts an invitation with the password its holder chose: the invitation is
 * taken once (a second use, even in parallel, finds it gone), the account is
 * made with the invited role, and the acceptance is audited. The caller then
 * starts the half-signed-in state, so the next step enrols the second factor.
 * An address that has meanwhile got an account is refused (409) and nothing
 * changes: the invitation stays until it expires or a manager withdraws it.
 */
export async function acceptInvitation(
  rt: StaffRuntime,
  token: string,
  password: string,
): Promise<AcceptResult | null> {
  const invitation = await findInvitation(rt, token);
  if (!invitation) return null;
  const taken = { ok: false, status: 409, error: accountExistsMessage(invitation.email) } as const;
  if (invitation.accountExists) return taken;
  const problem = passwordProblem(password, [invitation.email, invitation.name]);
  if (problem) return { ok: false, status: 400, error: problem };
  const passwordHash = await hashPassword(password);
  const now = rt.now();
  const outcome = await refusingTransaction(rt.db, async (trx) => {
    if (!(await invitationRepository(rt.db).take(invitation.id, trx))) return { kind: "gone" as const };
    // Refused when an account was made meanwhile: the whole transaction (the invitation taken) is undone.
    const created = await createAccountRow(
      { email: normaliseEmail(invitation.email), name: invitation.name, role: invitation.role, passwordHash },
      now,
      trx,
    );
    if (isRefusal(created)) return created;
    const { staff } = created;
    await recordAudit(
      { staffId: staff.id, staffEmail: staff.email, action: "invitation_accepted", detail: invitation.role },
      now,
      trx,
    );
    return created;
  });
  if (outcome.kind === "gone") return null;
  if (outcome.kind === "created") return { ok: true, staff: outcome.staff };
  // A name stored before the name rule, or an account made between the check above and this transaction.
  return outcome.kind === "invalid" && outcome.errors.name ? { ok: false, status: 409, error: NAME_REFUSED } : taken;
}

/** A pending invitation (not accepted, withdrawn or expired) by id, or undefined. */
export async function findPendingInvitation(rt: StaffRuntime, id: number): Promise<Invitation | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  return invitationRepository(rt.db).findLiveById(id, rt.now().toISOString());
}

/**
 * A manager withdraws a pending invitation: its row is deleted, so its link
 * stops working at once. Audited, with the invitation as target and its role
 * as detail. Returns the invitation, or null when it was no longer pending
 * (accepted, withdrawn or expired meanwhile).
 */
export async function withdrawInvitation(rt: StaffRuntime, by: StaffIdentity, id: number): Promise<Invitation | null> {
  const now = rt.now();
  const invitations = invitationRepository(rt.db);
  return rt.db.transaction().execute(async (trx) => {
    const invitation = await invitations.takeLive(id, now.toISOString(), trx);
    if (!invitation) return null;
    await recordAudit(invitationAudit(by, invitation, "invitation_withdrawn"), now, trx);
    return invitation;
  });
}

/** The staff console's list of people: every account, and the invitations still waiting. */
export async function listStaff(rt: StaffRuntime) {
  const [accounts, invitations] = await Promise.all([
    listStaffAccounts(rt.db),
    invitationRepository(rt.db).listLive(rt.now().toISOString()),
  ]);
  return { accounts, invitations };
}
