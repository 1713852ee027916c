import { describe, expect, it } from "vitest";
import { canonicalPath } from "../../server/requests/canonical-path";
import { loggedPath } from "../../server/logger";

const TOKEN = "PmaguHe7XTBT3yb1Gpxz_Ab-cdEFghIJklMNopQRstu";

describe("canonicalPath", () => {
  it("leaves canonical paths as they are, the token's and assets' case included", () => {
    for (const path of [
      "/",
      "/about",
      "/services/x-ray",
      "/staff/appointments/",
      `/appointment/${TOKEN}`,
      "/assets/root-BxY7a.js",
      "/_root.data",
      "/details",
    ]) {
      expect(canonicalPath(path)).toBe(path);
    }
  });

  it("collapses slashes, resolves dot segments, decodes escaped letters and lower-cases the first segment", () => {
    expect(canonicalPath("//staff/appointments")).toBe("/staff/appointments");
    expect(canonicalPath("/staff//appointments")).toBe("/staff/appointments");
    expect(canonicalPath("///")).toBe("/");
    expect(canonicalPath("/staff/./appointments")).toBe("/staff/appointments");
    expect(canonicalPath("/about/../staff/appointments")).toBe("/staff/appointments");
    expect(canonicalPath("/../../staff")).toBe("/staff");
    expect(canonicalPath("/staff/..")).toBe("/");
    expect(canonicalPath("/st%61ff/appointments")).toBe("/staff/appointments");
    expect(canonicalPath("/%2e%2e/staff")).toBe("/staff");
    expect(canonicalPath("/STAFF/Appointments")).toBe("/staff/Appointments");
    expect(canonicalPath(`/Appointment/${TOKEN}`)).toBe(`/appointment/${TOKEN}`);
    expect(canonicalPath("/about%3f")).toBe("/about%3F");
  });

  it("refuses what would split differently or hide a control character", () => {
    for (const path of [
      "/staff%2Fappointments",
      "/staff%2fappointments",
      "/staff%5Cx",
      "/staff\\appointments",
      "/a%00b",
      "/a%0A",
      "/a\tb",
      "staff",
      "http://evil.example/staff",
      "*",
    ]) {
      expect(canonicalPath(path), path).toBeUndefined();
    }
  });
});

describe("loggedPath", () => {
  it("never shows a private link's token, however the path is spelled", () => {
    for (const url of [
      `/appointment/${TOKEN}`,
      `/Appointment/${TOKEN}`,
      `/APPOINTMENT/${TOKEN}?step=cancel`,
      `//appointment/${TOKEN}`,
      `/x/../appointment/${TOKEN}`,
      `/%61ppointment/${TOKEN}`,
    ]) {
      expect(loggedPath(url)).toBe("/appointment/[token]");
    }
    expect(loggedPath(`/appointment%2F${TOKEN}`)).toBe("[unreadable path]");
    expect(loggedPath("/about?email=a@b.example")).toBe("/about");
  });
});
