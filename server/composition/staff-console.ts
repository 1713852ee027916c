import fs from "node:fs";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/audit";
import { appointmentsCsv, exportRange, figureCsv, figuresRange, isFigureName } from "../appointments/front-desk/index";
import { contentDisposition, isInlineSafe, uploadPath } from "../uploads/files";
import { checkStaffRequest, isStaffUrl, STAFF_RESPONSE_HEADERS } from "../staff/guard";
import { leaseFor, takeLease } from "../jobs/lease";
import { FORM_BODY_MAX_BYTES } from "../requests/body-limit";
import { CROSS_SITE_MESSAGE } from "../requests/same-origin";
import { messageBody, queryParam, single } from "../requests/http";
import { uploadRepository } from "../uploads/upload-repository";
import { PURGE_JOB, purgeExpired } from "../privacy/purge";
import type { StaffRuntime } from "../db/runtime";
import { MANAGER_ONLY_MESSAGE } from "../../domain/staff-roles";
import { runEvery } from "../jobs/periodic";
import type { PdfChecks } from "../uploads/pdf-pool";
import { staffReportRoutes } from "./reports";

const PURGE_FIRST_RUN_MS = 5 * 60_000;
const PURGE_EVERY_MS = 24 * 3_600_000;

/** Answers every staff API route can give: 401 not signed in, 403 cross-site or another role's route, 500. */
const guardedResponses = { 401: messageBody, 403: messageBody, 500: messageBody } as const;

/**
 * The staff console's server side: no-store (and friends) on every staff
 * response, the staff-only API (file downloads, CSV export), and the daily
 * retention purge. Shared through fastify-plugin (not encapsulated) so its
 * onSend hook also covers the pages React Router renders.
 */
export function staffPlugin(
  rt: StaffRuntime,
  {
    schedulePurge = true,
    purgeFirstRunMs = PURGE_FIRST_RUN_MS,
    reports,
  }: {
    schedulePurge?: boolean;
    purgeFirstRunMs?: number;
    /** The signed report's attachment and download (decision 075): the PDF check and the app's one clock. */
    reports?: { pdfChecks: PdfChecks; now: () => Date };
  } = {},
) {
  const plugin = async (app: FastifyInstance) => {
    // HTML forms (the console's) post urlencoded bodies, which React Router's
    // actions read. They are read here first, at most FORM_BODY_MAX_BYTES
    // (counted while streaming; 413 beyond), and handed on as a Buffer.
    if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) {
      app.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "buffer", bodyLimit: FORM_BODY_MAX_BYTES },
        (request, body, done) => {
          if (request.url.startsWith("/api/")) {
            // The JSON API takes JSON only.
            done(
              Object.assign(new Error("Unsupported Media Type"), {
                statusCode: 415,
                code: "FST_ERR_CTP_INVALID_MEDIA_TYPE",
              }),
              undefined,
            );
          } else {
            done(null, body);
          }
        },
      );
    }
    app.addHook("onSend", async (request, reply, payload) => {
      if (isStaffUrl(request.url)) {
        for (const [name, value] of Object.entries(STAFF_RESPONSE_HEADERS)) reply.header(name, value);
        reply.removeHeader("etag");
        reply.removeHeader("last-modified");
      }
      return payload;
    });

    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await checkStaffRequest(rt, request.method, (name) => headerValue(request, name), {
        strict: true,
        role: request.routeOptions.config.staffRole,
      });
      if (!result.ok) {
        const messages = {
          no_session: "Sign in to continue.",
          cross_site: CROSS_SITE_MESSAGE,
          role: MANAGER_ONLY_MESSAGE,
        } as const;
        return reply.code(result.status).send({ message: messages[result.reason] });
      }
      request.staff = result.staff;
    };

    app.register(async (scope) => {
      // Set here too (not only in server/app.ts): the plugin is also registered on its own.
      scope.setValidatorCompiler(validatorCompiler);
      scope.setSerializerCompiler(serializerCompiler);
      const api = scope.withTypeProvider<ZodTypeProvider>();
      api.addHook("preHandler", guard);

      api.get(
        "/api/staff/session",
        { schema: { response: { 200: z.object({ name: z.string(), email: z.string() }), ...guardedResponses } } },
        async (request) => ({ name: request.staff!.name, email: request.staff!.email }),
      );

      api.get(
        "/api/staff/uploads/:publicId",
        {
          schema: {
            // An id of the wrong shape is answered 404 like an unknown one (below), so any string is taken.
            params: z.object({ publicId: z.string() }),
            querystring: z.object({ download: queryParam }),
            response: {
              200: z.instanceof(Readable).describe("the file, streamed"),
              404: messageBody,
              ...guardedResponses,
            },
          },
        },
        async (request, reply) => {
          const staff = request.staff!;
          const upload = /^[\w-]{8,100}$/.test(request.params.publicId)
            ? await uploadRepository(rt.db).findByPublicId(request.params.publicId)
            : undefined;
          const file = upload ? uploadPath(rt.config, upload.storage_name) : null;
          const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
          if (!upload || !file || !stat?.isFile()) return reply.code(404).send({ message: "File not found." });
          const inline = request.query.download === undefined && isInlineSafe(upload.mime_type);
          await recordAudit(
            {
              staffId: staff.id,
              staffEmail: staff.email,
              action: inline ? "file_view" : "file_download",
              targetType: "upload",
              targetId: upload.public_id,
              detail: upload.appointment_id ? `appointment ${upload.appointment_id}` : undefined,
            },
            rt.now(),
            rt.db,
          );
          reply
            .header("content-type", isInlineSafe(upload.mime_type) ? upload.mime_type : "application/octet-stream")
            .header("content-length", stat.size)
            .header(
              "content-disposition",
              contentDisposition(inline ? "inline" : "attachment", upload.display_name, upload.mime_type),
            )
            .header("cross-origin-resource-policy", "same-origin")
            .header(
              "content-security-policy",
              upload.mime_type === "application/pdf"
                ? "frame-ancestors 'self'"
                : "default-src 'none'; frame-ancestors 'self'",
            );
          return reply.send(fs.createReadStream(file));
        },
      );

      api.get(
        "/api/staff/appointments/export",
        {
          config: { staffRole: "manager" },
          schema: {
            // Checked below, with the answer's own message.
            querystring: z.object({ from: queryParam, to: queryParam }),
            response: { 200: z.string().describe("the CSV file"), 400: messageBody, ...guardedResponses },
          },
        },
        async (request, reply) => {
          const staff = request.staff!;
          const range = exportRange(single(request.query.from), single(request.query.to));
          if (!range.ok) return reply.code(400).send({ message: Object.values(range.errors).join(" ") });
          const { from, to } = range;
          const { csv, count } = await appointmentsCsv(rt.db, from, to);
          await recordAudit(
            {
              staffId: staff.id,
              staffEmail: staff.email,
              action: "export_csv",
              targetType: "appointments",
              detail: `${from} to ${to} (${count} rows)`,
            },
            rt.now(),
            rt.db,
          );
          return reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="appointments-${from}-to-${to}.csv"`)
            .send(csv);
        },
      );

      // The signed report: attached by a manager or radiologist, opened by staff (decision 075).
      if (reports) await staffReportRoutes(scope, { db: rt.db, config: rt.config, log: app.log, ...reports });
      // The manager's figures (decision 070), one CSV file per figure, the same rows as /staff/figures.
      api.get(
        "/api/staff/figures/export",
        {
          config: { staffRole: "manager" },
          schema: {
            querystring: z.object({ figure: queryParam, from: queryParam, to: queryParam }),
            response: { 200: z.string().describe("the CSV file"), 400: messageBody, ...guardedResponses },
          },
        },
        async (request, reply) => {
          const staff = request.staff!;
          const figure = single(request.query.figure);
          if (!isFigureName(figure))
            return reply.code(400).send({ message: "Choose a figure: missed, reminders or filled." });
          const asked = figuresRange(single(request.query.from), single(request.query.to), rt.now());
          if (!asked.ok) return reply.code(400).send({ message: Object.values(asked.errors).join(" ") });
          const { from, to } = asked.range;
          const { csv, count } = await figureCsv(rt.db, asked.range, figure);
          await recordAudit(
            {
              staffId: staff.id,
              staffEmail: staff.email,
              action: "export_csv",
              targetType: "figures",
              detail: `${figure}, ${from} to ${to} (${count} rows)`,
            },
            rt.now(),
            rt.db,
          );
          return reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${figure}-${from}-to-${to}.csv"`)
            .send(csv);
        },
      );

      // Unknown staff API paths: still behind the guard, so nothing is revealed without a session.
      api.all(
        "/api/staff/*",
        { schema: { response: { 404: messageBody, ...guardedResponses } } },
        async (_request, reply) => reply.code(404).send({ message: "Not found" }),
      );
    });

    if (schedulePurge) {
      // Like the other background jobs, the purge runs only in a listening server (not in inject tests),
      // on the jobs' one timer (server/jobs/periodic.ts).
      let stop: (() => Promise<void>) | undefined;
      // Every instance schedules the purge; a database lease lets one of them run it per day.
      const run = async () => {
        if (!(await takeLease(rt.db, PURGE_JOB, leaseFor(PURGE_EVERY_MS)))) return;
        const result = await purgeExpired(rt);
        app.log.info({ purge: result }, "retention purge done");
      };
      app.addHook("onListen", async () => {
        stop ??= runEvery(PURGE_EVERY_MS, purgeFirstRunMs, run, (err: unknown) =>
          app.log.error({ err }, "retention purge failed"),
        );
      });
      app.addHook("onClose", async () => {
        await stop?.();
      });
    }
  };
  return fp(plugin, { name: "staff-console", fastify: "5.x" });
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
