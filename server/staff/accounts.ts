import { recordAudit, type AuditEntry } from "../audit/audit";
import { hashPassword, passwordProblem } from "./passwords";
import { staffSessionRepository } from "./staff-session-repository";
import { staffUserRepository } from "./staff-user-repository";
import type { Kysely } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { invalid, isRefusal, refused, refusingTransaction, type Invalid, type Refused } from "../db/outcome";
import { staffNameProblem } from "../../domain/staff-names";
import { ROLE_LABELS, type StaffIdentity, type StaffRole } from "../../domain/staff-roles";

/*
 * Staff accounts and their changes: the address and name rules, making an
 * account, listing and finding them, and a manager's (or the command line's)
 * changes to one, enabled or disabled and its role, never leaving the clinic
 * without an active manager; each audited. Signing in, and a staff member's
 * own password change, are sign-in.ts.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The fields of an account a refusal can be about. */
export type AccountField = "email" | "name" | "password";

/** Why an e-mail address is not a staff address, or undefined when it is one (normalised first). */
export function emailProblem(raw: string): string | undefined {
  const email = normaliseEmail(raw);
  return !EMAIL.test(email) || email.length > 254 ? "Enter a valid e-mail address." : undefined;
}

/**
 * Why a staff member's name (trimmed) cannot be used: empty, too long, or
 * not one line of printable text (domain/staff-names.ts); undefined when it can.
 */
export function nameProblem(raw: string): string | undefined {
  return staffNameProblem(raw.trim()) ?? undefined;
}

/** An address that already has an account: the refusal, about the e-mail field. */
export const accountExists = (email: string): Invalid<"email"> =>
  invalid({ email: `An account for ${email} already exists.` });

/**
 * Inserts an enabled account inside the caller's transaction; refuses
 * (invalid, by field) an address that is taken or a name that breaks the name
 * rule (checked here too, so no way of making an account skips it). The
 * caller rolls its transaction back on a refusal (refusingTransaction).
 */
export async function createAccountRow(
  input: { email: string; name: string; role: StaffRole; passwordHash: string },
  now: Date,
  trx: Kysely<Database>,
): Promise<{ kind: "created"; staff: StaffIdentity } | Invalid<"email" | "name">> {
  const problem = nameProblem(input.name);
  if (problem) return invalid({ name: problem });
  const users = staffUserRepository(trx);
  if (await users.findByEmail(input.email, trx)) return accountExists(input.email);
  const staff = await users.create(
    { email: input.email, name: input.name, role: input.role, password_hash: input.passwordHash },
    now.toISOString(),
    trx,
  );
  return { kind: "created", staff };
}

/**
 * Creates an account (command line only). Without a role, the first manager:
 * a manager while no enabled manager exists, reception after that. Refuses
 * (invalid, each field's problem at once) bad input or a taken address.
 */
export async function createStaffAccount(
  db: Db,
  input: { email: string; name: string; password: string; role?: StaffRole },
  now = new Date(),
): Promise<{ kind: "created"; staff: StaffIdentity } | Invalid<AccountField>> {
  const problems = accountProblems(input);
  if (problems.email || problems.name) return invalid(problems);
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  const password = passwordProblem(input.password, [email, name]);
  if (password) return invalid({ password });
  const users = staffUserRepository(db);
  if (await users.findByEmail(email)) return accountExists(email);
  const passwordHash = await hashPassword(input.password);
  return refusingTransaction(db, async (trx) => {
    await users.lockActiveManagers(trx);
    const role = input.role ?? ((await users.countActiveManagers(trx)) === 0 ? "manager" : "reception");
    const created = await createAccountRow({ email, name, role, passwordHash }, now, trx);
    if (isRefusal(created)) return created;
    const { staff } = created;
    await recordAudit(
      { staffId: staff.id, staffEmail: staff.email, action: "staff_added", detail: `command line, ${role}` },
      now,
      trx,
    );
    return created;
  });
}

/** Every problem with an account's name and address at once, by field; empty when there is none. */
export function accountProblems(input: { email: string; name: string }): Partial<Record<"email" | "name", string>> {
  const problems: Partial<Record<"email" | "name", string>> = {};
  const name = nameProblem(input.name);
  if (name) problems.name = name;
  const email = emailProblem(input.email);
  if (email) problems.email = email;
  return problems;
}

/** Who changes an account: a manager in the console, or the server's command line. */
export type ChangedBy = StaffIdentity | "command line";

/** How the audit log names a colleague's account or invitation: "Name (address)". */
export function staffTargetName(person: { name: string; email: string }): string {
  return `${person.name} (${person.email})`;
}

/**
 * The audit line of an account change: the manager as actor and the account
 * as target (named, so the log says whose account it was), or the command line.
 */
export function accountChangeAudit(
  by: ChangedBy,
  user: { id: number; email: string; name: string },
  action: AuditEntry["action"],
  detail?: string,
): AuditEntry {
  if (by === "command line")
    return {
      staffId: user.id,
      staffEmail: user.email,
      action,
      detail: detail ? `command line: ${detail}` : "command line",
    };
  return {
    staffId: by.id,
    staffEmail: by.email,
    action,
    targetType: "staff",
    targetId: user.id,
    targetName: staffTargetName(user),
    detail,
  };
}

const LAST_MANAGER = "the clinic's last active manager: make another account a manager first.";

export async function listStaffAccounts(db: Db) {
  return staffUserRepository(db).list();
}

/** The names of the active managers, by e-mail address: whom reception asks about what only a manager can do. */
export async function activeManagerNames(db: Db): Promise<string[]> {
  return (await staffUserRepository(db).list()).filter((a) => a.role === "manager" && !a.disabled).map((a) => a.name);
}

/** One account by id (who it is, never its secrets), or undefined. */
export async function findStaffAccount(db: Db, id: number): Promise<StaffIdentity | undefined> {
  const row = Number.isSafeInteger(id) ? await staffUserRepository(db).findById(id) : undefined;
  return row && { id: row.id, email: row.email, name: row.name, role: row.role };
}

type StaffRow = NonNullable<Awaited<ReturnType<ReturnType<typeof staffUserRepository>["findByEmail"]>>>;

/**
 * A change to one account: the change itself, and, when it may take an
 * active manager away, whether it does.
 */
export interface AccountChange {
  removesManager?: (user: StaffRow) => boolean;
  /** Made in the transaction, and audited. */
  make: (user: StaffRow, now: Date, by: ChangedBy, trx: Kysely<Database>) => Promise<void>;
}

/** A change made (or the account was already so). */
export type AccountChanged = { kind: "changed" };

/**
 * Makes one change to an account in a transaction. A change that may take an
 * active manager away first locks the enabled managers, and is refused when
 * it would leave the clinic without one, as is an address with no account:
 * refused, with the sentence.
 */
export async function changeAccount(
  db: Db,
  email: string,
  { removesManager, make }: AccountChange,
  now = new Date(),
  by: ChangedBy = "command line",
): Promise<AccountChanged | Refused> {
  const normalised = normaliseEmail(email);
  const users = staffUserRepository(db);
  return refusingTransaction(db, async (trx) => {
    if (removesManager) await users.lockActiveManagers(trx);
    const user = await users.findByEmail(normalised, trx);
    if (!user) return refused(`No account for ${normalised}.`);
    if (removesManager?.(user) && (await users.countActiveManagers(trx)) <= 1) {
      return refused(`${normalised} is ${LAST_MANAGER}`);
    }
    await make(user, now, by, trx);
    return { kind: "changed" as const };
  });
}

/**
 * Disables an account and ends its sessions at once (the last active manager
 * stays), or enables a disabled one again: it then signs in with its own
 * password and two-step sign-in, as before. An account already in that state
 * is left as it is.
 */
const enabledChange = (enabled: boolean): AccountChange => ({
  removesManager: (user) => !enabled && user.role === "manager" && !user.disabled,
  make: async (user, now, by, trx) => {
    const isEnabled = !user.disabled;
    if (isEnabled === enabled) return; // already so
    if (enabled) {
      await staffUserRepository(trx).enable(user.id, now.toISOString());
    } else {
      await staffUserRepository(trx).disable(user.id, now.toISOString());
      await staffSessionRepository(trx).deleteForStaff(user.id);
    }
    await recordAudit(accountChangeAudit(by, user, enabled ? "staff_enabled" : "staff_disabled"), now, trx);
  },
});

/** Gives an account another role; the last active manager keeps theirs. */
const roleChange = (role: StaffRole): AccountChange => ({
  removesManager: (user) => user.role === "manager" && role !== "manager" && !user.disabled,
  make: async (user, now, by, trx) => {
    if (user.role === role) return;
    await staffUserRepository(trx).setRole(user.id, role, now.toISOString());
    const roles = `${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}`;
    await recordAudit(accountChangeAudit(by, user, "role_changed", roles), now, trx);
  },
});

export const disableStaffAccount = (db: Db, email: string, now?: Date, by?: ChangedBy) =>
  changeAccount(db, email, enabledChange(false), now, by);
export const enableStaffAccount = (db: Db, email: string, now?: Date, by?: ChangedBy) =>
  changeAccount(db, email, enabledChange(true), now, by);
export const setStaffRole = (db: Db, email: string, role: StaffRole, now?: Date, by?: ChangedBy) =>
  changeAccount(db, email, roleChange(role), now, by);
