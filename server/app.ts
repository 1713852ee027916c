import crypto from "node:crypto";
import fs from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import { unlocalisedPath } from "../domain/locale";
import { BOOKING_PATH, bookingServiceOf } from "../domain/paths";
import type { Config } from "./base/config";
import { ping, type Db } from "./db/index";
import { errorHandler } from "./http/error-handler";
import { loggerOptions } from "./base/logger";
import { CLIENT_BUILD_DIR, SERVER_BUILD_FILE } from "./base/paths";
import { reactRouterHandler } from "./http/react-router";
import securityHeaders from "./http/security-headers";
import { referralFormMaker, StaticSite } from "./http/static-site";
import { startMailWorker } from "./mail/worker";
import { startMessageWorker, whatsappWebhookRoutes } from "./texts/index";
import { countBody, drainUnreadBody, JSON_BODY_MAX_BYTES, refuseOversizedBody } from "./requests/body-limit";
import { canonicalPathHook } from "./requests/canonical-path";
import { refuseUnsupportedType } from "./requests/content-type";
import { messageBody, queryParam, single } from "./requests/http";
import { PAGE_FORM_ROUTE } from "./requests/page-forms";
import { pageFormRoutes, publicForms } from "./composition/public-forms";
import { pageFreeTimes } from "./composition/page-free-times";
import { requestsPlugin } from "./composition/public-api";
import { idleIsTheClients, serverTimeouts } from "./requests/timeouts";
import { startUploadSweep } from "./uploads/sweep";
import { pdfCheckPool, type PdfChecks } from "./uploads/pdf-pool";
import { staffPlugin } from "./composition/staff-console";
import { publicReportRoutes } from "./composition/reports";
import { reportPages } from "./appointments/reports/index";
import { staffRuntime } from "./db/runtime";
import type { LoadContextFn } from "./composition/load-context";
import { patientLinkPage } from "./appointments/private-link/index";
import { startReminders } from "./appointments/notices/index";
import { earlierOfferPage, startEarlierOffers } from "./appointments/earlier/index";
import { startWorklist } from "./appointments/worklist/index";
import { startImages } from "./appointments/images/index";
import { operationsPlugin } from "./operations/plugin";

export interface AppOptions {
  config: Config;
  db: Db;
  /** Folder of the production client build; defaults to build/client. */
  clientDir?: string;
  /** Serve the pages (prerendered and rendered); off for API-only tests. */
  servePages?: boolean;
  /** Run the staff console's daily retention purge inside the server (default on). */
  schedulePurge?: boolean;
  /** The clock the footer's copyright year and the booking rules follow (tests inject one). */
  now?: () => Date;
  /** Where the logs go (default standard output); tests read what would be logged. */
  logStream?: { write: (line: string) => void };
  /** The PDF check's threads and queue; by default the server makes its own from PDF_CHECK_* (tests hold one). */
  pdfChecks?: PdfChecks;
  /** The client build already loaded for this configuration (tests share one); by default loaded from clientDir. */
  site?: StaticSite;
}

/**
 * Pages that read the query string, rendered per request (instead of served
 * from their prerendered HTML) when it asks for something: /details reads
 * ?name=; the booking page opens with a bookable ?service=<slug> chosen (any
 * other query gets the prerendered page, which chooses nothing). The same in Setswana, under /tn.
 */
const QUERY_RENDERED: ReadonlyMap<string, (search: string) => boolean> = new Map([
  ["/details", () => true],
  [BOOKING_PATH, (search: string) => bookingServiceOf(search) !== undefined],
]);

/**
 * Builds the Fastify app: logging, static files, the JSON API and the React
 * Router pages. Infrastructure lives here; request handling lives in the
 * feature modules it registers.
 */
export async function buildApp({
  config,
  db,
  clientDir,
  servePages = true,
  schedulePurge = true,
  now,
  logStream,
  pdfChecks: givenPdfChecks,
  site: givenSite,
}: AppOptions): Promise<FastifyInstance> {
  // The one clock of everything the app answers (tests inject one): the booking rules, the slots API,
  // the booking page's free times, the pages' plain posts and the private page.
  const clock = now ?? (() => new Date());
  // The client build, in memory and stamped for this server (production pages only).
  const site = servePages && config.env !== "development" ? (givenSite ?? loadSite(config, clientDir, now)) : undefined;
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    bodyLimit: JSON_BODY_MAX_BYTES,
    // Slow or endless requests are cut off (HTTP_*_TIMEOUT_MS).
    ...serverTimeouts(config),
  });
  // Routes declare their params, querystring, body and answers as zod schemas (fastify-type-provider-zod).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One error handler for the whole app (the public request endpoints answer in their own style).
  app.setErrorHandler(errorHandler);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // /livez, /readyz and /metrics; first, so that the request durations it measures include every hook below.
  // Referral and report PDFs are checked on their own threads, a few at a time, each within a time limit (decision 040).
  const pdfChecks = givenPdfChecks ?? pdfCheckPool(config.pdfCheck);
  if (!givenPdfChecks) app.addHook("onClose", () => pdfChecks.close());
  await app.register(operationsPlugin, { config, db, pdfChecks: () => pdfChecks.use() });
  // A connection silent while the server works out its answer is not closed as idle.
  app.addHook("onRequest", idleIsTheClients);
  // One spelling per address, before anything reads the path: others are redirected, unreadable ones refused.
  app.addHook("onRequest", canonicalPathHook);
  // Body limits: a declared body larger than its route's limit gets 413 before any parser runs.
  app.addHook("onRequest", refuseOversizedBody);
  // A content type the route does not take gets 415 before its body is read; every body
  // is counted against its route's limit as it streams, whatever its type, chunked or not.
  app.addHook("onRequest", refuseUnsupportedType);
  app.addHook("preParsing", countBody);
  // An answer given before the body was read waits for the rest to be discarded (bounded), so clients can read it.
  app.addHook("onSend", drainUnreadBody);
  await app.register(securityHeaders, { config, scriptHashes: site && ((urlPath) => site.scriptHashes(urlPath)) });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Graceful shutdown: requests in flight finish, and their keep-alive
  // connections are closed after the response so close() can complete.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
  // What a stopping server closes last, once its requests have finished and its jobs have
  // stopped (onClose hooks run last-added first): each message provider's session (add its
  // close here), then the database.
  const connections: (() => Promise<void>)[] = [];
  app.addHook("onClose", async () => {
    await Promise.allSettled(connections.splice(0).map((close) => close()));
    await db.destroy();
  });

  const healthBody = z.object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["up", "down"]) });
  api.get("/api/health", { schema: { response: { 200: healthBody, 503: healthBody } } }, async (_request, reply) => {
    const up = await ping(db);
    return reply
      .code(up ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: up ? "ok" : "unavailable", database: up ? "up" : "down" });
  });

  if (config.enableTestRoutes) {
    // Test-only: a request that stays in flight, for the graceful-shutdown test.
    api.get(
      "/api/__test/slow",
      {
        schema: {
          querystring: z.object({ ms: queryParam }),
          response: { 200: z.object({ waited: z.number() }) },
        },
      },
      async (request) => {
        const ms = Math.min(Number(single(request.query.ms)) || 1000, 10_000);
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { waited: ms };
      },
    );
    // Test-only: an unhandled error, for the error-response tests.
    api.get("/api/__test/error", { schema: { response: { 500: messageBody } } }, async () => {
      throw new Error("deliberate test failure");
    });
  }

  // Contact enquiries, appointment requests, referral uploads, booking calendar (own rate limits, multipart, errors).
  await app.register(requestsPlugin, { config, db, pdfChecks, now: clock });
  // WhatsApp's delivery statuses and STOP replies (signed with the app secret; 404 without WhatsApp settings).
  await app.register(whatsappWebhookRoutes, { db, config });
  // Background jobs run only in a listening server (not in inject tests): mail and text delivery, the upload sweep, reminders,
  // the worklist files and Orthanc's feed.
  const stopJobs: (() => Promise<void>)[] = [];
  app.addHook("onListen", async () => {
    if (stopJobs.length) return;
    stopJobs.push(
      startMailWorker(db, config, app.log),
      startMessageWorker(db, config, app.log),
      startUploadSweep(db, config, app.log),
      startReminders(db, config, app.log),
      startEarlierOffers(db, config, clock, app.log),
      startWorklist(db, config, app.log),
      startImages(db, config, app.log),
    );
  });
  // Stopped once the server has stopped accepting and its requests have finished (before the database closes).
  app.addHook("onClose", async () => {
    await Promise.all(stopJobs.splice(0).map((stop) => stop()));
  });

  // Staff console: staff-only API, no-store on every staff response, daily retention purge.
  const staff = staffRuntime(db, config);
  await app.register(staffPlugin(staff, { schedulePurge, reports: { pdfChecks, now: clock } }));
  // The report's download for the referring doctor and the patient, once their code or date of birth was right (decision 075).
  await app.register(publicReportRoutes, { db, config, now: clock });

  api.all("/api/*", { schema: { response: { 404: messageBody } } }, async (_request, reply) =>
    reply.code(404).send({ message: "Not found" }),
  );

  if (!servePages) return app;
  // The booking and contact pages' plain form posts (no JavaScript) go through the public endpoints' rules.
  const forms = await publicForms({ config, db, log: app.log, pdfChecks, now: clock });
  // A patient's private link to their appointment (server/appointments/private-link/manage-page.ts).
  const links = patientLinkPage({ config, db, now: clock });
  // An earlier time offered to a patient who asked (server/appointments/earlier/, decision 070).
  const earlierOffers = earlierOfferPage({ config, db, now: clock });
  // The booking page's free times, read by its loader on the server (decision 064).
  const freeTimes = pageFreeTimes(db, config, clock);
  // The referring doctor's page and the report section of the patient's page (decision 075).
  const reports = reportPages({ db, config, now: clock });
  // The load context every rendered page gets (declared in server/composition/load-context.ts).
  const loadContext: LoadContextFn = (request) => ({
    staffRuntime: staff,
    clientIp: request.ip,
    publicForms: forms,
    patientLinks: links,
    earlierOffers,
    freeTimes,
    reports,
    // Read when a render asks for it, so a data request (.data) draws no nonce it cannot use (decision 053).
    get cspNonce() {
      return request.cspNonce;
    },
  });
  if (site) {
    await registerBuiltPages(app, config, site, loadContext);
  } else {
    await registerDevPages(app, config, loadContext);
  }
  return app;
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes a function that
 * trusts that many proxies nearest the app (Fastify 5.12 deliberately trusts
 * nothing for a bare number, since a count cannot check who is connecting: the
 * app must then be reachable only through the proxy, as docs/deploy.md says).
 * A list of addresses/CIDRs is passed as is; "trust everything" never is.
 */
export function trustProxyOption(
  trust: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}

export function loadSite(config: Config, clientDir = CLIENT_BUILD_DIR, now?: () => Date): StaticSite {
  if (!fs.existsSync(clientDir)) {
    throw new Error(`No client build at ${clientDir}: run "npm run build" first`);
  }
  return StaticSite.load(clientDir, {
    publicBaseUrl: config.publicBaseUrl,
    now,
    referralForm: referralFormMaker(config),
  });
}

async function registerBuiltPages(app: FastifyInstance, config: Config, site: StaticSite, loadContext: LoadContextFn) {
  if (!fs.existsSync(SERVER_BUILD_FILE)) {
    throw new Error(`No server build at ${SERVER_BUILD_FILE}: run "npm run build" first`);
  }
  // Loaded with the first page React Router renders (server/http/react-router.ts).
  let build: Promise<ServerBuild> | undefined;
  const renderPage = reactRouterHandler(
    () => (build ??= import(SERVER_BUILD_FILE) as Promise<ServerBuild>),
    config.env,
    loadContext,
  );
  await pageFormRoutes(app, { config, render: renderPage });
  // One route for every page: a built file (from memory) when there is one, else React Router renders.
  // (One lookup in a Map costs less than hundreds of routes, one per file, to register at start.)
  app.all("/*", PAGE_FORM_ROUTE, async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") {
      const q = request.url.indexOf("?");
      const urlPath = q === -1 ? request.url : request.url.slice(0, q);
      if (site.has(urlPath)) {
        // In either language: /tn/details?name=… is rendered as /details?name=… is.
        const rendered = QUERY_RENDERED.get(unlocalisedPath(urlPath));
        if (q === -1 || !rendered?.(request.url.slice(q))) return site.send(request, reply, urlPath);
      } else if (urlPath.length > 1 && urlPath.endsWith("/") && site.isPage(urlPath.slice(0, -1))) {
        // A prerendered page answers at /<path>; /<path>/ redirects there.
        return reply.redirect(urlPath.slice(0, -1), 301);
      }
    }
    return renderPage(request, reply);
  });
}

async function registerDevPages(app: FastifyInstance, config: Config, loadContext: LoadContextFn) {
  const [{ default: middie }, vite] = await Promise.all([import("@fastify/middie"), import("vite")]);
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  await app.register(middie);
  app.use(devServer.middlewares);
  app.addHook("onClose", async () => devServer.close());
  const renderPage = reactRouterHandler(
    async () => (await devServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
    config.env,
    loadContext,
    { changes: true },
  );
  await pageFormRoutes(app, { config, render: renderPage });
  app.all("/*", PAGE_FORM_ROUTE, renderPage);
}
