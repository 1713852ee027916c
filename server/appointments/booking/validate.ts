import { BASE_LOCALE, type Locale } from "../../../domain/locale";
import {
  appointmentMessages,
  appointmentSchemaFor,
  findBookableService,
  type Appointment,
} from "../../../domain/validation/appointment";
import { bookingDateProblem, dobProblem } from "../../../domain/validation/appointment-dates";
import { checkSchema, fieldMessages, languageOf, type Checked } from "../../../domain/validation/fields";
import { bookingCalendarFor } from "../../../domain/opening-days";
import { bookingWindowNow, type BookingRules } from "../../closures/closed-dates";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { checkPhone } from "../../requests/phone";
import type { TextReach } from "../../texts/index";
import { givenReferrer, type Referrer } from "../../../domain/validation/referrer";
import { referrerPhone, withPhone } from "../referrers";

/** An appointment request that passed every rule, normalised for storage. */
export interface ValidAppointment extends Appointment {
  serviceTitle: string;
  phoneE164: string;
  /** Whether the phone number is a mobile, and its country: what decides whether it gets texts, read with it (server/requests/phone.ts). */
  phoneReach: TextReach;
  alternateE164: string;
  /** The referring doctor given, its phone number in E.164 (decision 071); null when none was. */
  doctor: Referrer | null;
}

/**
 * Why a date cannot be booked, or null: an open day in the booking window, by
 * the clinic's own today, holidays and closures. The booking form and a
 * patient changing their date through their link both run this rule; its
 * message is in `locale`, the patient's language.
 */
export function appointmentDateProblem(
  date: string,
  now: Date,
  rules: BookingRules,
  locale: Locale = BASE_LOCALE,
): string | null {
  const calendar = bookingCalendarFor(date, now, rules.bookingHorizonDays, rules.closedDates);
  return bookingDateProblem(date, calendar, rules.closureReasons, locale) ?? null;
}

/**
 * The booking form's date rule as it stands now, with the closures in the
 * database (server/closures/closed-dates.ts): the entry point for anything
 * that lets a patient choose a date.
 */
export async function bookingDateProblemNow(
  db: Db,
  config: Pick<Config, "bookingHorizonDays" | "closedDates">,
  date: string,
  now: Date,
  locale: Locale = BASE_LOCALE,
): Promise<string | null> {
  return appointmentDateProblem(date, now, await bookingWindowNow(db, config, now), locale);
}

/**
 * The shared form schema, then the rules the browser cannot be trusted with
 * or cannot check (appointmentRules), with the messages in the body's
 * language. Used by the booking page's plain form post; the JSON endpoint's
 * schema runs in its route, which hands its verdict to appointmentRules.
 */
export function validateAppointment(body: unknown, now: Date, rules: BookingRules): Checked<ValidAppointment> {
  return appointmentRules(body, checkSchema(appointmentSchemaFor(languageOf(body)), body), now, rules);
}

/**
 * The rules on top of the schema's verdict (`schema`, on `body` as sent):
 * phone numbers (libphonenumber), and the day rules (a real past date of
 * birth, an open booking day in the window) against the clinic's own today,
 * holidays and closures. Each message is the shared one from
 * domain/validation, in the body's `language` (English without it): a
 * verdict the route's English schema gave is taken again with the schema of
 * that language (the same rules, its words). The errors are the schema's and
 * these rules' together. (Referral uploads are checked against the database
 * in the transaction.) `rules` comes from bookingRulesNow (the closures in
 * the database as they stand now).
 */
export function appointmentRules(
  body: unknown,
  verdict: Checked<Appointment>,
  now: Date,
  rules: BookingRules,
): Checked<ValidAppointment> {
  const locale = languageOf(body);
  const schema = verdict.ok || locale === BASE_LOCALE ? verdict : checkSchema(appointmentSchemaFor(locale), body);
  const errors: Record<string, string> = schema.ok ? {} : { ...schema.errors };
  const raw = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const asked = typeof raw.appointmentDate === "string" ? raw.appointmentDate : "";
  const calendar = bookingCalendarFor(asked, now, rules.bookingHorizonDays, rules.closedDates);

  const phoneInvalid = fieldMessages(locale).phoneInvalid;
  const phone = checkPhone(raw, "phoneNumber", errors, phoneInvalid);
  const alternate = checkPhone(raw, "alternateNumber", errors, phoneInvalid);
  const doctorPhone = referrerPhone(raw.referrer, errors, locale);
  if (!errors.dob && typeof raw.dob === "string") {
    const problem = dobProblem(raw.dob, calendar.today, locale);
    if (problem) errors.dob = problem;
  }
  if (!errors.appointmentDate && typeof raw.appointmentDate === "string") {
    const problem = bookingDateProblem(raw.appointmentDate, calendar, rules.closureReasons, locale);
    if (problem) errors.appointmentDate = problem;
  }

  if (!schema.ok || Object.keys(errors).length > 0 || !phone || !alternate) {
    return { ok: false, errors };
  }
  const service = findBookableService(schema.value.service.name);
  if (!service) return { ok: false, errors: { "service.name": appointmentMessages(locale).serviceNotListed } };
  return {
    ok: true,
    value: {
      ...schema.value,
      serviceTitle: service.title,
      phoneE164: phone.e164,
      phoneReach: { mobile: phone.mobile, country: phone.country },
      alternateE164: alternate.e164,
      doctor: withPhone(givenReferrer(schema.value.referrer), doctorPhone),
    },
  };
}
