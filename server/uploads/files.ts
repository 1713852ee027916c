import path from "node:path";
import type { Config } from "../base/config";
import { uploadsDir } from "./storage";

/** The path of a stored file, refusing any name that could leave the uploads folder. */
export function uploadPath(config: Pick<Config, "dataDir">, storageName: string): string | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(storageName) || storageName.includes("..")) return null;
  return path.join(uploadsDir(config), storageName);
}

const SAFE_INLINE = new Set(["application/pdf", "image/jpeg", "image/png"]);

export function isInlineSafe(mime: string): boolean {
  return SAFE_INLINE.has(mime);
}

const EXTENSIONS: Record<string, string> = { "application/pdf": ".pdf", "image/jpeg": ".jpg", "image/png": ".png" };

/**
 * A Content-Disposition value: an ASCII fallback name with only safe
 * characters and the right extension, plus the UTF-8 name (RFC 6266/5987).
 */
export function contentDisposition(kind: "inline" | "attachment", displayName: string, mime: string): string {
  const ext = EXTENSIONS[mime] ?? "";
  const base = displayName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const ascii =
    base
      .normalize("NFKD")
      .replace(/[^\w\- ]+/g, "")
      .trim()
      .replace(/[\s-]+/g, "-")
      .slice(0, 80) || "referral";
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const unicode = base.replace(/[\u0000-\u001f\u007f"\\/]/g, "").slice(0, 120) || "referral";
  return `${kind}; filename="${ascii}${ext}"; filename*=UTF-8''${encodeURIComponent(unicode + ext)}`;
}
