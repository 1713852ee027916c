import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { BASE_LOCALE, type Locale } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { DISCARD_EXCEEDED, DISCARD_MAX_BYTES } from "../requests/body-limit";
import { clientDigest, countHit } from "../requests/rate-limit-store";
import type { ApiAnswer } from "../requests/types";
import {
  ALLOWED_TYPES,
  randomPublicId,
  removeQuietly,
  safeDisplayName,
  storeUnderNewName,
  tempPath,
  ensureUploadsDir,
  type AllowedMime,
} from "./storage";
import type { PdfChecks } from "./pdf-pool";
import { uploadRepository } from "./upload-repository";

/**
 * The referral upload's core, shared by the upload endpoint
 * (server/uploads/routes.ts) and the booking page's plain form post
 * (server/appointments/booking/page-form.ts): the caps checked before the file is read,
 * the type decided by content, the size enforced while streaming, PDFs
 * checked for active content, and the file stored under a server-made name
 * with its row inserted only once it is complete on disk. Its refusals are in
 * the language the request asks for (`locale`: the page's, or the upload's
 * `?language=`), English by default.
 */

export const STAFF_DOWNLOAD_PREFIX = "/api/staff/uploads/";

/** The intake's refusals in `locale`. */
export function uploadMessages(locale: Locale) {
  const options = { locale };
  return {
    wrongType: m.upload_wrong_type({}, options),
    noFile: m.upload_no_file({}, options),
    dailyCap: m.upload_daily_cap({}, options),
    storageFull: m.upload_storage_full({}, options),
    tooLarge: (max: number) => m.upload_too_large({ mb: Math.floor(max / (1024 * 1024)) }, options),
    pdfActive: m.upload_pdf_active({}, options),
    pdfUnreadable: m.upload_pdf_unreadable({}, options),
    pdfBusy: m.upload_pdf_busy({}, options),
  };
}

const ENGLISH = uploadMessages(BASE_LOCALE);
export const WRONG_TYPE = ENGLISH.wrongType;
export const NO_FILE = ENGLISH.noFile;
export const DAILY_CAP_REACHED = ENGLISH.dailyCap;
export const STORAGE_FULL = ENGLISH.storageFull;
export const tooLarge = ENGLISH.tooLarge;

const DAY_MS = 24 * 3600_000;
/** Room for multipart boundaries and headers on top of the file itself. */
export const ENVELOPE_BYTES = 16 * 1024;
/** Bytes file-type needs to recognise a format. */
const SNIFF_BYTES = 4100;

/** Why the intake refused a file, for a caller that words it its own way (the report's attachment). */
export type FileRefusal =
  "no-file" | "wrong-type" | "too-large" | "pdf-active" | "pdf-unreadable" | "busy" | "daily-cap" | "storage-full";

/** The intake's answer about a file it refused: the HTTP answer, and why. */
export type FileAnswer = ApiAnswer & { refusal: FileRefusal };

/**
 * What receive() gives: a refusal, or the complete file in a temporary place
 * with its sniffed type, its size and its SHA-256 (hashed as it was written).
 */
export type Received = { answer: FileAnswer } | ReceivedFile;
export interface ReceivedFile {
  temp: string;
  mime: AllowedMime;
  size: number;
  sha256: string;
}

/** What an upload intake needs: the server's configuration, database, log and PDF check. */
export interface IntakeDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** The PDF check's threads and queue, one per server (server/uploads/pdf-pool.ts). */
  pdfChecks: PdfChecks;
}

export async function uploadIntake({ config, db, log, pdfChecks }: IntakeDeps) {
  const uploads = uploadRepository(db);
  const maxBytes = config.uploads.maxBytes;
  const dir = await ensureUploadsDir(config);

  /**
   * The daily cap per client address (attempts, counted atomically in the
   * rate-limit table under a digest of the address) and the global cap on the
   * bytes unclaimed uploads hold, with the incoming size counted.
   */
  async function checkCaps(
    clientIp: string,
    incomingBytes: number,
    locale: Locale = BASE_LOCALE,
  ): Promise<FileAnswer | null> {
    const { current } = await countHit(db, `upload-day|${clientDigest(clientIp)}`, DAY_MS);
    if (current > config.uploadCaps.dailyPerAddress)
      return fileError(429, uploadMessages(locale).dailyCap, "daily-cap");
    return overGlobalCap(incomingBytes, locale);
  }

  async function overGlobalCap(incomingBytes: number, locale: Locale): Promise<FileAnswer | null> {
    const used = await uploads.unclaimedBytes();
    return used + incomingBytes > config.uploadCaps.unclaimedMaxBytes
      ? fileError(507, uploadMessages(locale).storageFull, "storage-full")
      : null;
  }

  /**
   * A 415 answer (and the file removed) when a PDF holds active content or
   * cannot be checked (in time, too); 503 when the check's queue is full.
   * The check runs on its own thread (server/uploads/pdf-pool.ts).
   */
  async function refusePdf(temp: string, locale: Locale = BASE_LOCALE): Promise<FileAnswer | null> {
    const verdict = await pdfChecks.check(temp);
    if (verdict === "busy") {
      await removeQuietly(temp);
      log.warn({ pdfRefused: "busy" }, "referral PDF not checked: the queue is full");
      return fileError(503, uploadMessages(locale).pdfBusy, "busy");
    }
    if (verdict.ok) return null;
    await removeQuietly(temp);
    // What was found is logged (a PDF name such as "JavaScript", no personal data); the file is not kept.
    log.warn({ pdfRefused: verdict.reason, found: verdict.found }, "referral PDF refused");
    const messages = uploadMessages(locale);
    return verdict.reason === "active"
      ? fileError(415, messages.pdfActive, "pdf-active")
      : fileError(415, messages.pdfUnreadable, "pdf-unreadable");
  }

  /** Reads the stream: sniffs the first bytes, then writes to a temporary file, enforcing the size limit. */
  async function receive(
    stream: NodeJS.ReadableStream & { truncated?: boolean },
    locale: Locale = BASE_LOCALE,
  ): Promise<Received> {
    const messages = uploadMessages(locale);
    const head: Buffer[] = [];
    let headBytes = 0;
    let mime: AllowedMime | undefined;
    let rejected: FileAnswer | undefined;
    const hash = crypto.createHash("sha256");
    let out: fs.WriteStream | undefined;
    let temp: string | undefined;
    let total = 0;

    const decide = async () => {
      const buffer = Buffer.concat(head);
      const type = buffer.length ? await fileTypeFromBuffer(buffer) : undefined;
      if (!type || !(type.mime in ALLOWED_TYPES)) {
        rejected = fileError(415, messages.wrongType, "wrong-type");
        return;
      }
      mime = type.mime as AllowedMime;
      temp = tempPath(dir);
      out = fs.createWriteStream(temp, { flags: "wx", mode: 0o600 });
      hash.update(buffer);
      await write(out, buffer);
    };

    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        // Past the limit the rest is read and discarded so the client can read the 413, within a bound.
        if (total > maxBytes + DISCARD_MAX_BYTES)
          throw Object.assign(new Error("upload far beyond the limit"), { code: DISCARD_EXCEEDED });
        if (rejected || stream.truncated) continue; // drain
        if (!mime) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_BYTES) await decide();
          continue;
        }
        hash.update(chunk);
        await write(out!, chunk);
      }
      if (stream.truncated) {
        if (out) await close(out);
        if (temp) await removeQuietly(temp);
        return { answer: fileError(413, messages.tooLarge(maxBytes), "too-large") };
      }
      if (!mime && !rejected) {
        if (total === 0) return { answer: fileError(400, messages.noFile, "no-file") };
        await decide();
      }
      if (rejected) {
        if (out) await close(out);
        if (temp) await removeQuietly(temp);
        return { answer: rejected };
      }
      await close(out!, true);
      return { temp: temp!, mime: mime!, size: total, sha256: hash.digest("hex") };
    } catch (error) {
      // A write still pending when the client went away fails once the stream is destroyed
      // (ERR_STREAM_DESTROYED): heard here, so it is not an uncaught exception that ends the process.
      if (out) out.on("error", () => undefined).destroy();
      if (temp) await removeQuietly(temp);
      throw error;
    }
  }

  /** Renames the complete file into place and inserts its row; undoes the file if the insert fails. */
  async function commit(
    temp: string,
    mime: AllowedMime,
    originalName: string,
    locale: Locale = BASE_LOCALE,
  ): Promise<ApiAnswer> {
    const size = (await fsp.stat(temp)).size;
    // Checked again with the real size (a chunked upload declares none).
    const full = await overGlobalCap(size, locale).catch(async (error: unknown) => {
      await removeQuietly(temp);
      throw error;
    });
    if (full) {
      await removeQuietly(temp);
      return full;
    }
    const storageName = await storeUnderNewName(temp, dir, mime);
    try {
      const row = await uploads.create({
        public_id: randomPublicId(),
        storage_name: storageName,
        display_name: safeDisplayName(originalName, mime),
        mime_type: mime,
        size_bytes: size,
        created_at: new Date().toISOString(),
      });
      return {
        status: 201,
        body: {
          message: "File uploaded.",
          data: {
            url: `${STAFF_DOWNLOAD_PREFIX}${row.public_id}`,
            publicId: row.public_id,
            fileName: row.display_name,
          },
        },
      };
    } catch (error) {
      await removeQuietly(path.join(dir, storageName));
      throw error;
    }
  }

  return { maxBytes, checkCaps, refusePdf, receive, commit, fileError };
}

/** An answer about the file: its message, also under the field "file"; and why (not sent). */
export function fileError(status: number, message: string, refusal: FileRefusal): FileAnswer {
  return { status, body: { message, errors: { file: message } }, refusal };
}

async function write(out: fs.WriteStream, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, "drain");
}

/** Ends the file (and with `sync`, flushes it to the disk), or throws it away. */
async function close(out: fs.WriteStream, sync = false): Promise<void> {
  if (sync) {
    out.end();
    await finished(out);
    const handle = await fsp.open(out.path, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    return;
  }
  out.destroy();
  await finished(out).catch(() => undefined);
}
