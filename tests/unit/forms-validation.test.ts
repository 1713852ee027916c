import { describe, expect, it } from "vitest";
import { appointmentSchema, MEDICAL_AID_REQUIRED } from "../../domain/validation/appointment";
import { bookingDateProblem, DATE_MESSAGES, DOB_MESSAGE, dobProblem } from "../../domain/validation/appointment-dates";
import { contactSchema } from "../../domain/validation/contact";
import { fieldErrors, PHONE_INVALID, PHONE_REQUIRED } from "../../domain/validation/fields";
import { REFERRAL_MAX_BYTES, REFERRAL_MESSAGES, referralFileProblem } from "../../domain/validation/referral";
import { validateAppointment } from "../../server/appointments/validate";
import { checkPhone } from "../../server/requests/phone";
import { validAppointment } from "../helpers/requests";

/** The rules the browser and the server share give one message each, wherever they run. */

const calendar = {
  today: "2026-11-23",
  firstDate: "2026-11-23",
  lastDate: "2027-02-20",
  closedDates: ["2026-11-29", "2026-12-25"],
};

describe("the appointment schema", () => {
  it("asks for the medical aid number together with every other missing field", () => {
    const result = appointmentSchema.safeParse({ service: { name: "", paymentMethod: "pula" } });
    const errors = fieldErrors(result.error!);
    expect(errors.medicalAidNumber).toBe(MEDICAL_AID_REQUIRED);
    expect(errors.name).toBe("First name is required.");
    expect(errors.phoneNumber).toBe(PHONE_REQUIRED);
  });
  it("does not ask for it with cash or an unknown payment method", () => {
    for (const paymentMethod of ["cash", "card"]) {
      const result = appointmentSchema.safeParse({ service: { name: "", paymentMethod } });
      expect(fieldErrors(result.error!).medicalAidNumber).toBeUndefined();
    }
  });
  it("survives bodies of any shape", () => {
    for (const body of [null, 5, "x", [], { service: null }, { service: "x" }]) {
      expect(appointmentSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe("the contact schema", () => {
  it("uses the shared phone message", () => {
    expect(fieldErrors(contactSchema.safeParse({ phoneNumber: " " }).error!).phoneNumber).toBe(PHONE_REQUIRED);
  });
});

describe("the day rules", () => {
  it("wants a date of birth before today and within 120 years", () => {
    expect(dobProblem("1984-03-12", calendar.today)).toBeUndefined();
    expect(dobProblem("2026-11-22", calendar.today)).toBeUndefined();
    expect(dobProblem("2026-11-23", calendar.today)).toBe(DOB_MESSAGE);
    expect(dobProblem("1890-01-01", calendar.today)).toBe(DOB_MESSAGE);
  });
  it("wants an open day in the booking window", () => {
    expect(bookingDateProblem("2026-11-23", calendar)).toBeUndefined();
    expect(bookingDateProblem("2027-02-20", calendar)).toBeUndefined();
    expect(bookingDateProblem("2026-11-22", calendar)).toBe("Choose today or a later date.");
    expect(bookingDateProblem("2027-02-21", calendar)).toBe("Choose a date within the next 89 days.");
    expect(bookingDateProblem("2026-11-29", calendar)).toBe(
      "The clinic is closed on Sunday 29 November 2026. Choose another day.",
    );
  });
  it("gives the server the same messages as the browser", () => {
    const now = new Date("2026-11-23T08:00:00Z");
    const config = { bookingHorizonDays: 60, closedDates: ["2026-11-26"] };
    const check = (change: Record<string, unknown>) => {
      const result = validateAppointment(validAppointment(change), now, config);
      return result.ok ? {} : result.errors;
    };
    expect(check({ appointmentDate: "2026-11-26" }).appointmentDate).toBe(DATE_MESSAGES.closed("2026-11-26"));
    expect(check({ appointmentDate: "2026-11-29" }).appointmentDate).toBe(DATE_MESSAGES.closed("2026-11-29"));
    expect(check({ appointmentDate: "2026-11-22" }).appointmentDate).toBe(DATE_MESSAGES.past);
    expect(check({ appointmentDate: "2027-01-23" }).appointmentDate).toBe(DATE_MESSAGES.tooFar(60));
    expect(check({ dob: "2026-11-23" }).dob).toBe(DOB_MESSAGE);
    expect(check({ alternateNumber: "12" }).alternateNumber).toBe(PHONE_INVALID);
    expect(check({ phoneNumber: "" }).phoneNumber).toBe(PHONE_REQUIRED);
    expect(validateAppointment(validAppointment({ appointmentDate: "2026-11-27" }), now, config).ok).toBe(true);
  });
});

describe("the server's phone layer", () => {
  it("adds its message only where the schema found nothing", () => {
    const errors: Record<string, string> = { phoneNumber: PHONE_REQUIRED };
    expect(checkPhone({ phoneNumber: "", alternateNumber: "071234567" }, "phoneNumber", errors)).toBeNull();
    expect(checkPhone({ phoneNumber: "", alternateNumber: "071234567" }, "alternateNumber", errors)).toBeNull();
    expect(errors).toEqual({ phoneNumber: PHONE_REQUIRED, alternateNumber: PHONE_INVALID });
    expect(checkPhone({ phoneNumber: "71 234 567" }, "phoneNumber", {})).toBe("+26771234567");
  });
});

describe("the referral file", () => {
  it("must be a non-empty PDF, JPEG or PNG up to 10 MB", () => {
    expect(referralFileProblem({ name: "referral.PDF", size: 100 })).toBeNull();
    expect(referralFileProblem({ name: "scan.jpeg", size: REFERRAL_MAX_BYTES })).toBeNull();
    expect(referralFileProblem({ name: "scan.gif", size: 100 })).toBe(REFERRAL_MESSAGES.type);
    expect(referralFileProblem({ name: "scan.png", size: 0 })).toBe(REFERRAL_MESSAGES.empty);
    expect(referralFileProblem({ name: "scan.png", size: REFERRAL_MAX_BYTES + 1 })).toBe(REFERRAL_MESSAGES.size);
  });
});
