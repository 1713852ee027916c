import { hash, verify, type Algorithm } from "@node-rs/argon2";

/** argon2id (the enum is a const enum, so its value is written here). */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown or disabled account) it
 * verifies against a dummy hash, so both cases take about the same time.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) password = password.slice(0, MAX_PASSWORD_LENGTH);
  if (!stored) {
    dummyHash ??= hashPassword("dummy password that matches nothing");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
