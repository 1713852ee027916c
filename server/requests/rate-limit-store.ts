import crypto from "node:crypto";
import { isIPv6 } from "node:net";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "../db/index";
import { rateLimitRepository } from "./rate-limit-repository";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired windows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The client a per-address limit counts (decision 008, docs/security.md): an IPv4 address as it is,
 * an IPv6 address by its /64 prefix. One home or phone is given a whole /64
 * and may pick any address in it, so counting each IPv6 address apart gave one
 * client 2^64 budgets. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is
 * the IPv4 address. Every rate limit, upload cap and sign-in lockout keys by this.
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, ""); // a link-local zone (fe80::1%eth0)
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return address;
  const [head = "", tail] = bare.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  // A dotted IPv4 ending fills the last two groups; only the first four matter here.
  const width = (part: string[]) => part.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const left = groups(head);
  const right = groups(tail);
  const full =
    tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(right)).fill("0"), ...right];
  const prefix = full.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

/** A client as stored in `rate_limits`: a digest of its key (clientKey), never the address itself. */
export function clientDigest(address: string): string {
  return crypto.createHash("sha256").update(clientKey(address)).digest("base64url");
}

/**
 * Counts one hit for `key` in the fixed window that contains `now` and
 * returns the count so far and the milliseconds left in the window. One
 * statement (insert … on conflict do update … returning), so concurrent
 * requests on any number of instances each get their own count.
 */
export async function countHit(
  db: Db,
  key: string,
  timeWindowMs: number,
  now: number = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const window = Math.floor(now / timeWindowMs);
  const end = (window + 1) * timeWindowMs;
  const current = await rateLimitRepository(db).hit(`${key}|${window}`, new Date(end).toISOString());
  return { current, ttl: end - now };
}

/** Deletes counters whose window has ended; returns how many. */
export async function pruneRateLimits(db: Db, now: Date = new Date()): Promise<number> {
  return rateLimitRepository(db).deleteExpired(now);
}

/**
 * A `store` for @fastify/rate-limit that keeps the counters in the database,
 * so every instance sharing it enforces one limit. Counters are per route
 * (each route's `child` store has its own prefix) and per client; the client
 * address is stored only as a SHA-256 digest.
 */
export function databaseRateLimitStore(db: Db, onPruneError?: (error: unknown) => void): FastifyRateLimitStoreCtor {
  let lastPrune = 0;
  const prune = (now: number) => {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    pruneRateLimits(db, new Date(now)).catch((error: unknown) => onPruneError?.(error));
  };

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = "global",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, _max: number): void {
      const now = Date.now();
      countHit(db, `${this.prefix}|${clientDigest(key)}`, timeWindow, now).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      prune(now);
    }

    // Typed as route options, but the plugin passes the merged rate-limit settings, whose `routeInfo` is the route.
    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const info = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(",") : (info.method ?? "");
      return new DatabaseStore(undefined, `${method} ${info.url ?? ""}`.trim() || this.prefix);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
