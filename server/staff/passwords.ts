import { createRequire } from "node:module";
import type * as Argon2 from "@node-rs/argon2";
import type { Algorithm } from "@node-rs/argon2";
import type * as ZxcvbnCore from "@zxcvbn-ts/core";
import type * as ZxcvbnCommon from "@zxcvbn-ts/language-common";
import { MIN_PASSWORD_LENGTH } from "../../domain/staff-limits";

// Staff-only libraries load on first use, not with every server (zxcvbn's dictionaries
// alone hold several MB): argon2 by dynamic import, zxcvbn (CommonJS, called
// synchronously) by require.
const require = createRequire(import.meta.url);
let argon2Module: Promise<typeof Argon2> | undefined;
const argon2 = () => (argon2Module ??= import("@node-rs/argon2"));

/** argon2id (the enum is a const enum, so its value is written here). */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const MAX_PASSWORD_LENGTH = 200;

/** zxcvbn scores 0 (guessed at once) to 4 (very hard): below this a password is refused. */
export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn's warning codes in plain words (the English translation package is not installed). */
const WARNINGS: Record<string, string> = {
  straightRow: "it is a straight row of keys",
  keyPattern: "it is a short keyboard pattern",
  simpleRepeat: "it repeats characters, like aaa",
  extendedRepeat: "it repeats a group of characters, like abcabc",
  sequences: "it is a common sequence, like abc or 123",
  recentYears: "it contains a recent year",
  dates: "it contains a date",
  topTen: "it is one of the ten most used passwords",
  topHundred: "it is one of the hundred most used passwords",
  common: "it is a commonly used password",
  similarToCommon: "it is very like a commonly used password",
  wordByItself: "a single word is easy to guess",
  namesByThemselves: "names on their own are easy to guess",
  commonNames: "common names are easy to guess",
  userInputs: "it contains your name or e-mail address",
  pwned: "it has appeared in a data breach",
};

let factory: InstanceType<typeof ZxcvbnCore.ZxcvbnFactory> | undefined;

function strength(password: string, userInputs: string[]) {
  const zxcvbnCore = require("@zxcvbn-ts/core") as typeof ZxcvbnCore;
  const zxcvbnCommon = require("@zxcvbn-ts/language-common") as typeof ZxcvbnCommon;
  factory ??= new zxcvbnCore.ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  return factory.check(password, userInputs);
}

/**
 * Why a password is refused, in words, or null when it is acceptable: at
 * least MIN_PASSWORD_LENGTH characters, and not weak or common by zxcvbn (which also counts
 * the person's own name and e-mail address, given as `userInputs`).
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  const inputs = userInputs.flatMap((s) => [s, ...s.toLowerCase().split(/[^a-z0-9]+/)]).filter((s) => s.length >= 3);
  const result = strength(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reason = (result.feedback.warning && WARNINGS[result.feedback.warning]) || "it would be easy to guess";
  return `This password is too weak: ${reason}. Use four or more unrelated words, or a long random password from a password manager.`;
}

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await argon2();
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown or disabled account) it
 * verifies against a dummy hash, so both cases take about the same time.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) password = password.slice(0, MAX_PASSWORD_LENGTH);
  const { verify } = await argon2();
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
