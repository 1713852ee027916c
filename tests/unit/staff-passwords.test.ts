import { describe, expect, it, vi } from "vitest";
import { verify } from "@node-rs/argon2";
import type * as Argon2 from "@node-rs/argon2";
import { hashPassword, passwordProblem, verifyPassword } from "../../server/staff/passwords";

// Count argon2 verifications while keeping the real implementation.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

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

  it("refuses weak or common passwords of 12 characters or more, saying why in words", () => {
    expect(passwordProblem("password1234")).toBe(
      "This password is too weak: it is very like a commonly used password. Use four or more unrelated words, or a long random password from a password manager.",
    );
    expect(passwordProblem("aaaaaaaaaaaa")).toMatch(/^This password is too weak: it repeats characters, like aaa\./);
    expect(passwordProblem("qwertyuiopasdf")).toMatch(/^This password is too weak:/);
    // The person's own name and address count as easy to guess.
    expect(passwordProblem("Mpho Seretse 2026", ["mpho.seretse@clinic.example.org", "Mpho Seretse"])).toMatch(
      /it contains your name or e-mail address/,
    );
    expect(passwordProblem("plover kettle amber window")).toBeNull();
  });

  it("does the same argon2 work for an unknown account (a dummy hash), so timing reveals nothing", async () => {
    const hash = await hashPassword("a long enough password");
    await verifyPassword(hash, "wrong password 1");
    const known = vi.mocked(verify).mock.calls.at(-1)![0] as string;
    vi.mocked(verify).mockClear();
    expect(await verifyPassword(null, "wrong password 2")).toBe(false);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
    const dummy = vi.mocked(verify).mock.calls[0]![0] as string;
    // Same algorithm and cost parameters as a real account's hash.
    expect(dummy.split("$").slice(0, 4)).toEqual(known.split("$").slice(0, 4));
  });
});
