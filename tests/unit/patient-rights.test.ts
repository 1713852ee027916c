import { describe, expect, it } from "vitest";
import { emlAbout, heldInWords } from "../../server/privacy/patient-holdings";
import { isUpcoming, parsePatientQuery } from "../../server/privacy/patient-lookup";
import { foldName, likePattern, normaliseIdNumber } from "../../server/privacy/patient-keys";

describe("patient search input", () => {
  it("takes a reference in any case, or one e-mail address lower-cased", () => {
    expect(parsePatientQuery(" apt-2026-000123 ")).toEqual({ kind: "reference", value: "APT-2026-000123" });
    expect(parsePatientQuery("ENQ-2026-000004")).toEqual({ kind: "reference", value: "ENQ-2026-000004" });
    expect(parsePatientQuery(" Neo.Mosweu@Example.org")).toEqual({ kind: "email", value: "neo.mosweu@example.org" });
  });

  it("takes a number as a phone number (E.164) when it is one, and always as an ID or passport number", () => {
    expect(parsePatientQuery(" 71 234 567 ")).toEqual({
      kind: "number",
      value: "71 234 567",
      phone: "+26771234567",
      idNumber: "71234567",
    });
    expect(parsePatientQuery("+267 7123-4567")).toMatchObject({ kind: "number", phone: "+26771234567" });
    expect(parsePatientQuery("123 456 789")).toEqual({
      kind: "number",
      value: "123 456 789",
      phone: null,
      idNumber: "123456789",
    });
    expect(parsePatientQuery("bn-0123/45")).toMatchObject({ kind: "number", phone: null, idNumber: "BN012345" });
  });

  it("takes a full name in any script, spaces collapsed", () => {
    expect(parsePatientQuery("  Neo   Mosweu ")).toEqual({ kind: "name", value: "Neo Mosweu" });
    expect(parsePatientQuery("Ŋwana O'Brien-Ñúñez")).toEqual({ kind: "name", value: "Ŋwana O'Brien-Ñúñez" });
  });

  it("refuses anything else, including wildcards and address lists", () => {
    for (const bad of [
      "",
      "   ",
      "%",
      "Neo_%",
      "a@b.c, d@e.f",
      "<a@b.co>",
      "APT-2026-00%",
      "12",
      "x".repeat(201),
      undefined,
      null,
      42,
    ]) {
      expect(parsePatientQuery(bad), String(bad)).toBeNull();
    }
    // A valid address with a LIKE wildcard is searched literally (compared whole, never as a pattern), not refused.
    expect(parsePatientQuery("a%@example.org")).toEqual({ kind: "email", value: "a%@example.org" });
  });
});

describe("the keys a patient on the telephone is found by (decision 035)", () => {
  it("folds names in every script, which SQLite's lower() does not", () => {
    expect(foldName("  ŊWANA   ÉLISE  ")).toBe("ŋwana élise");
    expect(foldName("Ŋwana Élise")).toBe(foldName("ŋwana élise"));
    // Composed and decomposed accents are one name.
    expect(foldName("E\u0301lise")).toBe(foldName("\u00c9lise"));
  });

  it("normalises ID numbers: case, spaces, hyphens, slashes and dots do not count", () => {
    expect(normaliseIdNumber(" bn 12-34/5.6 ")).toBe("BN123456");
  });

  it("makes a LIKE pattern every stored spelling of the value matches, escaping LIKE's own characters", () => {
    expect(likePattern("ŋwana élise")).toBe("%wana%lise%");
    expect(likePattern("o_brien 50%")).toBe("%o\\_brien%50\\%%");
    expect(likePattern("BN12", { gaps: true })).toBe("%b%n%1%2%");
  });
});

describe("what the clinic holds, in plain words", () => {
  it("says one sentence per kind of record held, and nothing about what is not held", () => {
    const words = heldInWords({
      appointments: 2,
      enquiries: 0,
      files: 1,
      statusChanges: 3,
      emails: 1,
      outboxFiles: 0,
      texts: 2,
      idempotencyReplies: 0,
      safetyAnswers: 1,
      notices: 0,
    });
    expect(words).toEqual([
      expect.stringMatching(/^2 appointments: what the patient gave when booking \(name, date of birth/),
      "Answers to the safety questions before an examination, for one appointment: health information.",
      "The history of the appointments: 3 changes of status, with when and why.",
      "One referral form the patient uploaded.",
      "One e-mail the clinic sent or is about to send to the patient or about their records, with their text.",
      "2 text messages (SMS or WhatsApp) the clinic sent or is about to send to the patient's phone, with their words and the number.",
    ]);
  });

  it("counts an appointment as upcoming while requested or confirmed for today or later", () => {
    const today = "2026-12-02";
    expect(isUpcoming({ status: "confirmed", requested_date: "2026-11-30", confirmed_date: today }, today)).toBe(true);
    expect(isUpcoming({ status: "requested", requested_date: "2026-12-09", confirmed_date: null }, today)).toBe(true);
    expect(isUpcoming({ status: "requested", requested_date: "2026-12-01", confirmed_date: null }, today)).toBe(false);
    expect(isUpcoming({ status: "cancelled", requested_date: "2026-12-09", confirmed_date: null }, today)).toBe(false);
    expect(isUpcoming({ status: "attended", requested_date: today, confirmed_date: today }, today)).toBe(false);
  });
});

describe("outbox files written before their names held the e-mail's id", () => {
  it("are about a whole To address and the references of the Subject, never what the body mentions", () => {
    const eml = Buffer.from(
      [
        "From: clinic@example.org",
        "To: JoAnn@Example.Test",
        "Subject: =?UTF-8?Q?Appointment_cancelled=3A_X-ray_=E2=80=93_long?=",
        " =?UTF-8?Q?_title_(APT-2026-000123)?=",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Reason: booked twice, the clinic kept APT-2026-000012 for ann@example.test.",
        "",
      ].join("\n"),
    );
    expect(emlAbout(eml)).toEqual({ to: ["joann@example.test"], references: ["APT-2026-000123"] });
    const clinic = Buffer.from("To: <clinic@example.org>\r\nSubject: New enquiry ENQ-2026-000004\r\n\r\nbody\r\n");
    expect(emlAbout(clinic)).toEqual({ to: ["clinic@example.org"], references: ["ENQ-2026-000004"] });
    // A longer number is another reference, not this one with something after it.
    expect(emlAbout(Buffer.from("To: a@b.co\nSubject: APT-2026-0000123x APT-2026-0000124\n\n")).references).toEqual([
      "APT-2026-0000124",
    ]);
  });
});
