import { describe, expect, it } from "vitest";
import { nextNonce } from "../../server/http/security-headers";

describe("CSP nonces", () => {
  it("are 128 random bits each, never repeated", () => {
    const nonces = Array.from({ length: 1000 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
