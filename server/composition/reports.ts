import fs from "node:fs";
import { Readable } from "node:stream";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { REPORT_MAX_BYTES, type ReportAttachError } from "../../domain/reports";
import {
  ATTACH_REFUSALS,
  attachRefusal,
  attachReport,
  grantFrom,
  openReportFile,
  type ReportDeps,
  type ReportFile,
} from "../appointments/reports/index";
import { answerTooLarge, BODY_TOO_LARGE, DISCARD_EXCEEDED, DISCARD_MAX_BYTES } from "../requests/body-limit";
import { MULTIPART_FORM } from "../requests/content-type";
import { messageBody } from "../requests/http";
import { MULTIPART_UNREADABLE, readMultipart } from "../requests/multipart";
import type { TooLargeBody } from "../requests/types";
import { contentDisposition } from "../uploads/files";
import { ENVELOPE_BYTES, uploadIntake, type FileRefusal } from "../uploads/intake";
import type { PdfChecks } from "../uploads/pdf-pool";
import { removeQuietly } from "../uploads/storage";

/**
 * The signed report's HTTP surface (decision 075): the staff console's
 * attachment (a plain multipart form post, answered with a redirect back to
 * the appointment page) and download, and the download a grant opens (the
 * referring doctor's code, the patient's date of birth). Every file goes out
 * with Cache-Control: no-store and Content-Disposition: attachment, from the
 * private reports folder, under the report's random id.
 */

export type ReportRouteDeps = ReportDeps & { pdfChecks: PdfChecks; log: FastifyBaseLogger };

const TOO_LARGE = `The report is larger than ${REPORT_MAX_BYTES / (1024 * 1024)} MB.`;

/**
 * The page's wording of each of the intake's refusals (typed, never told
 * apart by their messages). The caps on unclaimed uploads are not checked for
 * a report, and would be a wait as a full queue is.
 */
const REFUSAL_ERRORS: Record<FileRefusal, ReportAttachError> = {
  "no-file": "no-file",
  "wrong-type": "not-pdf",
  "too-large": "too-large",
  "pdf-active": "active",
  "pdf-unreadable": "unreadable",
  busy: "busy",
  "daily-cap": "busy",
  "storage-full": "busy",
};

/**
 * Sends a report's file: never stored by a cache, always saved rather than
 * shown. The rest of its headers (nosniff, same-origin resource policy, a
 * PDF's content security policy that no one may frame) are every response's,
 * set by server/http/security-headers.ts.
 */
function sendReport(reply: FastifyReply, file: ReportFile) {
  return reply
    .header("cache-control", "no-store")
    .header("content-type", "application/pdf")
    .header("content-length", file.size)
    .header("content-disposition", contentDisposition("attachment", file.downloadName, "application/pdf"))
    .send(fs.createReadStream(file.path));
}

/**
 * The staff routes, registered inside the staff console's guarded scope
 * (server/composition/staff-console.ts): POST
 * /api/staff/appointments/:id/report (multipart, field "file") and GET
 * /api/staff/reports/:id. The attachment is checked exactly as a referral
 * upload is, by the same intake (server/uploads/intake.ts): the type by its
 * content, the size while it streams (REPORT_MAX_BYTES), the PDF check on its
 * own threads; only a PDF is taken. Reception is refused (403) before the
 * body is read; a status that cannot hold a report, or a file refused, comes
 * back to the page as `?report_error=<key>`.
 */
export async function staffReportRoutes(scope: FastifyInstance, deps: ReportRouteDeps) {
  const { config, db, log, pdfChecks } = deps;
  const intake = await uploadIntake({
    config: { ...config, uploads: { ...config.uploads, maxBytes: REPORT_MAX_BYTES } },
    db,
    log,
    pdfChecks,
  });
  if (!scope.hasContentTypeParser(MULTIPART_FORM))
    scope.addContentTypeParser(MULTIPART_FORM, (_request, payload, done) => done(null, payload));
  const api = scope.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/staff/appointments/:id/report",
    {
      bodyLimit: REPORT_MAX_BYTES + ENVELOPE_BYTES + DISCARD_MAX_BYTES,
      config: {
        accepts: [MULTIPART_FORM],
        unsupportedType: { message: 'Send the report as multipart/form-data in the field "file".' },
        bodyTooLarge: { message: TOO_LARGE } as TooLargeBody,
      },
      schema: {
        params: z.object({ id: z.string() }),
        response: { 403: messageBody, 404: messageBody, 415: messageBody },
      },
    },
    async (request, reply) => {
      const staff = request.staff!;
      const id = /^\d{1,12}$/.test(request.params.id) ? Number(request.params.id) : NaN;
      if (!Number.isSafeInteger(id)) return reply.code(404).send({ message: "Not found" });
      const back = (query: string) => reply.redirect(`/staff/appointments/${id}?${query}#report`, 303);
      const refusal = await attachRefusal(deps, staff, id);
      if (refusal === "role") return reply.code(403).send({ message: ATTACH_REFUSALS.role });
      if (refusal === "gone") return reply.code(404).send({ message: ATTACH_REFUSALS.gone });
      if (refusal) return back(`report_error=${refusal}`);
      const body: unknown = request.body;
      if (!(body instanceof Readable)) return reply.code(415).send({ message: "Send the report as a form." });
      let temp: string | undefined;
      try {
        const { file } = await readMultipart(body, request.headers["content-type"] ?? "", {
          limits: {
            files: 1,
            fields: 5,
            parts: 6,
            fieldSize: 1024,
            fieldNameSize: 100,
            headerPairs: 50,
            fileSize: REPORT_MAX_BYTES,
          },
          wants: (field) => field === "file",
          receive: (stream) => intake.receive(stream),
          discard: (received) => ("temp" in received ? removeQuietly(received.temp) : Promise.resolve()),
        });
        if (!file) return back("report_error=no-file");
        if ("answer" in file) return back(`report_error=${REFUSAL_ERRORS[file.answer.refusal]}`);
        temp = file.temp;
        if (file.mime !== "application/pdf") return back("report_error=not-pdf");
        const pdf = await intake.refusePdf(file.temp);
        if (pdf) {
          temp = undefined; // removed by the check
          return back(`report_error=${REFUSAL_ERRORS[pdf.refusal]}`);
        }
        const done = await attachReport(deps, staff, id, file);
        temp = undefined; // moved into the reports folder, or removed
        return done.kind === "done" ? back(`done=report`) : back("report_error=status");
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === DISCARD_EXCEEDED) return answerTooLarge(request, reply, false);
        if (code === BODY_TOO_LARGE) return answerTooLarge(request, reply);
        if (code === MULTIPART_UNREADABLE) return back("report_error=no-file");
        throw error;
      } finally {
        if (temp) await removeQuietly(temp);
      }
    },
  );

  api.get(
    "/api/staff/reports/:id",
    { schema: { params: z.object({ id: z.string() }), response: { 404: messageBody } } },
    async (request, reply) => {
      const file = await openReportFile(deps, request.params.id, { kind: "staff", staff: request.staff! });
      return file ? sendReport(reply, file) : reply.code(404).send({ message: "File not found." });
    },
  );
}

/**
 * GET /api/reports/:id: the current report for the holder of a grant (the
 * cookie a right code or date of birth set), audited as the doctor's or the
 * patient's opening; 404 for anything else, whatever the reason.
 */
export async function publicReportRoutes(app: FastifyInstance, deps: ReportDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/reports/:id",
      { schema: { params: z.object({ id: z.string() }), response: { 404: messageBody } } },
      async (request, reply) => {
        const grant = grantFrom(deps.config, request.headers.cookie);
        const file = await openReportFile(deps, request.params.id, { kind: "grant", grant });
        if (!file) return reply.code(404).header("cache-control", "no-store").send({ message: "Not found" });
        return sendReport(reply, file);
      },
    );
}
