import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/base/config";
import { groupedSecret, newTotpSecret, otpauthUri, qrSvg, totpCode, totpStep } from "../../server/staff/second-factor";

describe("staff second factor", () => {
  it("cannot be switched off in production; may be outside it", () => {
    expect(() => loadConfig({ NODE_ENV: "production", STAFF_MFA_REQUIRED: "false" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", STAFF_MFA_REQUIRED: "false" })).toThrow(
      /STAFF_MFA_REQUIRED: cannot be false in production/,
    );
    expect(loadConfig({ NODE_ENV: "production" }).staff.mfaRequired).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", STAFF_MFA_REQUIRED: "false" }).staff.mfaRequired).toBe(false);
  });

  it("refuses a short STAFF_HMAC_KEY", () => {
    expect(() => loadConfig({ STAFF_HMAC_KEY: "too short" })).toThrow(/STAFF_HMAC_KEY: must be at least 32 characters/);
    expect(loadConfig({ STAFF_HMAC_KEY: "k".repeat(32) }).staff.hmacKey).toBe("k".repeat(32));
  });

  it("accepts RFC 6238 codes for now and one step either side, and names the step", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = new Date("2026-11-23T10:00:10Z");
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
    expect(totpStep(secret, "12345", now)).toBeNull();
    expect(totpStep(secret, "abcdef", now)).toBeNull();
  });

  it("matches the RFC 6238 test vector (SHA-1, 6 digits)", () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); 6 digits → 287082.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode(secret, new Date(59_000))).toBe("287082");
  });

  it("draws the QR code as SVG on the server, for an otpauth:// address with the clinic as issuer", async () => {
    const uri = otpauthUri("JBSWY3DPEHPK3PXP", "desk@clinic.example.org", "Example Imaging");
    expect(uri).toBe(
      "otpauth://totp/Example%20Imaging:desk%40clinic.example.org?issuer=Example%20Imaging&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
    );
    const svg = await qrSvg(uri);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/style=|<script|href=/);
    expect(groupedSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });
});
