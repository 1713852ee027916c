import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { UPLOAD_PATH } from "../../domain/api-paths";
import type { Locale } from "../../domain/locale";
import { languageOf } from "../../domain/validation/fields";
import { answerTooLarge, BODY_TOO_LARGE, DISCARD_EXCEEDED } from "../requests/body-limit";
import { MULTIPART_FORM } from "../requests/content-type";
import { messageBody, problemBody, send } from "../requests/http";
import { MULTIPART_UNREADABLE, readMultipart } from "../requests/multipart";
import type { ApiAnswer, RouteDeps, TooLargeBody } from "../requests/types";
import { ENVELOPE_BYTES, fileError, tooLarge, uploadIntake, uploadMessages } from "./intake";
import type { PdfChecks } from "./pdf-pool";
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
 * limited or the daily cap; 503 database unavailable or the PDF check's
 * queue full (with Retry-After); 507 storage full.
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
export async function uploadRoutes(
  app: FastifyInstance,
  { config, db, rateLimit, pdfChecks }: RouteDeps & { pdfChecks: PdfChecks },
) {
  const intake = await uploadIntake({ config, db, log: app.log, pdfChecks });
  const { maxBytes, checkCaps, receive, refusePdf, commit } = intake;

  // The multipart body is read by the handler as a stream: the parser hands on the counted
  // stream (server/requests/body-limit.ts: countBody), so the route's limit covers every byte.
  app.addContentTypeParser(MULTIPART_FORM, (_request, payload, done) => done(null, payload));

  /**
   * Reads the multipart body (server/requests/multipart.ts): the file in the
   * field "file" goes to a temporary file through the intake (type by
   * content, size while it streams); every other part is read and dropped.
   * Once the whole body has been read, a PDF is checked and the file
   * committed. The refusals are in `locale`, the language the form asked in.
   */
  async function readUpload(source: Readable, contentType: string, locale: Locale): Promise<ApiAnswer> {
    const { file, fileName } = await readMultipart(source, contentType, {
      limits: { ...LIMITS, fileSize: maxBytes },
      wants: (field) => field === "file",
      receive: (stream) => receive(stream, locale),
      discard: (received) => ("temp" in received ? removeQuietly(received.temp) : Promise.resolve()),
    });
    if (!file) return fileError(400, uploadMessages(locale).noFile, "no-file");
    if ("answer" in file) return file.answer;
    const refused = file.mime === "application/pdf" ? await refusePdf(file.temp, locale) : null;
    return refused ?? (await commit(file.temp, file.mime, fileName, locale));
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
      bodyTooLarge: fileError(413, tooLarge(maxBytes), "too-large").body as TooLargeBody,
    },
  };
  app.withTypeProvider<ZodTypeProvider>().post(UPLOAD_PATH, routeOptions, async (request, reply) => {
    const body: unknown = request.body;
    if (!(body instanceof Readable)) return send(reply, { status: 415, body: { message: NOT_MULTIPART } });
    // The booking form's language (`?language=tn`): the refusals it shows are in it (English without it).
    const locale = languageOf(request.query);
    // Caps, checked before the file is read (the unread body is then discarded: drainUnreadBody).
    const capped = await checkCaps(request.ip, Number(request.headers["content-length"]) || 0, locale);
    if (capped) return send(reply, capped);
    try {
      return send(reply, await readUpload(body, request.headers["content-type"] ?? "", locale));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === DISCARD_EXCEEDED) return answerTooLarge(request, reply, false);
      if (code === BODY_TOO_LARGE) return answerTooLarge(request, reply);
      if (code === MULTIPART_UNREADABLE) return send(reply, fileError(400, UPLOAD_UNREADABLE, "no-file"));
      throw error;
    }
  });
}
