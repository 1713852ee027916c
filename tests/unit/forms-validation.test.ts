import { describe, expect, it } from "vitest";
import { appointmentSchema, MEDICAL_AID_REQUIRED } from "../../domain/validation/appointment";
import { bookingDateProblem, DATE_MESSAGES, DOB_MESSAGES, dobProblem } from "../../domain/validation/appointment-dates";
import {
  appointmentRequest,
  dobEntryProblem,
  dobFromParts,
  typedDateProblems,
  type BookingValues,
} from "../../domain/validation/appointment-form";
import { contactSchema } from "../../domain/validation/contact";
import { fieldErrors, PHONE_INVALID, PHONE_REQUIRED } from "../../domain/validation/fields";
import { REFERRAL_MAX_BYTES, REFERRAL_MESSAGES, referralFileProblem } from "../../domain/validation/referral";
import { validateAppointment } from "../../server/appointments/booking/validate";
import { checkPhone } from "../../server/requests/phone";
import { validAppointment } from "../helpers/requests";
import { initialValues } from "../../app/components/forms/booking/values";

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
    expect(dobProblem("2026-11-23", calendar.today)).toBe("Date of birth must be in the past.");
    expect(dobProblem("2027-01-01", calendar.today)).toBe(DOB_MESSAGES.past);
    expect(dobProblem("1890-01-01", calendar.today)).toBe("Date of birth must be within the last 120 years.");
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
    expect(check({ dob: "2026-11-23" }).dob).toBe(DOB_MESSAGES.past);
    expect(check({ dob: "1990-02-30" }).dob).toBe(DOB_MESSAGES.missing);
    expect(check({ alternateNumber: "12" }).alternateNumber).toBe(PHONE_INVALID);
    expect(check({ phoneNumber: "" }).phoneNumber).toBe(PHONE_REQUIRED);
    expect(validateAppointment(validAppointment({ appointmentDate: "2026-11-27" }), now, config).ok).toBe(true);
  });
});

describe("the date of birth in three boxes (day, month, year)", () => {
  const dob = (dobDay: string, dobMonth: string, dobYear: string) => ({ dobDay, dobMonth, dobYear });

  it("joins them into the date the API takes (YYYY-MM-DD)", () => {
    expect(dobFromParts(dob("27", "3", "1985"))).toBe("1985-03-27");
    expect(dobFromParts(dob(" 07 ", "03 ", "1985"))).toBe("1985-03-07");
    expect(dobFromParts(dob("", "", ""))).toBe("");
  });

  it("says what to fix, in whole sentences with an example", () => {
    expect(dobEntryProblem(dob("", " ", ""))).toBe("Enter your date of birth, for example 27 3 1985.");
    expect(dobEntryProblem(dob("27", "", "1985"))).toBe("Date of birth must include a month.");
    expect(dobEntryProblem(dob("", "3", ""))).toBe("Date of birth must include a day and a year.");
    for (const [d, m, y] of [
      ["31", "2", "1985"],
      ["27", "13", "1985"],
      ["27", "3", "85"],
      ["3", "27", "1985"],
      ["2a", "3", "1985"],
      ["1985", "3", "27"],
    ] as const) {
      expect(dobEntryProblem(dob(d, m, y)), `${d} ${m} ${y}`).toBe(
        "Date of birth must be a real date, for example 27 3 1985.",
      );
    }
    expect(dobEntryProblem(dob("27", "3", "1985"))).toBeNull();
    expect(dobEntryProblem(dob("29", "02", "2000"))).toBeNull();
  });

  it("the form's request carries `dob` as before, and no box of its own", () => {
    const values = { ...emptyBooking(), ...dob("27", "3", "1985") };
    const request = appointmentRequest(values, "09:00");
    expect(request.dob).toBe("1985-03-27");
    expect(Object.keys(request).filter((k) => k.startsWith("dob"))).toEqual(["dob"]);
    expect(appointmentSchema.safeParse(request).error?.issues.some((i) => i.path[0] === "dob")).toBeFalsy();
  });

  it("the typed dates' own messages come before the schema's", () => {
    const values = { ...emptyBooking(), ...dob("27", "", "1985"), appointmentDate: "next week" };
    expect(typedDateProblems(values)).toEqual({
      dob: "Date of birth must include a month.",
      appointmentDate: DATE_MESSAGES.format,
    });
    expect(typedDateProblems({ ...emptyBooking(), ...dob("27", "3", "1985"), appointmentDate: "7/12/2026" })).toEqual(
      {},
    );
  });
});

/** The booking form's first values (app/components/forms/booking/values.ts), with no way of contact chosen. */
function emptyBooking(): BookingValues {
  return initialValues({ contactPreference: "" });
}

describe("the server's phone layer", () => {
  it("adds its message only where the schema found nothing", () => {
    const errors: Record<string, string> = { phoneNumber: PHONE_REQUIRED };
    expect(checkPhone({ phoneNumber: "", alternateNumber: "071234567" }, "phoneNumber", errors)).toBeNull();
    expect(checkPhone({ phoneNumber: "", alternateNumber: "071234567" }, "alternateNumber", errors)).toBeNull();
    expect(errors).toEqual({ phoneNumber: PHONE_REQUIRED, alternateNumber: PHONE_INVALID });
    expect(checkPhone({ phoneNumber: "71 234 567" }, "phoneNumber", {})).toEqual({
      e164: "+26771234567",
      mobile: true,
      country: "BW",
    });
  });

  it("reads a number's kind with it: a landline is valid, and no mobile", () => {
    expect(checkPhone({ phoneNumber: "316 3012" }, "phoneNumber", {})).toEqual({
      e164: "+2673163012",
      mobile: false,
      country: "BW",
    });
    expect(checkPhone({ phoneNumber: "+44 20 7946 0018" }, "phoneNumber", {})).toEqual({
      e164: "+442079460018",
      mobile: false,
      country: "GB",
    });
    expect(checkPhone({ phoneNumber: "+27 82 123 4567" }, "phoneNumber", {})).toEqual({
      e164: "+27821234567",
      mobile: true,
      country: "ZA",
    });
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
