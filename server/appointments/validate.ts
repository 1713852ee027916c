import type { z } from "zod";
import { appointmentSchema, findBookableService, type Appointment } from "../../domain/validation/appointment";
import { fieldErrors } from "../../domain/validation/fields";
import { addDays, clinicToday } from "../../domain/dates";
import { checkBookingDate } from "../../domain/opening-days";
import type { Config } from "../config";
import { PHONE_INVALID, toE164 } from "../requests/phone";

/** An appointment request that passed every rule, normalised for storage. */
export interface ValidAppointment extends Appointment {
  serviceTitle: string;
  phoneE164: string;
  alternateE164: string;
}

export const DATE_MESSAGES = {
  past: "Choose today or a later date.",
  "too-far": (days: number) => `Choose a date within the next ${days} days.`,
  closed: "We are closed on that day (Sundays and public holidays). Please choose another date.",
} as const;

export const DOB_MESSAGE = "Enter a real date of birth in the past.";

/**
 * The shared form schema, then the rules only the server can check: phone
 * numbers, a real past date of birth, and an open booking day in the window.
 * (Referral uploads are checked against the database in the transaction.)
 */
export function validateAppointment(
  body: unknown,
  now: Date,
  config: Pick<Config, "bookingHorizonDays" | "closedDates">,
): { ok: true; value: ValidAppointment } | { ok: false; errors: Record<string, string> } {
  const parsed = appointmentSchema.safeParse(body);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error as z.ZodError);
  const raw = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const today = clinicToday(now);

  const phone = typeof raw.phoneNumber === "string" && raw.phoneNumber.trim() ? toE164(raw.phoneNumber) : null;
  if (!errors.phoneNumber && !phone) errors.phoneNumber = PHONE_INVALID;
  const alternate =
    typeof raw.alternateNumber === "string" && raw.alternateNumber.trim() ? toE164(raw.alternateNumber) : null;
  if (!errors.alternateNumber && !alternate) errors.alternateNumber = PHONE_INVALID;

  if (!errors.dob && typeof raw.dob === "string") {
    const earliest = addDays(today, -Math.round(120 * 365.2425));
    if (raw.dob >= today || raw.dob < earliest) errors.dob = DOB_MESSAGE;
  }

  if (!errors.appointmentDate && typeof raw.appointmentDate === "string") {
    const problem = checkBookingDate(raw.appointmentDate, now, config.bookingHorizonDays, config.closedDates);
    if (problem === "too-far") errors.appointmentDate = DATE_MESSAGES["too-far"](config.bookingHorizonDays);
    else if (problem) errors.appointmentDate = DATE_MESSAGES[problem];
  }

  if (!parsed.success || Object.keys(errors).length > 0 || !phone || !alternate) {
    return { ok: false, errors };
  }
  const service = findBookableService(parsed.data.service.name);
  if (!service) return { ok: false, errors: { "service.name": "Choose a service from the list." } };
  return {
    ok: true,
    value: { ...parsed.data, serviceTitle: service.title, phoneE164: phone, alternateE164: alternate },
  };
}
