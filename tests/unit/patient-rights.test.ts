import { describe, expect, it } from "vitest";
import { emlAbout, parsePatientQuery } from "../../server/privacy/patient-rights";

describe("patient search input", () => {
  it("takes a reference in any case, or one e-mail address lower-cased", () => {
    expect(parsePatientQuery(" apt-2026-000123 ")).toEqual({ kind: "reference", value: "APT-2026-000123" });
    expect(parsePatientQuery("ENQ-2026-000004")).toEqual({ kind: "reference", value: "ENQ-2026-000004" });
    expect(parsePatientQuery(" Neo.Mosweu@Example.org")).toEqual({ kind: "email", value: "neo.mosweu@example.org" });
  });

  it("refuses anything else, including wildcards and address lists", () => {
    for (const bad of ["", "   ", "Neo Mosweu", "%", "a@b.c, d@e.f", "<a@b.co>", "APT-2026-00%", undefined, null, 42]) {
      expect(parsePatientQuery(bad), String(bad)).toBeNull();
    }
    // A valid address with a LIKE wildcard is searched literally (compared whole, never as a pattern), not refused.
    expect(parsePatientQuery("a%@example.org")).toEqual({ kind: "email", value: "a%@example.org" });
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
