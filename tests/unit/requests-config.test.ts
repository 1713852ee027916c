import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/base/config";

describe("requests, uploads and mail configuration", () => {
  it("has safe defaults: limits on, 10 MB uploads, 24 h claim window, outbox mail", () => {
    const c = loadConfig({});
    expect(c.rateLimit).toEqual({
      enabled: true,
      bookingsPerMinute: 10,
      enquiriesPerMinute: 10,
      uploadsPerMinute: 20,
      privateLinksPerMinute: 30,
    });
    expect(c.uploads).toMatchObject({ maxBytes: 10 * 1024 * 1024, unclaimedHours: 24 });
    expect(c.mail.smtpUrl).toBeUndefined();
  });

  it("reads explicit values", () => {
    const c = loadConfig({
      RATE_LIMIT_ENABLED: "false",
      SMTP_URL: "smtp://user:pass@mail.example.org:2525",
      MAIL_POLL_MS: "250",
      UPLOAD_MAX_BYTES: "2048",
    });
    expect(c.rateLimit.enabled).toBe(false);
    expect(c.mail).toMatchObject({ smtpUrl: "smtp://user:pass@mail.example.org:2525", pollMs: 250 });
    expect(c.uploads.maxBytes).toBe(2048);
  });

  it.each([
    ["SMTP_URL", "http://mail.example.org"],
    ["RATE_LIMIT_ENABLED", "maybe"],
    ["UPLOAD_MAX_BYTES", "ten"],
    ["MAIL_POLL_MS", "5"],
  ])("refuses a bad %s, naming it", (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [variable]: value });
    } catch (error) {
      expect((error as ConfigError).issues.map((i) => i.variable)).toContain(variable);
    }
  });
});
