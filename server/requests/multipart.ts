import type { Readable } from "node:stream";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { BODY_TOO_LARGE, DISCARD_EXCEEDED } from "./body-limit";

/**
 * The one reader of a multipart body that carries a file: the referral
 * upload's (server/uploads/routes.ts) and the booking page's plain post
 * (server/appointments/booking/page-form.ts). It reads the body as it streams: the
 * text fields it is asked for, and the one file part it is asked for, handed
 * to `receive` (which writes it somewhere, enforcing its own limits); every
 * other part is read and dropped.
 *
 * A body that is not well-formed multipart (no boundary, a bad part header,
 * cut short, no closing boundary) or breaks `limits` rejects with the code
 * MULTIPART_UNREADABLE. An error of `receive` (a file far past its limit, a
 * database outage) or of the source (the body past its route's limit)
 * rejects with that error. On any failure the source is unpiped, a file still
 * arriving ends with the error, and the rejection waits until the file
 * received so far has been discarded (`discard`).
 */

/** The code of the error a multipart body that cannot be read rejects with. */
export const MULTIPART_UNREADABLE = "MULTIPART_UNREADABLE";

/** Busboy's limits: parts, files, fields, the size of a field and of the file. */
export interface MultipartLimits {
  parts: number;
  files: number;
  fields: number;
  fieldSize: number;
  fieldNameSize: number;
  headerPairs: number;
  fileSize: number;
}

export interface MultipartOptions<F> {
  limits: MultipartLimits;
  /** The text fields kept (the first of each name); a value cut at `fieldSize` makes the body unreadable. Without it, fields are dropped. */
  fields?: readonly string[];
  /** Whether a file part is the one wanted (the first wanted part only; others are dropped). */
  wants: (field: string, fileName: string) => boolean;
  /** Reads the wanted file part; its result is the reader's `file`. */
  receive: (stream: Readable & { truncated?: boolean }) => Promise<F>;
  /** Throws away what `receive` kept (a temporary file) when the body fails after all. */
  discard: (file: F) => Promise<unknown>;
}

export interface MultipartRead<F> {
  fields: Record<string, string>;
  /** What `receive` gave for the wanted file part; undefined when there was none. */
  file?: F;
  /** The wanted part's file name as the browser sent it ("" when there was none). */
  fileName: string;
}

/** The error a body that cannot be read rejects with (the answer is the caller's). */
export function unreadableBody(cause?: unknown): Error {
  return Object.assign(new Error("multipart body unreadable", { cause }), { code: MULTIPART_UNREADABLE });
}

export function readMultipart<F>(
  source: Readable,
  contentType: string,
  { limits, fields: names, wants, receive, discard }: MultipartOptions<F>,
): Promise<MultipartRead<F>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Promise<F | undefined> = Promise.resolve(undefined);
    let fileName = "";
    let current: Readable | undefined;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe();
      // A file still arriving ends with the error; the answer waits until what it kept is gone.
      current?.destroy(error as Error);
      void file
        .then((f) => (f === undefined ? undefined : discard(f)))
        .catch(() => undefined)
        .finally(() => reject(error));
    };
    const unreadable = (cause?: unknown) => fail(unreadableBody(cause));

    let parser: BusboyInstance;
    try {
      parser = new Busboy({ headers: { "content-type": contentType }, limits });
    } catch (error) {
      unreadable(error); // no boundary, or not multipart at all
      return;
    }
    parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (!names) return;
      if (valueTruncated) return unreadable();
      if (names.includes(name) && !(name in fields)) fields[name] = value;
    });
    parser.on("file", (name: string, stream: Readable & { truncated?: boolean }, filename: string) => {
      if (current || !wants(name, filename)) {
        stream.resume();
        return;
      }
      current = stream;
      fileName = filename;
      // A part cut short fails its stream: the body is unreadable, not a server error.
      let partError: unknown;
      stream.on("error", (error) => (partError ??= error));
      file = receive(stream).catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        if (partError && code !== DISCARD_EXCEEDED && code !== BODY_TOO_LARGE) throw unreadableBody(error);
        throw error;
      });
      file.catch(fail);
    });
    parser.on("partsLimit", () => unreadable());
    parser.on("filesLimit", () => unreadable());
    parser.on("fieldsLimit", () => unreadable());
    parser.on("error", (error: unknown) => unreadable(error));
    parser.on("finish", () => {
      file
        .then((received) => {
          if (failed) {
            if (received !== undefined) void discard(received).catch(() => undefined);
            return;
          }
          resolve({ fields, file: received, fileName });
        })
        .catch(fail);
    });
    source.on("error", fail);
    source.pipe(parser);
  });
}
