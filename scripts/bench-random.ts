/**
 * `npx tsx scripts/bench-random.ts`: what a secret token and a CSP nonce cost when each
 * is drawn from the system's generator on its own (as the server does), against a pool
 * of bytes drawn many at a time (as it did before decision 053). Prints the median of
 * five runs of 100,000 calls each, in microseconds a call.
 */
import crypto from "node:crypto";
import { nextNonce } from "../server/http/security-headers";
import { newToken } from "../server/base/tokens";

const CALLS = 100_000;

function pooled(bytes: number, perDraw: number): () => string {
  let pool = Buffer.alloc(0);
  let used = 0;
  return () => {
    if (used === pool.length) {
      pool = crypto.randomBytes(bytes * perDraw);
      used = 0;
    }
    const value = pool.toString("base64url", used, used + bytes);
    used += bytes;
    return value;
  };
}

function medianMicros(make: () => string): number {
  for (let i = 0; i < 10_000; i++) make();
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) make();
    runs.push(Number(process.hrtime.bigint() - start) / CALLS / 1000);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

const rows = [
  ["token, per use (newToken)", medianMicros(newToken)],
  ["token, from a pool of 128", medianMicros(pooled(32, 128))],
  ["nonce, per use (nextNonce)", medianMicros(nextNonce)],
  ["nonce, from a pool of 256", medianMicros(pooled(16, 256))],
] as const;
for (const [name, micros] of rows) console.log(`${name.padEnd(28)} ${micros.toFixed(2)} µs`);
