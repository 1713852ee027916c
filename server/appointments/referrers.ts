import type { Locale } from "../../domain/locale";
import type { StaffIdentity } from "../../domain/staff-roles";
import { checkSchema } from "../../domain/validation/fields";
import { givenReferrer, referrerMessages, referrerSchema, type Referrer } from "../../domain/validation/referrer";
import { recordAudit } from "../audit/audit";
import { invalid, refused, refusingTransaction, type Refusal } from "../db/outcome";
import type { StaffRuntime } from "../db/runtime";
import { readValidPhone, type ValidPhone } from "../requests/phone";
import { appointmentRepository } from "./appointment-repository";
import { markWorklistChanged } from "./appointment-writes";
import { referrerRepository, type ReferrerRow } from "./referrer-repository";

/*
 * The referring doctor (issue 38, decision 071): the phone rule only the
 * server checks, and staff correcting what the booking gave.
 */

/**
 * The referrer's phone number as a valid number, checked as the patient's are
 * (server/requests/phone.ts): undefined when none was given; null, with the
 * message under `referrer.phone`, when it is not a valid number.
 */
export function referrerPhone(
  referrer: unknown,
  errors: Record<string, string>,
  locale: Locale,
): ValidPhone | null | undefined {
  const phone = typeof referrer === "object" && referrer !== null ? (referrer as { phone?: unknown }).phone : undefined;
  if (typeof phone !== "string" || !phone.trim()) return undefined;
  const valid = readValidPhone(phone);
  if (!valid) errors["referrer.phone"] ??= referrerMessages(locale).phone;
  return valid;
}

/** The referrer with its phone number in E.164, as stored. */
export function withPhone(referrer: Referrer | null, phone: ValidPhone | null | undefined): Referrer | null {
  return referrer && { ...referrer, phone: phone ? phone.e164 : null };
}

/** The fields of the correction form, as the appointment page posts them. */
export type ReferrerField = "name" | "practiceNumber" | "email" | "phone";

/** What a correction gives (decision 060): done, with what changed, or a refusal. */
export type ReferrerCorrection = { kind: "done"; changed: ReferrerField[] } | Refusal<ReferrerField>;

const PARTS: readonly [ReferrerField, keyof ReferrerRow][] = [
  ["name", "name"],
  ["practiceNumber", "practice_number"],
  ["email", "email"],
  ["phone", "phone"],
];

/**
 * Staff correct the appointment's referring doctor (every signed-in staff
 * member may): the same rules as the booking (the schema and the phone
 * check), all four empty to remove it. The row, the audit line (which parts
 * changed, never their values) and the worklist's request to write the
 * entry again are one transaction. Nothing changed: done, with no line.
 */
export async function correctReferrer(
  rt: StaffRuntime,
  staff: StaffIdentity,
  id: number,
  sent: Record<ReferrerField, string>,
): Promise<ReferrerCorrection> {
  const checked = checkSchema(referrerSchema, sent);
  const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
  const phone = referrerPhone(sent, errors, "en");
  if (!checked.ok || Object.keys(errors).length) {
    const byField = Object.fromEntries(
      Object.entries(errors).map(([key, message]) => [key.replace(/^referrer\./, ""), message]),
    );
    return invalid<ReferrerField>(byField);
  }
  const referrer = withPhone(givenReferrer(checked.value), phone);
  const now = rt.now();
  const appointments = appointmentRepository(rt.db);
  const referrers = referrerRepository(rt.db);
  return refusingTransaction(rt.db, async (trx): Promise<ReferrerCorrection> => {
    await appointments.lockForChange(id, trx);
    if (!(await appointments.findById(id, trx))) return refused("This appointment no longer exists.");
    const before = await referrers.ofAppointment(id, trx);
    const after: Partial<ReferrerRow> = referrer
      ? { name: referrer.name, practice_number: referrer.practiceNumber, email: referrer.email, phone: referrer.phone }
      : {};
    const changed = PARTS.filter(([, column]) => (before?.[column] ?? null) !== (after[column] ?? null)).map(
      ([field]) => field,
    );
    if (!changed.length) return { kind: "done", changed };
    await referrers.set(id, referrer, now, trx);
    await markWorklistChanged([id], now.toISOString(), trx);
    await recordAudit(
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: "referrer_corrected",
        targetType: "appointment",
        targetId: id,
        detail: referrer ? `changed: ${changed.join(", ")}` : "removed",
      },
      now,
      trx,
    );
    return { kind: "done", changed };
  });
}
