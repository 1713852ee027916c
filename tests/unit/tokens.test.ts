import { describe, expect, it } from "vitest";
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
