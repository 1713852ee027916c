import { describe, expect, expectTypeOf, it } from "vitest";
import { BOOKING_POLICY, LATE_CANCELLATION_FEE, NOTICE_HOURS } from "../../domain/booking-policy";
import {
  BOOKABLE_SERVICES,
  CHOOSES_EXAMINATION,
  examinationsFor,
  type ExaminationChoice,
} from "../../domain/catalogue";
import { formatPhone } from "../../domain/contact-links";
import { PAYMENT_METHODS, PAYMENT_METHOD_VALUES, type PaymentMethod } from "../../domain/payments";
import { appointmentSchema, type Appointment } from "../../domain/validation/appointment";
import { SAFETY_QUESTIONS_BY_SERVICE, type ServiceSafetyQuestions } from "../../domain/safety-questions";
import { BRING, contactWays, PLEASE_ARRIVE_EARLY } from "../../domain/visit-words";
import { loadConfig } from "../../server/base/config";
import type { AppointmentTable } from "../../server/db/schema";
import { reminderMail } from "../../server/appointments/notices/mails";
import { cancellationMail, confirmationMail } from "../../server/appointments/notices/confirmation-mail";

/**
 * Facts the type checker guards (decision 013): each is written once, and the
 * types of its other uses are read off it, so a change in the one place
 * reaches them all or does not compile.
 */
describe("payment methods", () => {
  it("drive the database column's type and the schema's enum: both are PaymentMethod", () => {
    expectTypeOf<AppointmentTable["payment_method"]>().toEqualTypeOf<PaymentMethod>();
    expectTypeOf<Appointment["service"]["paymentMethod"]>().toEqualTypeOf<PaymentMethod>();
    // @ts-expect-error: a code PAYMENT_METHODS does not list is not a column value.
    const card: AppointmentTable["payment_method"] = "card";
    expect(card).toBe("card");
  });

  it("are the values the schema accepts, in the form's order", () => {
    expect(PAYMENT_METHOD_VALUES).toEqual(PAYMENT_METHODS.map((p) => p.value));
    const paymentMethod = appointmentSchema.shape.service.shape.paymentMethod;
    expect(paymentMethod.options).toEqual([...PAYMENT_METHOD_VALUES]);
  });
});

describe("the per-service maps", () => {
  it("are checked by the type checker: a bookable service left out, or an unknown slug, does not compile", () => {
    const { mammography: _noChoice, ...examinationsWithoutMammography } = CHOOSES_EXAMINATION;
    // @ts-expect-error: mammography is bookable, so the map must say whether staff choose its examination.
    const examinationLeftOut: ExaminationChoice = examinationsWithoutMammography;
    // @ts-expect-error: the map names only bookable catalogue slugs.
    const examinationUnknown: ExaminationChoice = { ...CHOOSES_EXAMINATION, "cardiac-mri": false };
    const { mammography: _noQuestions, ...questionsWithoutMammography } = SAFETY_QUESTIONS_BY_SERVICE;
    // @ts-expect-error: mammography is bookable, so the map must say which questions it asks (none is an empty list).
    const questionsLeftOut: ServiceSafetyQuestions = questionsWithoutMammography;
    // @ts-expect-error: the map names only bookable catalogue slugs.
    const questionsUnknown: ServiceSafetyQuestions = { ...SAFETY_QUESTIONS_BY_SERVICE, "cardiac-mri": [] };
    expect([examinationLeftOut, examinationUnknown, questionsLeftOut, questionsUnknown]).toHaveLength(4);
  });

  it("have one entry per bookable service", () => {
    const bookable = BOOKABLE_SERVICES.map((s) => s.slug).sort();
    expect(Object.keys(CHOOSES_EXAMINATION).sort()).toEqual(bookable);
    expect(Object.keys(SAFETY_QUESTIONS_BY_SERVICE).sort()).toEqual(bookable);
  });

  it("give the ultrasound services their examinations and the others none", () => {
    expect(examinationsFor("ultrasound").length).toBeGreaterThan(0);
    expect(examinationsFor("breast-ultrasound")).toContainEqual({ name: "Breast (Double)", minutes: 40 });
    expect(examinationsFor("x-ray")).toEqual([]);
    expect(examinationsFor("3d-pregnancy-scan")).toEqual([]);
  });
});

describe("what a patient is told about a visit", () => {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "https://clinic.example.org" });
  const appt = {
    reference: "APT-2026-000123",
    name: "Neo",
    email: "neo@example.org",
    serviceName: "x-ray",
    date: "2026-12-07",
    time: "09:00",
    manageUrl: "https://clinic.example.org/appointment/abc",
    language: "en" as const,
  };

  it("says the contact line one way, with the numbers as configured or as printed", () => {
    const clinic = { landline: "+2673163012", whatsapp: "+26771234567", email: "info@example.org" };
    expect(contactWays(clinic)).toBe("+2673163012, WhatsApp +26771234567 or write to info@example.org");
    expect(contactWays(clinic, formatPhone)).toBe(
      "(+267) 316 3012, WhatsApp (+267) 71 234 567 or write to info@example.org",
    );
  });

  it("gives the confirmation e-mail the booking policy's notice, fee and contact line", () => {
    const text = confirmationMail(config, appt, new Date("2026-12-01T08:00:00Z")).text;
    expect(text).toContain(`please let us know at least ${NOTICE_HOURS} hours ahead. ${LATE_CANCELLATION_FEE}`);
    expect(text).toContain(PLEASE_ARRIVE_EARLY);
    expect(cancellationMail(config, { ...appt, reason: "Staff training" }).text).toContain(
      `call ${contactWays(config.clinic)}. Please quote your reference.`,
    );
  });

  it("gives the booking policy and the reminder the same sentences", () => {
    expect(BOOKING_POLICY).toContain(PLEASE_ARRIVE_EARLY);
    expect(BOOKING_POLICY).toContain(BRING);
    const reminder = reminderMail(
      { ...appt, service_name: "x-ray", examination: null, confirmed_date: appt.date, confirmed_time: appt.time },
      appt.manageUrl,
      config,
    );
    expect(reminder.text).toContain(`${PLEASE_ARRIVE_EARLY}\n`);
    expect(reminder.text).toContain(`What to bring:\n- ${BRING}\n`);
    expect(reminder.text).toContain(`Questions? Call ${contactWays(config.clinic)}.`);
  });
});
