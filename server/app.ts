import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import type { Config } from "./config";
import { ping, type Db } from "./db/index";
import { errorHandler } from "./error-handler";
import { loggerOptions } from "./logger";
import { reactRouterHandler } from "./react-router";
import securityHeaders from "./security-headers";
import { startMailWorker } from "./mail/worker";
import { drainUnreadBody, FORM_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES, refuseOversizedBody } from "./requests/body-limit";
import { messageBody, queryParam, single } from "./requests/http";
import { pageFormRoutes, publicForms } from "./requests/page-forms";
import { requestsPlugin } from "./requests/plugin";
import { startUploadSweep } from "./uploads/sweep";
import { staffLoadContext, staffPlugin } from "./staff/plugin";
import { staffRuntime } from "./staff/runtime";
import type { LoadContextFn } from "./types";

export interface AppOptions {
  config: Config;
  db: Db;
  /** Folder of the production client build; defaults to build/client. */
  clientDir?: string;
  /** Serve the pages (prerendered and rendered); off for API-only tests. */
  servePages?: boolean;
  /** Run the staff console's daily retention purge inside the server (default on). */
  schedulePurge?: boolean;
}

const ROOT = path.resolve(import.meta.dirname, "..");

/** Pages that read the query string are rendered per request, not served from prerendered HTML. */
const QUERY_RENDERED = new Set(["/details"]);

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
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    bodyLimit: JSON_BODY_MAX_BYTES,
  });
  // Routes declare their params, querystring, body and answers as zod schemas (fastify-type-provider-zod).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One error handler for the whole app (the public request endpoints answer in their own style).
  app.setErrorHandler(errorHandler);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Body limits: a declared body larger than its route's limit gets 413 before any parser runs.
  app.addHook("onRequest", refuseOversizedBody);
  // An answer given before the body was read waits for the rest to be discarded (bounded), so clients can read it.
  app.addHook("onSend", drainUnreadBody);
  await app.register(securityHeaders, {
    config,
    hashesFile: path.join(clientDir ?? path.join(ROOT, "build/client"), "../csp-hashes.json"),
  });

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
  app.addHook("onClose", async () => {
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
  await app.register(requestsPlugin, { config, db });
  // Background jobs run only in a listening server (not in inject tests): mail delivery and the upload sweep.
  const stopJobs: (() => Promise<void>)[] = [];
  app.addHook("onListen", async () => {
    if (stopJobs.length) return;
    stopJobs.push(startMailWorker(db, config, app.log), startUploadSweep(db, config, app.log));
  });
  app.addHook("preClose", async () => {
    await Promise.all(stopJobs.splice(0).map((stop) => stop()));
  });

  // Staff console: staff-only API, no-store on every staff response, daily retention purge.
  const staff = staffRuntime(db, config);
  await app.register(staffPlugin(staff, { schedulePurge }));

  api.all("/api/*", { schema: { response: { 404: messageBody } } }, async (_request, reply) =>
    reply.code(404).send({ message: "Not found" }),
  );

  if (!servePages) return app;
  const staffContext = staffLoadContext(staff);
  // The booking and contact pages' plain form posts (no JavaScript) go through the public endpoints' rules.
  const forms = await publicForms({ config, db, log: app.log });
  const loadContext: LoadContextFn = (request) => ({ ...staffContext(request), publicForms: forms });
  if (config.env === "development") {
    await registerDevPages(app, config, loadContext);
  } else {
    await registerBuiltPages(app, config, clientDir ?? path.join(ROOT, "build/client"), loadContext);
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

async function registerBuiltPages(app: FastifyInstance, config: Config, clientDir: string, loadContext: LoadContextFn) {
  if (!fs.existsSync(clientDir)) {
    throw new Error(`No client build at ${clientDir}: run "npm run build" first`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const rel = path.relative(clientDir, filePath);
      if (rel.startsWith(`assets${path.sep}`)) {
        reply.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        reply.header("cache-control", "public, max-age=0, must-revalidate");
      }
    },
  });

  // Prerendered pages: build/client/<path>/index.html is served at /<path>, with no redirect.
  for (const page of prerenderedPages(clientDir)) {
    app.get(page.url, async (request, reply) => {
      if (QUERY_RENDERED.has(page.url) && request.url.includes("?")) return renderPage(request, reply);
      return reply.sendFile(page.file);
    });
    if (page.url !== "/") {
      app.get(`${page.url}/`, async (request, reply) => reply.redirect(page.url, 301));
    }
  }

  const serverBuild = path.join(ROOT, "build/server/index.js");
  const build = (await import(serverBuild)) as ServerBuild;
  const renderPage = reactRouterHandler(async () => build, config.env, loadContext);
  await pageFormRoutes(app, { config, render: renderPage });
  app.all("/*", { bodyLimit: FORM_BODY_MAX_BYTES }, renderPage);
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
  );
  await pageFormRoutes(app, { config, render: renderPage });
  app.all("/*", { bodyLimit: FORM_BODY_MAX_BYTES }, renderPage);
}

/** Lists every prerendered page (a folder's index.html) as URL and file. */
export function prerenderedPages(clientDir: string): { url: string; file: string }[] {
  const pages: { url: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "assets") walk(full);
      else if (entry.name === "index.html") {
        const rel = path.relative(clientDir, full).split(path.sep).join("/");
        const url = "/" + rel.replace(/(^|\/)index\.html$/, "");
        pages.push({ url: url === "/" ? "/" : url, file: rel });
      }
    }
  };
  walk(clientDir);
  return pages;
}
