import { describe, expect, expectTypeOf, it } from "vitest";
import {
  BOOKABLE_SERVICES,
  CHOOSES_EXAMINATION,
  examinationsFor,
  type ExaminationChoice,
} from "../../domain/catalogue";
import { PAYMENT_METHODS, PAYMENT_METHOD_VALUES, type PaymentMethod } from "../../domain/payments";
import { appointmentSchema, type Appointment } from "../../domain/validation/appointment";
import { SAFETY_QUESTIONS_BY_SERVICE, type ServiceSafetyQuestions } from "../../domain/safety-questions";
import type { AppointmentTable } from "../../server/db/schema";

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
