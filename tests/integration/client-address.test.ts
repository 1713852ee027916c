import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/base/config";
import { createTestApp, type TestApp } from "../helpers/app";
import { validAppointment } from "../helpers/requests";
import { runServerExpectingExit } from "../../scripts/server-process";
import { form, SAME_ORIGIN } from "../helpers/staff";

/**
 * Decision 008, the client address: behind one trusted proxy the client address is
 * the one the proxy appended (the right-most X-Forwarded-For entry); whatever
 * the client wrote to its left is ignored, so an invented address escapes
 * neither the booking rate limit nor the staff sign-in lockout.
 */
const PROXY = "127.0.0.1";
const BOOKING = "/api/appointment/public/appointments";
/** What nginx forwards: the client's own header, then the address nginx saw. */
const forwarded = (invented: string, real: string) => ({ "x-forwarded-for": `${invented}, ${real}` });

describe("TRUST_PROXY configuration", () => {
  it("refuses TRUST_PROXY=true at start, saying what to write instead", async () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: .*TRUST_PROXY=1 for one nginx.*addresses/);
    const run = await runServerExpectingExit({ TRUST_PROXY: "true", PORT: "0" });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain("TRUST_PROXY");
    expect(run.output).toContain("is no longer accepted");
  }, 30_000);

  it("takes a hop count or a list of proxy addresses and CIDRs", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1,loopback" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
    for (const bad of ["yes", "everything", "10.0.0.0/33", "300.1.1.1", "11"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each([
  ["a hop count", "1"],
  ["the proxy's address", PROXY],
])("behind one trusted proxy given as %s", (_label, trust) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { TRUST_PROXY: trust, RATE_LIMIT_BOOKINGS_PER_MINUTE: "3", STAFF_LOCKOUT_THRESHOLD: "2", STAFF_SLOWDOWN_MS: "0" },
      { servePages: true },
    );
  });
  afterAll(() => t.close());

  it("a client that invents the left-most X-Forwarded-For address still hits the booking rate limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: BOOKING,
        payload: validAppointment({ email: "bad" }),
        remoteAddress: PROXY,
        headers: forwarded(`203.0.113.${i + 1}`, "198.51.100.7"),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // Another real client behind the same proxy keeps its own budget.
    const other = await t.app.inject({
      method: "POST",
      url: BOOKING,
      payload: validAppointment({ email: "bad" }),
      remoteAddress: PROXY,
      headers: forwarded("203.0.113.1", "198.51.100.8"),
    });
    expect(other.statusCode).toBe(400);
  });

  it("a client that invents the left-most X-Forwarded-For address still hits the staff sign-in lockout", async () => {
    // Each try names another account, so only the per-address lockout can stop it.
    const statuses: number[] = [];
    for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/staff/login",
        headers: { ...SAME_ORIGIN, ...forwarded(`203.0.113.${i + 1}`, "198.51.100.9") },
        payload: form({ email: `spray${i}@clinic.example.org`, password: "not the password at all" }),
        remoteAddress: PROXY,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    // The lock is on the real client's address, not on the proxy: another client still gets an ordinary answer.
    const other = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: { ...SAME_ORIGIN, ...forwarded("203.0.113.1", "198.51.100.10") },
      payload: form({ email: "someone@clinic.example.org", password: "not the password at all" }),
      remoteAddress: PROXY,
    });
    expect(
      other.statusCode,
      other.body
        .slice(0, 3000)
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " "),
    ).toBe(401);
  }, 60_000);
});

// Per-address limits count an IPv6 client by its /64, not each address apart (docs/security.md).
describe("IPv6 clients are counted by their /64", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_BOOKINGS_PER_MINUTE: "3", STAFF_LOCKOUT_THRESHOLD: "2", STAFF_SLOWDOWN_MS: "0" },
      { servePages: true },
    );
  });
  afterAll(() => t.close());

  it("a client that takes a new address of its /64 for every booking still hits the booking rate limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: BOOKING,
        payload: validAppointment({ email: "bad" }),
        remoteAddress: `2001:db8:7:1:${(i + 1).toString(16)}:aaaa:bbbb:${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // A neighbouring /64 is another client, with its own budget.
    const other = await t.app.inject({
      method: "POST",
      url: BOOKING,
      payload: validAppointment({ email: "bad" }),
      remoteAddress: "2001:db8:7:2::1",
    });
    expect(other.statusCode).toBe(400);
  });

  it("a client that takes a new address of its /64 for every try still hits the staff sign-in lockout", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/staff/login",
        headers: SAME_ORIGIN,
        payload: form({ email: `spray6-${i}@clinic.example.org`, password: "not the password at all" }),
        remoteAddress: `2001:db8:9:1::${(i + 1).toString(16)}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const other = await t.app.inject({
      method: "POST",
      url: "/staff/login",
      headers: SAME_ORIGIN,
      payload: form({ email: "someone6@clinic.example.org", password: "not the password at all" }),
      remoteAddress: "2001:db8:9:2::1",
    });
    expect(other.statusCode).toBe(401);
  }, 60_000);
});
