import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../base/config";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../base/private-files";

/**
 * Referral uploads live privately in DATA_DIR/uploads, and the signed reports
 * staff attach in DATA_DIR/reports (decision 075), under names the server
 * makes; nothing there is served publicly (each file goes out through a
 * guarded route). Files are written to a temporary name, synced, then renamed
 * into place and the folder synced, so a stored name always refers to a
 * complete file. Both folders are in the backups (server/backup).
 */

export const ALLOWED_TYPES = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
} as const;
export type AllowedMime = keyof typeof ALLOWED_TYPES;

export const TEMP_PREFIX = ".incoming-";
const DISPLAY_MAX = 120;

/** The one place that says where uploads live: DATA_DIR/uploads/<storage name>. */
export function uploadsDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

/** Where the signed reports live: DATA_DIR/reports/<storage name> (server/appointments/reports/report-files.ts). */
export function reportsDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "reports");
}

/** Creates the uploads folder, 0700 (its files are written 0600: see routes.ts and server/base/private-files.ts). */
export async function ensureUploadsDir(config: Pick<Config, "dataDir">): Promise<string> {
  const dir = uploadsDir(config);
  await ensurePrivateDir(dir);
  return dir;
}

export function randomStorageName(mime: AllowedMime): string {
  return `${crypto.randomBytes(16).toString("hex")}.${ALLOWED_TYPES[mime]}`;
}

/**
 * Moves a complete, synced file (`temp`, in the same file system) into `dir`
 * under a new random name of its type, 0600, and syncs the folder so the
 * rename lasts: the name it is stored under.
 */
export async function storeUnderNewName(temp: string, dir: string, mime: AllowedMime): Promise<string> {
  const name = randomStorageName(mime);
  const target = path.join(dir, name);
  await fs.rename(temp, target);
  await fs.chmod(target, PRIVATE_FILE_MODE);
  await syncDir(dir);
  return name;
}

/** Makes a rename durable: sync the folder entry. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function randomPublicId(): string {
  return crypto.randomBytes(18).toString("base64url");
}

export function tempPath(dir: string): string {
  return path.join(dir, `${TEMP_PREFIX}${crypto.randomBytes(12).toString("hex")}`);
}

/**
 * A display name safe to show and to put in a Content-Disposition header:
 * the last path segment only, no control or reserved characters, no leading
 * dots, at most 120 characters, and the extension of the detected type.
 */
export function safeDisplayName(original: string | undefined, mime: AllowedMime): string {
  const ext = ALLOWED_TYPES[mime];
  let name = (original ?? "").normalize("NFC");
  name = name.split(/[\\/]/).pop() ?? "";
  name = name
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/["<>:|?*;`]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .trim();
  let stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim();
  if (!stem || /^\.*$/.test(stem)) stem = "referral-form";
  const budget = DISPLAY_MAX - ext.length - 1;
  if (stem.length > budget) stem = Array.from(stem).slice(0, budget).join("").trim();
  const sameExt = ext === "jpg" ? /\.(jpe?g)$/i : new RegExp(`\\.${ext}$`, "i");
  const kept = name.match(sameExt)?.[0];
  return `${stem}${kept ? kept.toLowerCase() : `.${ext}`}`;
}

export async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { force: true }).catch(() => undefined);
}
