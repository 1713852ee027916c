import { describe, expect, it } from "vitest";
import { grantCookie, grantFrom } from "../../server/appointments/reports/pages";
import { hashToken, newToken, TOKEN_PATTERN } from "../../server/base/tokens";

describe("newToken", () => {
  it("gives 32 random bytes as 43 base64url characters, never the same twice, across many draws", () => {
    const tokens = Array.from({ length: 1000 }, () => newToken());
    for (const token of tokens) {
      expect(token).toMatch(TOKEN_PATTERN);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // No token of zero bytes: each is drawn from the system generator.
    expect(tokens).not.toContain(Buffer.alloc(32).toString("base64url"));
    expect(hashToken(tokens[0]!)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the report's grant cookie (server/base/cookies.ts, as the staff session's)", () => {
  const https = { publicBaseUrl: "https://clinic.example.org" };
  const http = { publicBaseUrl: "http://localhost:3000" };
  const grant = newToken();

  it("is __Host- prefixed and Secure over https, SameSite=Strict, for 30 minutes; plain over http", () => {
    expect(grantCookie(https, grant)).toBe(
      `__Host-clinic_report=${grant}; Path=/; HttpOnly; SameSite=Strict; Max-Age=1800; Secure`,
    );
    expect(grantCookie(http, grant)).toBe(`clinic_report=${grant}; Path=/; HttpOnly; SameSite=Strict; Max-Age=1800`);
  });

  it("is read by its exact name among other cookies, and only in a token's shape", () => {
    expect(grantFrom(https, `a=1; __Host-clinic_report=${grant}; b=2`)).toBe(grant);
    // Over https a cookie without the prefix could have been set by a subdomain or over http: not read.
    expect(grantFrom(https, `clinic_report=${grant}`)).toBeUndefined();
    expect(grantFrom(http, `xclinic_report=${grant}`)).toBeUndefined();
    expect(grantFrom(http, `clinic_report=${grant}=x`)).toBeUndefined();
    expect(grantFrom(http, undefined)).toBeUndefined();
  });
});
