import { describe, expect, it } from "vitest";
import { CALENDAR_FALLBACK_NOTE } from "../../app/components/forms/booking/calendar";
import { APPOINTMENT_FAILURE } from "../../app/components/forms/booking/submission";
import { UPLOAD_FAILED } from "../../app/components/forms/booking/upload";
import { CONTACT_FAILURE } from "../../app/components/forms/contact-form";
import { REATTACH_FILE } from "../../app/components/forms/file-upload";
import { PROCESSING_TEXT, progressLabel } from "../../app/components/forms/status";
import { BOOKING_POLICY } from "../../domain/booking-policy";
import { CLOSURE_MESSAGES } from "../../domain/closures";
import { CANCELLED_FINAL, CHANGE_MAILED, PATIENT_MESSAGES } from "../../domain/patient-link";
import { PAYMENT_METHODS } from "../../domain/payments";
import {
  ENQUIRY_RECEIVED_MESSAGE,
  REFERRAL_WORDS,
  requestNextStep,
  requestReceivedMessage,
} from "../../domain/request-words";
import { SAFETY_MESSAGES } from "../../domain/safety-questions";
import { APPOINTMENT_MESSAGES, appointmentSchema } from "../../domain/validation/appointment";
import { DATE_MESSAGES, DOB_MESSAGES } from "../../domain/validation/appointment-dates";
import { ALTERNATE_NUMBER_LABEL } from "../../domain/validation/appointment-form";
import { CONTACT_MESSAGES, contactMessages, contactSchema, contactSchemaFor } from "../../domain/validation/contact";
import { LOCALES } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";
import { EMAIL_INVALID, fieldErrors, PHONE_INVALID, PHONE_REQUIRED, tooLong } from "../../domain/validation/fields";
import { REFERRAL_MESSAGES } from "../../domain/validation/referral";
import { REFERRAL_MISSING } from "../../server/appointments/booking/submit";
import { ENQUIRY_ACCEPTED } from "../../server/enquiries/api-answer";
import { INVALID_MESSAGE, RATE_LIMIT_MESSAGE } from "../../server/requests/http";
import { FORM_UNREADABLE, SEND_AS_FORM } from "../../server/requests/page-forms";
import { UNAVAILABLE_MESSAGE } from "../../server/requests/unavailable";
import { DAILY_CAP_REACHED, NO_FILE, STORAGE_FULL, tooLarge, WRONG_TYPE } from "../../server/uploads/intake";
import { PDF_ACTIVE_CONTENT, PDF_UNREADABLE } from "../../server/uploads/pdf-check";

/**
 * One word for one thing (decision 025): every message a
 * patient can read, from the catalogue (domain/ and the forms' and the
 * server's own messages) and from the schemas as they answer, is a whole
 * sentence; "enquiry", never "inquiry"; one term for the second phone number;
 * the medical aids as the clinic writes them. The built pages are checked in
 * tests/integration/built-pages-words.test.ts.
 */

/** What the schemas answer for empty and wrong bodies: catches a message written inline in a schema. */
function schemaMessages(): string[] {
  const bodies: unknown[] = [
    {},
    {
      appointmentTime: "9.30",
      referralForms: Array.from({ length: 6 }, () => ({ url: "u", publicId: "p", name: "n" })),
    },
    { service: { name: "Not a service", paymentMethod: "pula" }, name: "x".repeat(101) },
    // Wrong types, as only an API client could send them.
    Object.fromEntries(
      [
        "name",
        "surname",
        "dob",
        "phoneNumber",
        "alternateNumber",
        "email",
        "gender",
        "service",
        "medicalAidNumber",
        "notes",
        "appointmentDate",
        "appointmentTime",
        "referralForms",
        "idPassportNumber",
      ].map((k) => [k, 1]),
    ),
    { service: { name: 1, paymentMethod: 1 }, referralForms: [{}] },
    { referralForms: [{ url: 1, publicId: 1, name: 1 }] },
  ];
  const appointment = bodies.flatMap((b) => {
    const parsed = appointmentSchema.safeParse(b);
    return parsed.success ? [] : Object.values(fieldErrors(parsed.error));
  });
  const contact = [{}, { name: 1, phoneNumber: 1, email: 1, description: 1 }].flatMap((b) => {
    const parsed = contactSchema.safeParse(b);
    return parsed.success ? [] : Object.values(fieldErrors(parsed.error));
  });
  return [...appointment, ...contact];
}

const CATALOGUE: Record<string, string> = {
  ...prefixed("appointment", APPOINTMENT_MESSAGES),
  ...prefixed("contact", CONTACT_MESSAGES),
  ...prefixed("date", {
    format: DATE_MESSAGES.format,
    past: DATE_MESSAGES.past,
    tooFar: DATE_MESSAGES.tooFar(90),
    closed: DATE_MESSAGES.closed("2026-12-25"),
    closedWithReason: DATE_MESSAGES.closed("2026-12-24", "Closed for staff training."),
  }),
  ...prefixed("dob", { ...DOB_MESSAGES, incomplete: DOB_MESSAGES.incomplete(["month", "year"]) }),
  ...prefixed("fields", { EMAIL_INVALID, PHONE_REQUIRED, PHONE_INVALID, tooLong: tooLong(100) }),
  ...prefixed("referral", REFERRAL_MESSAGES),
  ...prefixed("safety", SAFETY_MESSAGES),
  ...prefixed("patientLink", { ...PATIENT_MESSAGES, CANCELLED_FINAL, CHANGE_MAILED }),
  ...prefixed("closures", CLOSURE_MESSAGES),
  ...prefixed("received", {
    request: requestReceivedMessage(),
    requestBy: requestReceivedMessage("2026-12-01"),
    next: requestNextStep("2026-12-01"),
    enquiry: ENQUIRY_RECEIVED_MESSAGE,
    ...REFERRAL_WORDS,
  }),
  ...prefixed("upload", {
    WRONG_TYPE,
    NO_FILE,
    DAILY_CAP_REACHED,
    STORAGE_FULL,
    tooLarge: tooLarge(10 * 1024 * 1024),
    PDF_ACTIVE_CONTENT,
    PDF_UNREADABLE,
    REFERRAL_MISSING,
    UPLOAD_FAILED,
    REATTACH_FILE,
  }),
  ...prefixed("forms", {
    INVALID_MESSAGE,
    RATE_LIMIT_MESSAGE,
    UNAVAILABLE_MESSAGE,
    FORM_UNREADABLE,
    SEND_AS_FORM,
    APPOINTMENT_FAILURE,
    CONTACT_FAILURE,
    PROCESSING_TEXT,
    CALENDAR_FALLBACK_NOTE,
    ENQUIRY_ACCEPTED,
  }),
  ...prefixed("policy", Object.fromEntries(BOOKING_POLICY.map((m, i) => [i, m]))),
  ...prefixed("schema", Object.fromEntries(schemaMessages().map((m, i) => [i, m]))),
};

function prefixed(prefix: string, messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([k, v]) => [`${prefix}.${k}`, v]));
}

/** Why a message is not a whole sentence, or null. */
function sentenceProblem(message: string): string | null {
  if (/\.[!?]|!\.|\.\.\./.test(message)) return "has stray punctuation";
  if (!/^[A-Z]/.test(message)) return "does not start with a capital letter";
  if (!/[^.]\.$/.test(message)) return "does not end with one full stop";
  // "Phone number required.": a noun and "required", no verb.
  if (/(?<!\b(?:is|are|be)) required\.$/.test(message)) return "has no verb";
  return null;
}

describe("the message catalogue: one word for one thing", () => {
  it("holds the messages of every module (the check can fail)", () => {
    expect(Object.keys(CATALOGUE).length).toBeGreaterThan(60);
    expect(sentenceProblem("Phone number required.")).toBe("has no verb");
    expect(sentenceProblem("Processing your request... Please wait.!")).toBe("has stray punctuation");
    expect(sentenceProblem("At most 5 referral forms")).toBe("does not end with one full stop");
  });

  it.each(Object.entries(CATALOGUE))("%s is a whole sentence: %s", (_key, message) => {
    expect(sentenceProblem(message)).toBeNull();
  });

  it("says enquiry, never inquiry", () => {
    expect(Object.values(CATALOGUE).filter((m) => /inquir/i.test(m))).toEqual([]);
  });

  it("names the second phone number with one term, in its label and its error", () => {
    expect(ALTERNATE_NUMBER_LABEL).toBe("Alternative phone number");
    expect(APPOINTMENT_MESSAGES.alternateNumber).toContain(ALTERNATE_NUMBER_LABEL);
    const schema = appointmentSchema.safeParse({ alternateNumber: "" });
    expect(schema.success ? "" : fieldErrors(schema.error).alternateNumber).toBe(APPOINTMENT_MESSAGES.alternateNumber);
    expect(Object.values(CATALOGUE).filter((m) => /\balternate\b/i.test(m))).toEqual([]);
  });

  it.each(LOCALES)("names each contact field as its label does, in %s (the message sits under the label)", (locale) => {
    const messages = contactMessages(locale);
    const t = { locale };
    expect(messages.name.toLowerCase()).toContain(m.contact_name({}, t).toLowerCase());
    expect(messages.description.toLowerCase()).toContain(m.contact_description({}, t).toLowerCase());
    const parsed = contactSchemaFor(locale).safeParse({
      name: "",
      phoneNumber: "71234567",
      email: "a@b.bw",
      description: "",
    });
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    expect(errors).toMatchObject({ name: messages.name, description: messages.description });
  });

  it("writes the medical aids as the clinic does: BPOMAS and PULA", () => {
    expect(PAYMENT_METHODS.map((p) => p.label)).toEqual(["Cash Payment", "BPOMAS", "PULA Medical Aid"]);
    const everything = [...Object.values(CATALOGUE), ...PAYMENT_METHODS.map((p) => p.label)];
    expect(everything.filter((m) => /\b(?!BPOMAS\b)bpomas\b|\b(?!PULA\b)pula\b/i.test(m))).toEqual([]);
  });

  it("shows an upload's progress without stray punctuation", () => {
    expect(progressLabel({ label: "Uploading your referral form", percent: 40 })).toBe(
      "Uploading your referral form: 40%",
    );
  });
});
