import crypto from "node:crypto";
import type { Db } from "../db/index";
import type { StaffRuntime } from "../db/runtime";
import { serverKeyRepository } from "./server-key-repository";

const KEY_NAME = "staff-hmac";
const cache = new WeakMap<Db, Promise<Buffer>>();

/**
 * The key for staff keyed hashes: STAFF_HMAC_KEY when set, else a random
 * 32-byte key made once and kept in the database (table server_keys), so
 * every instance on the same database uses the same key. Made with
 * insert-or-ignore then read, so instances starting together agree.
 */
export function staffHmacKey(rt: Pick<StaffRuntime, "db" | "config">): Promise<Buffer> {
  if (rt.config.staff.hmacKey) return Promise.resolve(Buffer.from(rt.config.staff.hmacKey, "utf8"));
  let key = cache.get(rt.db);
  if (!key) {
    key = (async () => {
      const keys = serverKeyRepository(rt.db);
      await keys.createIfMissing(KEY_NAME, crypto.randomBytes(32).toString("base64"), new Date().toISOString());
      return Buffer.from(await keys.value(KEY_NAME), "base64");
    })();
    key.catch(() => cache.delete(rt.db));
    cache.set(rt.db, key);
  }
  return key;
}

/** HMAC-SHA256 of `value` for one purpose (such as "email"), hex. */
export async function keyedHash(
  rt: Pick<StaffRuntime, "db" | "config">,
  purpose: string,
  value: string,
): Promise<string> {
  const key = await staffHmacKey(rt);
  return crypto.createHmac("sha256", key).update(`${purpose}\0${value}`).digest("hex");
}
