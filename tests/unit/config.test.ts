import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

function errorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("has working defaults, with the clinic landline from the specification", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./data");
    expect(config.clinic.landline).toBe("+2673163012");
    expect(config.clinic.email).toMatch(/\.example\.org$/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each(["abc", "70000", "-1", "3.5"])("rejects PORT=%s, naming the variable", (value) => {
    const error = errorFor({ PORT: value });
    expect(error.issues.map((i) => i.variable)).toEqual(["PORT"]);
    expect(error.message).toContain("PORT");
  });

  it.each(["not-an-email", "a@", "@b.org", "a b@c.org"])("rejects CLINIC_EMAIL=%s, naming the variable", (value) => {
    const error = errorFor({ CLINIC_EMAIL: value });
    expect(error.issues.map((i) => i.variable)).toEqual(["CLINIC_EMAIL"]);
  });

  it("reports every bad variable at once", () => {
    const error = errorFor({ PORT: "x", CLINIC_WHATSAPP: "0712", CLOSED_DATES: "2026-12-24,soon" });
    expect(error.issues.map((i) => i.variable).sort()).toEqual(["CLINIC_WHATSAPP", "CLOSED_DATES", "PORT"]);
  });

  it("parses lists", () => {
    const config = loadConfig({ CLOSED_DATES: "2026-12-24, 2026-12-31", STAFF_NAMES: "A,B" });
    expect(config.closedDates).toEqual(["2026-12-24", "2026-12-31"]);
    expect(config.clinic.staffNames).toEqual(["A", "B"]);
  });
});
