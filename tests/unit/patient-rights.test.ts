import { describe, expect, it } from "vitest";
import { parsePatientQuery, searchableEml } from "../../server/staff/patient-rights";

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
    // A valid address with a LIKE wildcard is searched literally (the wildcard is escaped), not refused.
    expect(parsePatientQuery("a%@example.org")).toEqual({ kind: "email", value: "a%@example.org" });
  });
});

describe("outbox search", () => {
  it("finds a value split by a quoted-printable soft line break or hidden in a base64 body", () => {
    const eml = Buffer.from(
      [
        "To: clinic@example.org",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "<td>very-long-address-for-a-patient@exam=",
        "ple.org</td> ref APT-2026-=3D",
        "--b",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("Reference APT-2026-000777 for Lorato").toString("base64"),
        "",
      ].join("\n"),
    );
    const text = searchableEml(eml);
    expect(eml.toString()).not.toContain("very-long-address-for-a-patient@example.org");
    expect(text).toContain("very-long-address-for-a-patient@example.org");
    expect(text).toContain("APT-2026-000777");
  });
});
