import { describe, expect, it } from "vitest";
import { serviceGuidance } from "../../domain/catalogue";
import { loadConfig } from "../../server/base/config";
import { contentDisposition, uploadPath } from "../../server/uploads/files";
import { isCrossSite, isStaffUrl } from "../../server/staff/guard";
import { confirmationProblem, confirmationProblems } from "../../domain/opening-days";
import { clinicDate, subtractMonths } from "../../domain/dates";

const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_BASE_URL: "https://clinic.example.org",
  CLOSED_DATES: "2026-12-24",
});
const now = new Date("2026-11-22T08:00:00Z"); // Sunday 10:00 in Gaborone

describe("confirmation date and time", () => {
  it("accepts an open weekday within hours", () => {
    expect(confirmationProblem(config, "2026-12-02", "09:30", 45, now)).toBeNull();
    expect(confirmationProblem(config, "2026-12-02", "19:15", 45, now)).toBeNull();
  });
  it("refuses Sundays, public holidays and configured closures", () => {
    expect(confirmationProblem(config, "2026-11-29", "10:00", 30, now)).toMatch(/Sundays/);
    expect(confirmationProblem(config, "2026-12-25", "10:00", 30, now)).toMatch(/closed/); // Christmas Day
    expect(confirmationProblem(config, "2026-12-24", "10:00", 30, now)).toMatch(/closed/);
  });
  it("keeps Saturday appointments within 09:00 to 13:00 and weekdays within 08:00 to 20:00", () => {
    expect(confirmationProblem(config, "2026-11-28", "08:30", 30, now)).toMatch(/Saturday/);
    expect(confirmationProblem(config, "2026-11-28", "12:45", 30, now)).toMatch(/13:00/);
    expect(confirmationProblem(config, "2026-11-28", "12:30", 30, now)).toBeNull();
    expect(confirmationProblem(config, "2026-12-01", "07:55", 30, now)).toMatch(/08:00/);
    expect(confirmationProblem(config, "2026-12-01", "19:45", 30, now)).toMatch(/20:00/);
  });
  it("refuses the past and malformed values", () => {
    expect(confirmationProblem(config, "2026-11-20", "10:00", 30, now)).toMatch(/future/);
    expect(confirmationProblem(config, "2026-02-30", "10:00", 30, now)).toMatch(/YYYY-MM-DD/);
    expect(confirmationProblem(config, "2026-12-02", "9:30", 30, now)).toMatch(/HH:MM/);
  });
});

describe("confirmation problems by field", () => {
  it("names the date's and the time's problems at once", () => {
    expect(confirmationProblems(config, "2026-11-29", "9:30", 30, now)).toEqual({
      date: "The clinic is closed on Sundays. Choose another day.",
      time: "Enter the time as HH:MM (24-hour clock).",
    });
    expect(confirmationProblems(config, "2026-02-30", "", 30, now)).toEqual({
      date: "Enter the date as YYYY-MM-DD.",
      time: "Enter the time as HH:MM (24-hour clock).",
    });
    expect(confirmationProblems(config, "2026-12-01", "07:55", 30, now)).toEqual({
      time: expect.stringMatching(/open 08:00 to 20:00/),
    });
    expect(confirmationProblems(config, "2026-12-02", "09:30", 45, now)).toEqual({});
  });
});

describe("time helpers", () => {
  it("uses the clinic's date (UTC+2)", () => {
    expect(clinicDate(new Date("2026-11-22T22:30:00Z"))).toBe("2026-11-23");
  });
  it("subtracts months clamping the day", () => {
    expect(subtractMonths(new Date("2026-03-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(subtractMonths(new Date("2026-11-22T10:00:00Z"), 24).toISOString()).toBe("2024-11-22T10:00:00.000Z");
  });
});

describe("cross-site detection", () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it("trusts Sec-Fetch-Site when present", () => {
    expect(isCrossSite(config, headers({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSite(config, headers({ "sec-fetch-site": "none" }))).toBe(false);
    expect(isCrossSite(config, headers({ "sec-fetch-site": "same-site", origin: "https://clinic.example.org" }))).toBe(
      true,
    );
    expect(isCrossSite(config, headers({ "sec-fetch-site": "cross-site" }))).toBe(true);
  });
  it("falls back to Origin against the public base URL or the Host", () => {
    expect(isCrossSite(config, headers({ origin: "https://clinic.example.org" }))).toBe(false);
    expect(isCrossSite(config, headers({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }))).toBe(false);
    expect(isCrossSite(config, headers({ origin: "https://evil.example", host: "clinic.example.org" }))).toBe(true);
    expect(isCrossSite(config, headers({ origin: "null" }))).toBe(true);
  });
  it("knows staff URLs", () => {
    for (const url of [
      "/staff",
      "/staff/login",
      "/staff.data",
      "/staff/appointments/3.data?x=1",
      "/api/staff/uploads/x",
    ])
      expect(isStaffUrl(url)).toBe(true);
    for (const url of ["/staffing", "/", "/api/health", "/about"]) expect(isStaffUrl(url)).toBe(false);
  });
});

describe("files, links and notes", () => {
  it("makes a safe Content-Disposition with the right extension", () => {
    const value = contentDisposition("attachment", '../../etc/passwd"; x=.exe', "application/pdf");
    expect(value).toMatch(/^attachment; filename="[\w.\- ]+\.pdf"; filename\*=UTF-8''/);
    expect(value).not.toContain("/");
    expect(contentDisposition("inline", "Référence médicale.pdf", "application/pdf")).toContain(
      "filename*=UTF-8''R%C3%A9f%C3%A9rence%20m%C3%A9dicale.pdf",
    );
  });
  it("refuses storage names that leave the uploads folder", () => {
    expect(uploadPath({ dataDir: "/data" }, "../clinic.sqlite")).toBeNull();
    expect(uploadPath({ dataDir: "/data" }, "a/b.pdf")).toBeNull();
    expect(uploadPath({ dataDir: "/data" }, "abc.pdf")).toBe("/data/uploads/abc.pdf");
  });
  it("has preparation notes per service", () => {
    expect(serviceGuidance("Bone Densitometry (DEXA Scan)").notes.join(" ")).toMatch(/calcium/);
    expect(serviceGuidance("Ultrasound Imaging").notes.join(" ")).toMatch(/do not eat/);
    expect(serviceGuidance("X-ray Imaging").notes.join(" ")).toMatch(/referral/);
    expect(serviceGuidance("Something new").notes.join(" ")).toMatch(/15 minutes/);
    // Appointments store the slug; the notes and length are the catalogue entry's.
    expect(serviceGuidance("bone-densitometry-dexa-scan")).toEqual(serviceGuidance("Bone Densitometry (DEXA Scan)"));
    expect(serviceGuidance("pain-management").durationMinutes).toBe(60);
  });
});

describe("confirmation uses the public booking calendar's holiday rules", () => {
  it("refuses the Botswana Day Holiday (1 October), which date-holidays lacks", () => {
    expect(confirmationProblem(config, "2027-10-01", "10:00", 30, now)).toMatch(/Botswana Day Holiday/);
  });
});
