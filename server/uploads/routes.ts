import { Readable } from "node:stream";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { UPLOAD_PATH } from "../../domain/api-paths";
import { answerTooLarge, BODY_TOO_LARGE } from "../requests/body-limit";
import { MULTIPART_FORM } from "../requests/content-type";
import { messageBody, problemBody, send } from "../requests/http";
import type { ApiAnswer, RouteDeps, TooLargeBody } from "../requests/types";
import {
  DISCARD_EXCEEDED,
  ENVELOPE_BYTES,
  fileError,
  MULTIPART_UNREADABLE,
  NO_FILE,
  tooLarge,
  uploadIntake,
  type Received,
} from "./intake";
import { removeQuietly } from "./storage";

export { DAILY_CAP_REACHED, NO_FILE, STAFF_DOWNLOAD_PREFIX, STORAGE_FULL, tooLarge, WRONG_TYPE } from "./intake";

export const NOT_MULTIPART = 'Send the file as multipart/form-data in the field "file".';
export const UPLOAD_UNREADABLE = "The upload could not be read. Please try again.";

/** Limits of the upload's multipart body: one file, a few small fields. */
const LIMITS = { files: 1, fields: 10, parts: 11, fieldSize: 1024, fieldNameSize: 100, headerPairs: 50 };

/** The 201 answer: where staff will find the file, and the id and name the appointment request sends back. */
const uploadAccepted = z.object({
  message: z.string(),
  data: z.object({ url: z.string(), publicId: z.string(), fileName: z.string() }),
});

/**
 * The answers: 201 stored; 400 no file or unreadable; 413 too large; 415 not
 * multipart, not a PDF/JPEG/PNG, or a PDF with active content; 429 rate
 * limited or the daily cap; 503 database unavailable; 507 storage full.
 * Every error but the rate limit's names the file field.
 */
const uploadResponses = {
  201: uploadAccepted,
  400: problemBody,
  413: problemBody,
  415: problemBody,
  429: problemBody,
  500: messageBody,
  503: problemBody,
  507: problemBody,
} as const;

/**
 * POST /api/cloudinary/upload/referrals_forms (multipart, field "file").
 * The type is decided by the content (magic bytes), the size is enforced
 * while streaming, and the file is stored under a random name; the row is
 * inserted only after the file is complete on disk.
 */
export async function uploadRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  const { maxBytes, checkCaps, receive, refusePdf, commit } = await uploadIntake({ config, db, log: app.log });

  // The multipart body is read by the handler as a stream: the parser hands on the counted
  // stream (server/requests/body-limit.ts: countBody), so the route's limit covers every byte.
  app.addContentTypeParser(MULTIPART_FORM, (_request, payload, done) => done(null, payload));

  /**
   * Reads the multipart body: the file in the field "file" goes to a
   * temporary file through the intake (type by content, size while it
   * streams); every other part is read and dropped. Once the whole body has
   * been read, a PDF is checked and the file committed. A body that is not
   * well-formed multipart (no boundary, a bad part header, cut short, no
   * closing boundary) or breaks the limits rejects with MULTIPART_UNREADABLE.
   */
  function readUpload(source: Readable, contentType: string): Promise<ApiAnswer> {
    return new Promise((resolve, reject) => {
      let received: Promise<Received | undefined> = Promise.resolve(undefined);
      let fileName = "";
      let current: Readable | undefined;
      let failed = false;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        source.unpipe();
        // A file still arriving ends with the error; the answer waits until its temporary file is gone.
        current?.destroy(error as Error);
        void received
          .then((r) => (r && "temp" in r ? removeQuietly(r.temp) : undefined))
          .catch(() => undefined)
          .finally(() => reject(error));
      };
      const unreadable = (cause?: unknown) =>
        fail(Object.assign(new Error(UPLOAD_UNREADABLE, { cause }), { code: MULTIPART_UNREADABLE }));

      let parser: BusboyInstance;
      try {
        parser = new Busboy({ headers: { "content-type": contentType }, limits: { ...LIMITS, fileSize: maxBytes } });
      } catch (error) {
        unreadable(error); // no boundary, or not multipart at all
        return;
      }
      parser.on("file", (name: string, stream: Readable & { truncated?: boolean }, filename: string) => {
        if (name !== "file" || current) {
          stream.resume();
          return;
        }
        current = stream;
        fileName = filename;
        // A part cut short fails its stream: the body is unreadable, not a server error.
        let partError: unknown;
        stream.on("error", (error) => (partError ??= error));
        received = receive(stream).catch((error: unknown) => {
          const code = (error as { code?: string }).code;
          if (partError && code !== DISCARD_EXCEEDED && code !== BODY_TOO_LARGE) {
            throw Object.assign(new Error(UPLOAD_UNREADABLE, { cause: error }), { code: MULTIPART_UNREADABLE });
          }
          throw error;
        });
        received.catch(fail);
      });
      parser.on("partsLimit", () => unreadable());
      parser.on("filesLimit", () => unreadable());
      parser.on("fieldsLimit", () => unreadable());
      parser.on("error", (error: unknown) => unreadable(error));
      parser.on("finish", () => {
        received
          .then(async (result) => {
            if (failed) return;
            if (!result) return resolve(fileError(400, NO_FILE));
            if ("answer" in result) return resolve(result.answer);
            const refused = result.mime === "application/pdf" ? await refusePdf(result.temp) : null;
            resolve(refused ?? (await commit(result.temp, result.mime, fileName)));
          })
          .catch(fail);
      });
      source.on("error", fail);
      source.pipe(parser);
    });
  }

  // The declared size is checked before anything is read (refuseOversizedBody, with this route's
  // bodyLimit and 413 body); a chunked body is counted while it streams (countBody, and receive for the file).
  const routeOptions = {
    schema: { response: uploadResponses },
    bodyLimit: maxBytes + ENVELOPE_BYTES,
    config: {
      ...rateLimit(config.rateLimit.uploadsPerMinute),
      accepts: [MULTIPART_FORM],
      unsupportedType: { message: NOT_MULTIPART },
      bodyTooLarge: fileError(413, tooLarge(maxBytes)).body as TooLargeBody,
    },
  };
  app.withTypeProvider<ZodTypeProvider>().post(UPLOAD_PATH, routeOptions, async (request, reply) => {
    const body: unknown = request.body;
    if (!(body instanceof Readable)) return send(reply, { status: 415, body: { message: NOT_MULTIPART } });
    // Caps, checked before the file is read (the unread body is then discarded: drainUnreadBody).
    const capped = await checkCaps(request.ip, Number(request.headers["content-length"]) || 0);
    if (capped) return send(reply, capped);
    try {
      return send(reply, await readUpload(body, request.headers["content-type"] ?? ""));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === DISCARD_EXCEEDED) return answerTooLarge(request, reply, false);
      if (code === BODY_TOO_LARGE) return answerTooLarge(request, reply);
      if (code === MULTIPART_UNREADABLE) return send(reply, fileError(400, UPLOAD_UNREADABLE));
      throw error;
    }
  });
}
