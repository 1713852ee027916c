import { describe, expect, it } from "vitest";
import { bodyHash, canonicalJson, isValidKey } from "../../server/requests/idempotency";
import { toE164 } from "../../server/requests/phone";
import { clientDigest, clientKey } from "../../server/requests/rate-limit-store";
import { formatReference } from "../../server/requests/reference";
import { safeDisplayName } from "../../server/uploads/storage";

describe("phone numbers", () => {
  it("accepts Botswana numbers of 7 or 8 digits and international numbers, in E.164", () => {
    expect(toE164("71234567")).toBe("+26771234567");
    expect(toE164("71 234 567")).toBe("+26771234567");
    expect(toE164("3163012")).toBe("+2673163012");
    expect(toE164("+267 71234567")).toBe("+26771234567");
    expect(toE164("+27 82 123 4567")).toBe("+27821234567");
  });
  it("refuses a trunk 0, wrong lengths and text", () => {
    for (const bad of ["071234567", "7123456", "1234", "abc", "", "+", "71234567x", "7".repeat(40)]) {
      expect(toE164(bad), bad).toBeNull();
    }
  });
});

describe("display names of uploads", () => {
  it("keeps only a safe last segment with the detected type's extension", () => {
    expect(safeDisplayName("../../etc/passwd", "application/pdf")).toBe("passwd.pdf");
    expect(safeDisplayName("C:\\Users\\a\\Referral form.PDF", "application/pdf")).toBe("Referral form.pdf");
    expect(safeDisplayName("scan.jpeg", "image/jpeg")).toBe("scan.jpeg");
    expect(safeDisplayName("photo.png", "image/jpeg")).toBe("photo.jpg");
    expect(safeDisplayName("a\u0000b\r\nc\u202e.pdf", "application/pdf")).toBe("abc.pdf");
    expect(safeDisplayName("...", "image/png")).toBe("referral-form.png");
    expect(safeDisplayName(undefined, "image/png")).toBe("referral-form.png");
    expect(safeDisplayName('x"<script>.pdf', "application/pdf")).toBe("xscript.pdf");
  });
  it("caps the length at 120 characters", () => {
    const name = safeDisplayName(`${"é".repeat(500)}.pdf`, "application/pdf");
    expect(Array.from(name).length).toBeLessThanOrEqual(120);
    expect(name.endsWith(".pdf")).toBe(true);
  });
});

describe("references and idempotency keys", () => {
  it("formats references with a per-year sequence", () => {
    expect(formatReference("APT", 2026, 123)).toBe("APT-2026-000123");
    expect(formatReference("ENQ", 2027, 45)).toBe("ENQ-2027-000045");
  });
  it("hashes bodies independently of key order", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    // The form stored hashes were made with: members left out when undefined, undefined in a list as null, keys by code unit.
    expect(canonicalJson({ z: undefined, list: [undefined, {}, []], é: 1, E: 2, "": 3 })).toBe(
      '{"":3,"E":2,"list":[null,{},[]],"é":1}',
    );
    expect(canonicalJson({ only: undefined })).toBe("{}");
    expect(bodyHash({ a: 1, b: 2 })).toBe(bodyHash({ b: 2, a: 1 }));
    expect(bodyHash({ a: 1 })).not.toBe(bodyHash({ a: 2 }));
  });
  it("accepts UUID-like keys only", () => {
    expect(isValidKey("5b0f7c1e-4f0a-4a7e-9c1b-2f3a4b5c6d7e")).toBe(true);
    expect(isValidKey("short")).toBe(false);
    expect(isValidKey("has space in it")).toBe(false);
    expect(isValidKey("x".repeat(129))).toBe(false);
  });
});

describe("clientKey: the client a per-address limit counts, an IPv6 client by its /64", () => {
  it("keeps IPv4 addresses, and reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientKey("198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("::FFFF:198.51.100.7")).toBe("198.51.100.7");
  });

  it("keys an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2::192.0.2.1",
      "2001:db8:1:2::1%eth0",
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("digests the key, so two addresses of one /64 share a counter", () => {
    expect(clientDigest("2001:db8:1:2::1")).toBe(clientDigest("2001:db8:1:2::2"));
    expect(clientDigest("2001:db8:1:2::1")).not.toBe(clientDigest("2001:db8:1:3::1"));
    expect(clientDigest("2001:db8:1:2::1")).not.toContain("2001");
  });
});
