import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answerTooLarge } from "../requests/body-limit";
import { messageBody, problemBody, send } from "../requests/http";
import type { ApiAnswer, RouteDeps, TooLargeBody } from "../types";
import { DISCARD_EXCEEDED, ENVELOPE_BYTES, fileError, NO_FILE, tooLarge, uploadIntake } from "./intake";
import { removeQuietly } from "./storage";

export { DAILY_CAP_REACHED, NO_FILE, STAFF_DOWNLOAD_PREFIX, STORAGE_FULL, tooLarge, WRONG_TYPE } from "./intake";

export const UPLOAD_PATH = "/api/cloudinary/upload/referrals_forms";
export const NOT_MULTIPART = 'Send the file as multipart/form-data in the field "file".';

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

  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 50 },
  });

  // The declared size is checked before anything is read (refuseOversizedBody, with this route's
  // bodyLimit and 413 body); a chunked body is counted while it streams (receive).
  // The body is multipart, read by the handler as a stream (no body schema).
  const routeOptions = {
    schema: { response: uploadResponses },
    bodyLimit: maxBytes + ENVELOPE_BYTES,
    config: {
      ...rateLimit(config.rateLimit.uploadsPerMinute),
      bodyTooLarge: fileError(413, tooLarge(maxBytes)).body as TooLargeBody,
    },
  };
  app.withTypeProvider<ZodTypeProvider>().post(UPLOAD_PATH, routeOptions, async (request, reply) => {
    if (!request.isMultipart()) return send(reply, { status: 415, body: { message: NOT_MULTIPART } });
    // Caps, checked before the file is read (the unread body is then discarded: drainUnreadBody).
    const capped = await checkCaps(request.ip, Number(request.headers["content-length"]) || 0);
    if (capped) return send(reply, capped);

    let answer: ApiAnswer | undefined;
    let temp: string | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type !== "file") continue;
        if (part.fieldname !== "file" || answer || temp) {
          part.file.resume();
          continue;
        }
        const result = await receive(part.file);
        if ("answer" in result) {
          answer = result.answer;
        } else {
          temp = result.temp;
          const refused = result.mime === "application/pdf" ? await refusePdf(temp) : null;
          answer = refused ?? (await commit(temp, result.mime, part.filename));
          temp = undefined;
        }
      }
    } catch (error) {
      if (temp) await removeQuietly(temp);
      const e = error as { statusCode?: number; code?: string };
      if (e.code === DISCARD_EXCEEDED) return answerTooLarge(request, reply, false);
      if (e.code === "FST_REQ_FILE_TOO_LARGE" || e.statusCode === 413)
        return send(reply, fileError(413, tooLarge(maxBytes)));
      if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
        return send(reply, {
          status: 400,
          body: { message: "The upload could not be read. Please try again.", errors: {} },
        });
      }
      throw error;
    }
    return send(reply, answer ?? fileError(400, NO_FILE));
  });
}
