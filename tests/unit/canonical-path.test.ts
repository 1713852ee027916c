import { describe, expect, it } from "vitest";
import { canonicalPath, hideTokens, loggedPath } from "../../domain/request-path";

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
    // After a language's prefix, the page's segment too: the token keeps its case.
    expect(canonicalPath(`/tn/Appointment/${TOKEN}`)).toBe(`/tn/appointment/${TOKEN}`);
    expect(canonicalPath(`/TN/APPOINTMENT/${TOKEN}.data`)).toBe(`/tn/appointment/${TOKEN}.data`);
    expect(canonicalPath("/tn/About")).toBe("/tn/about");
    expect(canonicalPath("/tn")).toBe("/tn");
    expect(canonicalPath("/TN/")).toBe("/tn/");
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

  it("hides it after any prefix, in any letter case, and keeps a data request's ending", () => {
    for (const [url, logged] of [
      [`/tn/appointment/${TOKEN}`, "/tn/appointment/[token]"],
      [`/tn/Appointment/${TOKEN}`, "/tn/appointment/[token]"],
      [`/TN/appointment/${TOKEN}`, "/tn/appointment/[token]"],
      [`/tn/appointment/${TOKEN}.data?_routes=routes/appointment`, "/tn/appointment/[token].data"],
      [`/appointment/${TOKEN}.data`, "/appointment/[token].data"],
      [`//x/appointment/${TOKEN}`, "/x/appointment/[token]"],
      [`/x/APPOINTMENT/${TOKEN}/more`, "/x/APPOINTMENT/[token]/more"],
      [`/tn/%41ppointment/${TOKEN}/`, "/tn/appointment/[token]/"],
    ]) {
      expect(loggedPath(url!), url).toBe(logged);
    }
    // The console's appointments are not private links.
    expect(loggedPath("/staff/appointments/42")).toBe("/staff/appointments/42");
  });
});

describe("hideTokens", () => {
  it("hides a token in any text a log line may hold: messages, JSON, escapes, backslashes", () => {
    for (const text of [
      `You made a PUT request to "/x/appointment/${TOKEN}" but did not provide an \`action\``,
      `{"msg":"Route GET:/tn/Appointment/${TOKEN}?x=1 not found"}`,
      `{"msg":"You made a PUT request to \\"/appointment/${TOKEN}\\""}`,
      `GET /%61ppointment%2F${TOKEN}`,
      `GET /%41PPOINTMENT/${TOKEN}`,
      `GET /appointment\\${TOKEN}`,
      `at http://clinic.example/tn/appointment//${TOKEN}.data`,
    ]) {
      const hidden = hideTokens(text);
      expect(hidden, text).not.toContain(TOKEN);
      expect(hidden).toContain("[token]");
    }
    expect(hideTokens(`/appointment/${TOKEN}.data`)).toBe("/appointment/[token].data");
    for (const text of ["/staff/appointments/42", "appointment request failed", '{"path":"/about"}']) {
      expect(hideTokens(text)).toBe(text);
    }
  });
});
