import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "../../server/staff/passwords";

describe("staff passwords", () => {
  it("hashes with argon2id and verifies", async () => {
    const hash = await hashPassword("a long enough password");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "a long enough password")).toBe(true);
    expect(await verifyPassword(hash, "a long enough passwore")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });

  it("refuses passwords under 12 characters", () => {
    expect(passwordProblem("elevenchars")).toMatch(/at least 12/);
    expect(passwordProblem("twelve chars")).toBeNull();
  });

  it("spends about as long on an unknown account (dummy hash) as on a real one", async () => {
    const hash = await hashPassword("a long enough password");
    await verifyPassword(null, "warm up the dummy hash");
    const time = async (stored: string | null) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) await verifyPassword(stored, `wrong password ${i}`);
      return performance.now() - started;
    };
    const known = await time(hash);
    const unknown = await time(null);
    // Same argon2 work either way; wide bounds because the machine is shared.
    expect(unknown / known).toBeGreaterThan(0.2);
    expect(unknown / known).toBeLessThan(5);
  });
});
