import { describe, expect, it } from "vitest";
import { clinicJsonLd } from "../../app/components/layout/json-ld";
import { getClinic } from "../../app/lib/clinic.server";

describe("the clinic's structured data in each language", () => {
  const clinic = getClinic();
  it("points at the language's home page and names both languages", () => {
    expect(clinicJsonLd(clinic).url).toBe(`${clinic.publicBaseUrl}/`);
    expect(clinicJsonLd(clinic, "tn").url).toBe(`${clinic.publicBaseUrl}/tn`);
    expect(clinicJsonLd(clinic, "tn").knowsLanguage).toEqual(["en", "tn"]);
    expect(clinicJsonLd(clinic, "tn")["@type"]).toBe("MedicalClinic");
  });
});
